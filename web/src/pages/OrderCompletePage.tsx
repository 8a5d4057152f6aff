import { skipToken } from '@reduxjs/toolkit/query';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { NO_COMPLETED_ORDER, ORDER_COMPLETE_HEADINGS } from '../../../src/shared/order-status-texts';
import { OrderProgressPanel } from '../features/order/OrderProgressPanel';
import { OrderSummary } from '../features/order/OrderSummary';
import { isPlaced } from '../features/order/order';
import { useFetchOrderQuery } from '../features/order/orderApi';
import { useOrderProgressQuery } from '../features/order/progressApi';
import { useCheckoutSettings } from '../features/settings/useCheckoutSettings';

/**
 * /order-complete: thanks, the reference, where the order is (live, issue 31), what was ordered, and how to pay
 * for a phone order.
 */
export function OrderCompletePage() {
  const { fullAddress } = useCheckoutSettings();
  // Always asked afresh: the cached order may be the one from before it was placed.
  const { data: order, isFetching, isError } = useFetchOrderQuery(undefined, { refetchOnMountOrArgChange: true });
  const placed = order && isPlaced(order) ? order : undefined;
  const { data: followed, isError: noProgress } = useOrderProgressQuery(placed ? { orderId: placed.id } : skipToken);

  if (isFetching || (placed && !followed && !noProgress)) {
    return (
      <Spinner animation="border" role="status">
        <span className="visually-hidden">Loading your order…</span>
      </Spinner>
    );
  }
  if (isError || !placed) {
    return (
      <section data-testid="order-complete" data-placed="false">
        <h1 className="h3">{ORDER_COMPLETE_HEADINGS.none}</h1>
        <p>
          {NO_COMPLETED_ORDER} <Link to="/">Back to the menu</Link>
        </p>
      </section>
    );
  }

  // The steps say it, live; should they fail, the order as fetched still does.
  const step = followed?.progress.current ?? (placed.status === 'CANCELLED' ? (placed.cancelled_because === 'lapsed' ? 'lapsed' : 'cancelled') : undefined);
  const over = step === 'lapsed' || step === 'cancelled';
  return (
    <section data-testid="order-complete" data-placed={over ? 'cancelled' : 'true'} data-ref={placed.ref}>
      <h1 className="h3">{step === 'lapsed' ? ORDER_COMPLETE_HEADINGS.lapsed : step === 'cancelled' ? ORDER_COMPLETE_HEADINGS.cancelled : ORDER_COMPLETE_HEADINGS.thanks}</h1>
      <p className="lead">
        Your order reference is <strong data-testid="order-ref">{placed.ref}</strong>.
      </p>
      {followed && <OrderProgressPanel progress={followed.progress} />}
      {!over && (
        <>
          <OrderSummary order={placed} caption="What you ordered" testId="order-complete-summary" />
          {placed.ta_method === 'COLLECT' && (
            <p>
              Collect your order from <span className="fw-semibold">{fullAddress}</span>.
            </p>
          )}
          {placed.ta_method === 'DELIVER' && <p>We will deliver to {[placed.address_1, placed.town_city, placed.postcode].filter(Boolean).join(', ')}.</p>}
        </>
      )}
      <p>
        <Link to="/">Back to the menu</Link>
      </p>
    </section>
  );
}
