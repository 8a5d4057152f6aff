import Button from 'react-bootstrap/Button';
import { telHref } from '../../../../src/shared/contact';
import { usePayByPhone } from './usePayByPhone';

/** Spec §2 "Payment section": places the order to be paid by phone; disabled and saying so while it is placed. */
export function PayByPhoneButton({ phoneNoDisplay }: { phoneNoDisplay: string }) {
  const { payByPhone, isPlacing } = usePayByPhone();

  return (
    <div>
      <p className="mb-2">
        Place your order now, then call us on{' '}
        <a href={telHref(phoneNoDisplay)} className="fw-semibold">
          {phoneNoDisplay}
        </a>{' '}
        to pay. We start cooking as soon as it is paid.
      </p>
      <Button variant="success" size="lg" disabled={isPlacing} onClick={payByPhone} data-testid="pay-by-phone">
        {isPlacing ? 'Your order is being processed' : `Place order & pay by phone (${phoneNoDisplay})`}
      </Button>
    </div>
  );
}
