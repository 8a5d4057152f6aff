import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { serverMessage } from '../../app/serverMessage';
import { ACCOUNT_CHECK_REQUIRED, PASSWORD_RULES, passwordProblem } from '../../../../src/shared/account-texts';
import { NewPasswordField } from '../accounts/NewPasswordField';
import { solveHumanCheck } from '../humanCheck/solveHumanCheck';
import { useRegisterMutation } from '../auth/authApi';

/** A customer signs up with an email address and a password; a mailed link confirms the address (issue 33). */
export function RegisterForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [checking, setChecking] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const [register, { isLoading, error, data }] = useRegisterMutation();
  const problem = passwordProblem(password, email);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    setCheckFailed(false);
    if (problem) return;
    let result = await register({ email, password });
    // After a few sign-ups from one network the server asks for proof of work; solve it and try once more.
    if ('error' in result && serverMessage(result.error, '') === ACCOUNT_CHECK_REQUIRED) {
      setChecking(true);
      try {
        result = await register({ email, password, human_check: await solveHumanCheck() });
      } catch {
        setCheckFailed(true);
        return;
      } finally {
        setChecking(false);
      }
    }
    if ('data' in result) setPassword('');
  };

  if (data) {
    return (
      <Alert variant="success" role="status" data-testid="register-done">
        {data.message}
      </Alert>
    );
  }
  return (
    <Form onSubmit={submit} aria-label="Create an account" noValidate data-testid="register-form">
      {checking && (
        <Alert variant="info" role="status">
          Checking you are human…
        </Alert>
      )}
      {!checking && (error || checkFailed) && (
        <Alert variant="danger" role="alert" data-testid="register-error">
          {checkFailed ? 'The human check failed; please try again.' : serverMessage(error, 'Your account could not be opened; please try again.')}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="register-email">
        <Form.Label>Email</Form.Label>
        <Form.Control type="email" name="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      </Form.Group>
      <NewPasswordField id="register-password" label="Choose a password" value={password} onChange={setPassword} problem={problem} showProblem={touched} rules={PASSWORD_RULES} />
      <Button type="submit" variant="outline-primary" disabled={isLoading || checking}>
        {isLoading || checking ? 'Creating your account…' : 'Create account'}
      </Button>
    </Form>
  );
}
