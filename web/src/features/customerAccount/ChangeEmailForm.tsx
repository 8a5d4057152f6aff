import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { serverMessage } from '../../app/serverMessage';
import { useChangeEmailMutation } from '../auth/authApi';

/** A customer moves their account to another address; a link mailed there confirms it (issue 33). */
export function ChangeEmailForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [change, { isLoading, error, data, reset }] = useChangeEmailMutation();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if ('data' in (await change({ email, password }))) {
      setEmail('');
      setPassword('');
    }
  };

  return (
    <Form onSubmit={submit} aria-label="Change your email address" className="mb-4">
      <h2 className="h5">Change your email address</h2>
      {error && (
        <Alert variant="danger" role="alert">
          {serverMessage(error, 'Your address could not be changed; please try again.')}
        </Alert>
      )}
      {data && (
        <Alert variant="success" role="status" dismissible onClose={reset}>
          {data.message}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="new-email">
        <Form.Label>New email address</Form.Label>
        <Form.Control type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      </Form.Group>
      <Form.Group className="mb-3" controlId="change-email-password">
        <Form.Label>Current password</Form.Label>
        <Form.Control type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
      </Form.Group>
      <Button type="submit" disabled={isLoading}>
        Change email address
      </Button>
    </Form>
  );
}
