import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { NO_PAYMENT_METHODS } from '../../../../src/shared/payment-texts';
import { useSearchParams } from 'react-router';
import type { PaymentMethod } from '../order/order';
import { paymentMethodsFailed, useAvailablePaymentMethodsQuery, useFetchOrderQuery } from '../order/orderApi';
import { PayByCard } from './card/PayByCard';
import { PayByPayPal } from './paypal/PayByPayPal';
import { PayByPhoneButton } from './PayByPhoneButton';
import { PaymentMethodChoice } from './PaymentMethodChoice';
import { usePaymentMethodChoice } from './usePaymentMethodChoice';

/** Spec §2 "Payment section": the shop's methods (a single one chosen for the customer) and the way to pay. */
export function PaymentSection({ phoneNoDisplay }: { phoneNoDisplay: string }) {
  const { data: methods, isLoading, error } = useAvailablePaymentMethodsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data: order } = useFetchOrderQuery();
  const saved = order?.payment_method ? (order.payment_method.toLowerCase() as PaymentMethod) : null;
  const { chosen, choose } = usePaymentMethodChoice(methods, saved);
  // Back from Stripe's page (3-D Secure): the payment named in the return URL is asked about, whatever is chosen.
  const [params] = useSearchParams();
  const returnedIntent = params.get('payment_intent');

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
        {error && <Alert variant="danger">{paymentMethodsFailed(error)}</Alert>}
        {methods?.length === 0 && (
          <Alert variant="warning" data-testid="no-payment-methods">
            {NO_PAYMENT_METHODS}
          </Alert>
        )}
        {methods && methods.length > 0 && <PaymentMethodChoice methods={methods} chosen={chosen} onChoose={choose} />}
        {chosen === 'phone' && <PayByPhoneButton phoneNoDisplay={phoneNoDisplay} />}
        {(chosen === 'card' || returnedIntent) && <PayByCard returnedIntent={returnedIntent} />}
        {chosen === 'paypal' && <PayByPayPal />}
      </Card.Body>
    </Card>
  );
}
