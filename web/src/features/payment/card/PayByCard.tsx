import { lazy, Suspense, useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { CARD_UNAVAILABLE } from '../../../../../src/shared/payment-texts';
import { useFetchOrderQuery } from '../../order/orderApi';
import { useStripeKeyQuery } from './cardApi';
import { FakeCardForm } from './FakeCardForm';
import { usePayByCard } from './usePayByCard';

const StripeCardForm = lazy(() => import('./StripeCardForm'));

const loading = (
  <Spinner animation="border" size="sm" role="status">
    <span className="visually-hidden">Loading the card form…</span>
  </Spinner>
);

/** Spec §2 "Payment section", card: the provider's form for the order's total, or the card-unavailable text. */
export function PayByCard({ returnedIntent }: { returnedIntent: string | null }) {
  const key = useStripeKeyQuery();
  const { data: order } = useFetchOrderQuery();
  const { pay, resume, isPlacing } = usePayByCard(order?.id);
  const resumed = useRef(false);

  useEffect(() => {
    if (!returnedIntent || resumed.current) return;
    resumed.current = true;
    void resume(returnedIntent);
  }, [returnedIntent, resume]);

  if (key.isLoading || !order) return loading;
  if (key.isError || !key.data?.status || !key.data.value) return <Alert variant="info" className="mb-0">{key.data?.message ?? CARD_UNAVAILABLE}</Alert>;
  if (key.data.fakeApiUrl) return <FakeCardForm apiUrl={key.data.fakeApiUrl} totalPence={order.total_cost} isPlacing={isPlacing} onPay={pay} />;
  return (
    <Suspense fallback={loading}>
      <StripeCardForm publishableKey={key.data.value} totalPence={order.total_cost} isPlacing={isPlacing} onPay={pay} />
    </Suspense>
  );
}
