import Alert from 'react-bootstrap/Alert';
import { Link } from 'react-router';

export type CheckoutProblem = 'no-order' | 'fetch-failed' | 'placed' | 'no-method' | null;

/** Spec §2 "Checkout page": the errors area, first on the page, for what stops this checkout going on. */
export function CheckoutErrors({ problem, cartLabel }: { problem: CheckoutProblem; cartLabel: string }) {
  return (
    <div aria-live="polite" data-testid="checkout-errors">
      {problem === 'no-order' && (
        <Alert variant="warning">
          There is no order to check out yet. <Link to="/manageCart">Go to your {cartLabel}</Link> to start one.
        </Alert>
      )}
      {problem === 'fetch-failed' && (
        // Not the spec's PROBLEM text, which names a refusal by the shop: this line stands for any failure.
        <Alert variant="danger">Your order could not be fetched just now. We keep trying; you can also reload the page.</Alert>
      )}
      {problem === 'placed' && (
        <Alert variant="info">
          This order has already been placed. <Link to="/order-complete">See your order</Link>
        </Alert>
      )}
      {problem === 'no-method' && (
        <Alert variant="warning">
          Please choose collection or delivery first: <Link to="/manageCart">back to your {cartLabel}</Link>
        </Alert>
      )}
    </div>
  );
}
