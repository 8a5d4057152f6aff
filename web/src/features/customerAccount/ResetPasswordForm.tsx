import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { serverMessage } from '../../app/serverMessage';
import { PASSWORD_RULES, passwordProblem } from '../../../../src/shared/account-texts';
import { NewPasswordField } from '../accounts/NewPasswordField';
import { useResetPasswordMutation } from '../auth/authApi';

/** The forgotten-password link (`/login?reset=…`): the new password, once; then the person signs in with it. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [reset, { isLoading, error, data }] = useResetPasswordMutation();
  // The address is not known here; the server checks it is not the password.
  const problem = passwordProblem(password, '');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    if ('data' in (await reset({ token, password }))) onDone();
  };

  if (data) {
    return (
      <Alert variant="success" role="status" data-testid="reset-done">
        {data.message}
      </Alert>
    );
  }
  return (
    <Form onSubmit={submit} aria-label="Choose a new password" noValidate className="mb-4">
      {error && (
        <Alert variant="danger" role="alert" data-testid="reset-error">
          {serverMessage(error, 'Your password could not be set; please try again.')}
        </Alert>
      )}
      <NewPasswordField id="reset-password" label="New password" value={password} onChange={setPassword} problem={problem} showProblem={touched} rules={PASSWORD_RULES} autoFocus />
      <Button type="submit" disabled={isLoading}>
        Set my new password
      </Button>
    </Form>
  );
}
