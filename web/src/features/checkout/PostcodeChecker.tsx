import Form from 'react-bootstrap/Form';
import type { PostcodeChecking } from './usePostcodeCheck';

interface PostcodeCheckerProps {
  radiusMiles: number;
  checking: PostcodeChecking;
  onTextChange: (text: string) => void;
}

/** Spec §2 "Postcode checker": the question, the input and the status line. */
export function PostcodeChecker({ radiusMiles, checking, onTextChange }: PostcodeCheckerProps) {
  return (
    <Form.Group className="mb-3" controlId="postcode-check">
      <Form.Label>
        We deliver within a {radiusMiles} miles radius. Enter your postcode to check if we can deliver to you:
      </Form.Label>
      <Form.Control
        type="text"
        placeholder="your postcode"
        autoComplete="postal-code"
        maxLength={20}
        value={checking.text}
        onChange={(event) => onTextChange(event.target.value)}
        aria-describedby="postcode-status"
        className="w-auto"
        data-testid="postcode-input"
      />
      <Form.Text id="postcode-status" as="div" role="status" data-testid="postcode-status">
        {checking.statusText}
      </Form.Text>
    </Form.Group>
  );
}
