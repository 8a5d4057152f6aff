import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useShopSettings } from '../settings/useShopSettings';
import { useCheckoutWithNote } from './useCheckoutWithNote';

/**
 * The cart summary panel's 'Checkout' link. /checkout needs a saved order: in takeaway mode the basket page
 * asks Collect or Deliver first, so the link leads there; otherwise it saves the order and goes on.
 */
export function SummaryCheckoutLink() {
  const { isTakeaway } = useShopSettings();
  if (isTakeaway) {
    return (
      <Link to="/manageCart" data-testid="summary-checkout">
        Checkout
      </Link>
    );
  }
  return <SaveAndCheckoutLink />;
}

function SaveAndCheckoutLink() {
  const { checkout, isSaving } = useCheckoutWithNote();
  return (
    <Button variant="link" className="p-0 align-baseline" disabled={isSaving} onClick={checkout} data-testid="summary-checkout">
      Checkout
    </Button>
  );
}
