import { Link } from 'react-router';
import './DiscreetLogin.css';

export function DiscreetLogin() {
  return (
    <Link
      to="/login"
      className="discreet-login btn btn-dark"
      aria-label="Login"
      data-testid="discreet-login"
    >
      Login
    </Link>
  );
}
