import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';

/** Spec §6: without can_pay the basket page says so, then goes home (the page runs the timer). */
export function CannotPayNotice() {
  return (
    <Alert variant="warning" data-testid="cannot-pay">
      <p className="mb-1">Sorry, orders can't be paid for on this site right now, so checkout is not available.</p>
      <p className="mb-0">
        Taking you back to the <Link to="/">menu</Link> in a few seconds…
      </p>
    </Alert>
  );
}
