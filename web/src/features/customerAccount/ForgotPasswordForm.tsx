import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { serverMessage } from '../../app/serverMessage';
import { ACCOUNT_CHECK_REQUIRED } from '../../../../src/shared/account-texts';
import { solveHumanCheck } from '../humanCheck/solveHumanCheck';
import { useForgotPasswordMutation } from '../auth/authApi';

/** Asks for a link to choose a new password (issue 33); the answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [ask, { isLoading, error, data }] = useForgotPasswordMutation();
  const [checking, setChecking] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await ask({ email });
    if ('error' in result && serverMessage(result.error, '') === ACCOUNT_CHECK_REQUIRED) {
      setChecking(true);
      try {
        await ask({ email, human_check: await solveHumanCheck() });
      } finally {
        setChecking(false);
      }
    }
  };

  if (data) {
    return (
      <Alert variant="success" role="status" data-testid="forgot-done">
        {data.message}
      </Alert>
    );
  }
  return (
    <Form onSubmit={submit} aria-label="Forgotten password">
      {error && !checking && (
        <Alert variant="danger" role="alert">
          {serverMessage(error, 'The link could not be sent; please try again.')}
        </Alert>
      )}
      <Form.Group className="mb-3" controlId="forgot-email">
        <Form.Label>Your account's email</Form.Label>
        <Form.Control type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
      </Form.Group>
      <Button type="submit" disabled={isLoading || checking}>
        Send me a link
      </Button>
    </Form>
  );
}
