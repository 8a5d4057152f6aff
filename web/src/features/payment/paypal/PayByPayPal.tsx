import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { PAYPAL_UNAVAILABLE } from '../../../../../src/shared/payment-texts';
import { useFetchOrderQuery } from '../../order/orderApi';
import { usePaypalKeyQuery } from '../card/cardApi';
import { usePayByCard } from '../card/usePayByCard';
import { FakePayPalButtons } from './FakePayPalButtons';
import { PayPalButtons } from './PayPalButtons';

const loading = (
  <Spinner animation="border" size="sm" role="status">
    <span className="visually-hidden">Loading PayPal…</span>
  </Spinner>
);

/**
 * Spec §2 "Payment section", PayPal (issue 36): PayPal's buttons for the order's total, or the spec's
 * PayPal-unavailable text. The payment takes the card's path (usePayByCard with PAYPAL): the server makes the
 * PayPal order, the payer approves it in PayPal's window, and the server captures it on `/complete-order`.
 */
export function PayByPayPal() {
  const key = usePaypalKeyQuery();
  const { data: order } = useFetchOrderQuery();
  const { pay, resume, open, isPlacing } = usePayByCard(order?.id, 'PAYPAL');

  if (key.isLoading || !order) return loading;
  if (key.isError || !key.data?.status || !key.data.value) return <Alert variant="info" className="mb-0">{key.data?.message ?? PAYPAL_UNAVAILABLE}</Alert>;
  if (key.data.fakeApiUrl) return <FakePayPalButtons apiUrl={key.data.fakeApiUrl} totalPence={order.total_cost} isPlacing={isPlacing} onPay={pay} />;
  return <PayPalButtons clientId={key.data.value} isPlacing={isPlacing} createOrder={open} onApprove={resume} />;
}
