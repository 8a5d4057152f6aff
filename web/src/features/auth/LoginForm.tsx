import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { serverMessage } from '../../app/serverMessage';
import { HUMAN_CHECK_REQUIRED } from '../../../../src/shared/login-texts';
import { pathAfterLogin, type Role } from '../../../../src/shared/roles';
import { solveHumanCheck } from '../humanCheck/solveHumanCheck';
import { useLoginCodeMutation, useLoginMutation } from './authApi';

/** Where a back-office screen that asked someone to log in sends them back to (as the link's state, never the URL). */
export interface LoginReturn {
  from: string;
}

/** A path of this site the login came from, if any; otherwise the role's landing page. */
const afterLogin = (state: unknown, role: Role): string => pathAfterLogin((state as Partial<LoginReturn> | null)?.from, role);

export function LoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [login, { isLoading, error }] = useLoginMutation();
  const [checking, setChecking] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const [codeRequired, setCodeRequired] = useState(false);
  const [code, setCode] = useState('');
  const [sendCode, { isLoading: sendingCode, error: codeError }] = useLoginCodeMutation();
  const navigate = useNavigate();
  const { state } = useLocation();

  const submitCode = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await sendCode(code);
    if (result.data && 'user' in result.data) navigate(afterLogin(state, result.data.user.role));
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setCheckFailed(false);
    let result = await login({ email, password });
    // After several failed logins the server asks for proof of work; solve it and try once more.
    if ('error' in result && serverMessage(result.error, '') === HUMAN_CHECK_REQUIRED) {
      setChecking(true);
      try {
        result = await login({ email, password, human_check: await solveHumanCheck() });
      } catch {
        setCheckFailed(true);
        return;
      } finally {
        setChecking(false);
      }
    }
    if (result.data && 'codeRequired' in result.data) {
      setCodeRequired(true);
      return;
    }
    if (result.data && 'user' in result.data) navigate(afterLogin(state, result.data.user.role));
  };

  if (codeRequired) {
    return (
      <Form onSubmit={submitCode} aria-label="One-time code">
        {codeError && (
          <Alert variant="danger" role="alert" data-testid="login-error">
            {serverMessage(codeError, 'That code is not right')}
          </Alert>
        )}
        <Form.Group className="mb-3" controlId="login-code">
          <Form.Label>The code from your authenticator app</Form.Label>
          <Form.Control inputMode="numeric" autoComplete="one-time-code" required autoFocus value={code} onChange={(event) => setCode(event.target.value)} />
        </Form.Group>
        <Button type="submit" variant="primary" disabled={sendingCode}>
          Sign in
        </Button>
      </Form>
    );
  }

  return (
    <Form onSubmit={handleSubmit} aria-label="Login">
      {checking && (
        <Alert variant="info" role="status" data-testid="login-human-check">
          Checking you are human…
        </Alert>
      )}
      {!checking && (error || checkFailed) && (
        <Alert variant="danger" role="alert" data-testid="login-error">
          {checkFailed ? 'The human check failed; please try again.' : serverMessage(error, 'Login failed; please try again.')}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="login-email">
        <Form.Label>Email</Form.Label>
        <Form.Control
          type="email"
          name="email"
          autoComplete="username"
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="login-password">
        <Form.Label>Password</Form.Label>
        <Form.Control
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Form.Group>
      <Button type="submit" variant="primary" disabled={isLoading || checking}>
        {isLoading || checking ? 'Logging in…' : 'Login'}
      </Button>
    </Form>
  );
}
