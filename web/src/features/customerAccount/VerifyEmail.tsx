import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import { serverMessage } from '../../app/serverMessage';
import { useVerifyEmailMutation } from '../auth/authApi';

/** The sign-in page opened from the mailed link (`/login?verify=…`): confirms the address once, and says so. */
export function VerifyEmail({ token }: { token: string }) {
  const [verify, { data, error }] = useVerifyEmailMutation();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void verify(token);
  }, [token, verify]);

  if (data) {
    return (
      <Alert variant="success" role="status" data-testid="verify-email-result">
        {data.message}
      </Alert>
    );
  }
  if (error) {
    return (
      <Alert variant="danger" role="alert" data-testid="verify-email-result">
        {serverMessage(error, 'Your address could not be confirmed; please try the link again.')}
      </Alert>
    );
  }
  return (
    <Alert variant="info" role="status">
      Confirming your email address…
    </Alert>
  );
}
