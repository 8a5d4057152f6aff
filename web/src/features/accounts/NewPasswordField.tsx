import Form from 'react-bootstrap/Form';

/** A new password's field, with the rules below it and the problem once the person has tried to save. */
export function NewPasswordField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  problem: string | null;
  showProblem: boolean;
  rules: string;
  autoFocus?: boolean;
}) {
  const rulesId = `${props.id}-rules`;
  return (
    <Form.Group className="mb-3" controlId={props.id}>
      <Form.Label>{props.label}</Form.Label>
      <Form.Control
        type="password"
        autoComplete="new-password"
        required
        autoFocus={props.autoFocus}
        value={props.value}
        isInvalid={props.showProblem && props.problem !== null}
        aria-describedby={rulesId}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <Form.Control.Feedback type="invalid">{props.problem}</Form.Control.Feedback>
      <Form.Text id={rulesId}>{props.rules}</Form.Text>
    </Form.Group>
  );
}
