import Button from 'react-bootstrap/Button';
import type { MethodChoice } from './useProceedToCheckout';
import { useProceedToCheckout } from './useProceedToCheckout';

/** Spec §2: 'Proceed to Checkout' once a method is chosen and priced; a disabled 'Checkout' until then. */
export function ProceedToCheckoutButton({ choice }: { choice: MethodChoice | null }) {
  const { proceed, isProceeding } = useProceedToCheckout();

  return (
    <Button
      variant="success"
      size="lg"
      disabled={!choice || isProceeding}
      onClick={() => choice && proceed(choice)}
      data-testid="proceed-to-checkout"
    >
      {choice ? 'Proceed to Checkout' : 'Checkout'}
    </Button>
  );
}
