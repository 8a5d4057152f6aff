import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import type { PaymentMethod } from '../order/order';
import { useAvailablePaymentMethodsQuery } from '../order/orderApi';
import { PayByPhoneButton } from './PayByPhoneButton';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { isPaymentReady } from './paymentMethods';

/** Spec §2 "Payment section": the shop's methods (a single one chosen for the customer) and the way to pay. */
export function PaymentSection({ phoneNoDisplay }: { phoneNoDisplay: string }) {
  const { data: methods, isLoading, isError } = useAvailablePaymentMethodsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [picked, setPicked] = useState<PaymentMethod | null>(null);
  const chosen = methods?.length === 1 ? methods[0] : picked;

  return (
    <Card as="section" className="mb-3" aria-labelledby="payment-heading" data-testid="payment-section">
      <Card.Body>
        <Card.Title as="h2" id="payment-heading" className="h5 mb-3">
          Payment
        </Card.Title>
        {isLoading && (
          <Spinner animation="border" size="sm" role="status">
            <span className="visually-hidden">Loading the payment methods…</span>
          </Spinner>
        )}
        {isError && <Alert variant="danger">Problem fetching available payment methods</Alert>}
        {methods?.length === 0 && (
          <Alert variant="warning" data-testid="no-payment-methods">
            No payment method(s) have been set up for this site - you cannot complete your order right now
          </Alert>
        )}
        {methods && methods.length > 0 && <PaymentMethodChoice methods={methods} chosen={chosen} onChoose={setPicked} />}
        {chosen === 'phone' && <PayByPhoneButton phoneNoDisplay={phoneNoDisplay} />}
        {chosen && !isPaymentReady(chosen) && (
          <Alert variant="info" className="mb-0">
            {chosen === 'card'
              ? 'Unable to proceeed with credit card payment right now, please pick another payment method (if possible) or try later'
              : 'Unable to proceed with PayPal payment right now, please pick another payment method (if possible) or try later'}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
