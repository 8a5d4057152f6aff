import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { serverMessage } from '../../app/serverMessage';
import { PASSWORD_RULES, passwordProblem } from '../../../../src/shared/account-texts';
import { NewPasswordField } from './NewPasswordField';
import { useChangePasswordMutation } from './accountsApi';

export function ChangePasswordForm({ email }: { email: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [touched, setTouched] = useState(false);
  const [change, { isLoading, error, data, reset }] = useChangePasswordMutation();
  const problem = passwordProblem(next, email);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    const result = await change({ current_password: current, new_password: next });
    if ('data' in result) {
      setCurrent('');
      setNext('');
      setTouched(false);
    }
  };

  return (
    <Form onSubmit={submit} aria-label="Change your password" noValidate className="mb-4">
      <h2 className="h5">Change your password</h2>
      {error && (
        <Alert variant="danger" role="alert">
          {serverMessage(error, 'Your password could not be changed; please try again.')}
        </Alert>
      )}
      {data && (
        <Alert variant="success" role="status" dismissible onClose={reset}>
          {data.message}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="current-password">
        <Form.Label>Current password</Form.Label>
        <Form.Control type="password" autoComplete="current-password" required value={current} onChange={(event) => setCurrent(event.target.value)} />
      </Form.Group>
      <NewPasswordField id="new-password" label="New password" value={next} onChange={setNext} problem={problem} showProblem={touched} rules={PASSWORD_RULES} />
      <Button type="submit" disabled={isLoading}>
        Change password
      </Button>
    </Form>
  );
}
