import { useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { caughtMessage } from '../../app/serverMessage';
import { STEP_UP_REQUIRED } from '../../../../src/shared/account-texts';
import { useConfirmPasswordMutation } from './accountsApi';

const askedForPassword = (caught: unknown) =>
  typeof caught === 'object' && caught !== null && 'data' in caught && (caught as { data?: { code?: unknown } }).data?.code === STEP_UP_REQUIRED;

/**
 * Runs a dangerous action (role change, disabling; later erasure, unmasking, refunds); when the server answers
 * that the password must be entered again, asks for it, then runs the action once more.
 */
export function useStepUp(): { run: (action: () => Promise<unknown>) => Promise<void>; prompt: ReactNode; error: string | null } {
  const [pending, setPending] = useState<(() => Promise<unknown>) | null>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [promptError, setPromptError] = useState<string | null>(null);
  const [confirm, { isLoading }] = useConfirmPasswordMutation();

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
    } catch (caught) {
      if (askedForPassword(caught)) setPending(() => action);
      else setError(caughtMessage(caught, 'That did not work; please try again.'));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPromptError(null);
    try {
      await confirm(password).unwrap();
    } catch (caught) {
      setPromptError(caughtMessage(caught, 'That password is not right'));
      return;
    }
    const action = pending!;
    setPending(null);
    setPassword('');
    await run(action);
  };

  const prompt = (
    <Modal show={pending !== null} onHide={() => setPending(null)} aria-labelledby="step-up-title">
      <Form onSubmit={submit} aria-label="Confirm your password">
        <Modal.Header closeButton>
          <Modal.Title id="step-up-title">Confirm your password</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p>This needs your password again (it was not entered in the last 5 minutes).</p>
          {promptError && (
            <Alert variant="danger" role="alert">
              {promptError}
            </Alert>
          )}
          <Form.Group controlId="step-up-password">
            <Form.Label>Your password</Form.Label>
            <Form.Control type="password" autoComplete="current-password" required autoFocus value={password} onChange={(event) => setPassword(event.target.value)} />
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setPending(null)}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={isLoading}>
            Confirm
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );

  return { run, prompt, error };
}
