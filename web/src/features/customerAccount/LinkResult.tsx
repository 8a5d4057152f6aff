import { useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import { serverMessage } from '../../app/serverMessage';
import { useConfirmEmailChangeMutation, useVerifyEmailMutation } from '../auth/authApi';

type Follow = typeof useVerifyEmailMutation | typeof useConfirmEmailChangeMutation;

/** A mailed link that acts as it is opened (confirming an address): sent once, and its answer shown. */
function FollowedLink({ token, useFollow, doing }: { token: string; useFollow: Follow; doing: string }) {
  const [follow, { data, error }] = useFollow();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    void follow(token);
  }, [token, follow]);

  if (data) {
    return (
      <Alert variant="success" role="status" data-testid="link-result">
        {data.message}
      </Alert>
    );
  }
  if (error) {
    return (
      <Alert variant="danger" role="alert" data-testid="link-result">
        {serverMessage(error, 'This link did not work; please try it again.')}
      </Alert>
    );
  }
  return (
    <Alert variant="info" role="status">
      {doing}
    </Alert>
  );
}

/** The link mailed at sign-up (`/login?verify=…`). */
export const VerifyEmail = ({ token }: { token: string }) => <FollowedLink token={token} useFollow={useVerifyEmailMutation} doing="Confirming your email address…" />;

/** The link mailed to a new address (`/login?email-change=…`). */
export const ConfirmEmailChange = ({ token }: { token: string }) => (
  <FollowedLink token={token} useFollow={useConfirmEmailChangeMutation} doing="Confirming your new email address…" />
);
