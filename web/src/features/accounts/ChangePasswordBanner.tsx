import { Link } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import { useMeQuery } from '../auth/authApi';

/** The admin made at first start with a generated password sees this on every page until they choose their own. */
export function ChangePasswordBanner() {
  const { data: user } = useMeQuery();
  if (!user?.mustChangePassword) return null;
  return (
    <Alert variant="warning" className="mb-0 rounded-0 text-center" data-testid="change-password-banner">
      You are signed in with the password made at first start. <Link to="/account">Choose your own password</Link>.
    </Alert>
  );
}
