import Button from 'react-bootstrap/Button';
import { useCheckoutWithNote } from './useCheckoutWithNote';

/** Outside takeaway mode the checkout area is this one button. */
export function CheckoutButton() {
  const { checkout, isSaving } = useCheckoutWithNote();

  return (
    <Button variant="success" size="lg" disabled={isSaving} onClick={checkout} data-testid="checkout">
      Checkout
    </Button>
  );
}
