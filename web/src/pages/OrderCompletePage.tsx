import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import { Link } from 'react-router';
import { londonTime } from '../../../src/shared/london-time';
import { OrderSummary } from '../features/order/OrderSummary';
import { isPlaced } from '../features/order/order';
import { useFetchOrderQuery } from '../features/order/orderApi';
import { useCheckoutSettings } from '../features/settings/useCheckoutSettings';

/** /order-complete: thanks, the reference, what was ordered, and how to pay for a phone order. */
export function OrderCompletePage() {
  const { phoneNoDisplay, fullAddress } = useCheckoutSettings();
  // Always asked afresh: the cached order may be the one from before it was placed.
  const { data: order, isFetching, isError } = useFetchOrderQuery(undefined, { refetchOnMountOrArgChange: true });

  if (isFetching) {
    return (
      <Spinner animation="border" role="status">
        <span className="visually-hidden">Loading your order…</span>
      </Spinner>
    );
  }
  if (isError || !order || !isPlaced(order)) {
    return (
      <section data-testid="order-complete" data-placed="false">
        <h1 className="h3">No completed order</h1>
        <p>
          There is no completed order to show. <Link to="/">Back to the menu</Link>
        </p>
      </section>
    );
  }

  if (order.status === 'CANCELLED') {
    return (
      <section data-testid="order-complete" data-placed="cancelled" data-ref={order.ref}>
        <h1 className="h3">{order.cancelled_because === 'lapsed' ? 'Order lapsed' : 'Order cancelled'}</h1>
        <p>
          Your order <strong data-testid="order-ref">{order.ref}</strong>{' '}
          {order.cancelled_because === 'lapsed'
            ? 'was not paid in time, so it has lapsed: it will not be cooked. Please order again if you still want it, or call us on'
            : 'was cancelled because it was not paid. Please call us on'}{' '}
          <strong>{phoneNoDisplay}</strong>
          {order.cancelled_because === 'lapsed' ? '.' : ' if you think this is wrong.'}
        </p>
        <p>
          <Link to="/">Back to the menu</Link>
        </p>
      </section>
    );
  }

  return (
    <section data-testid="order-complete" data-placed="true" data-ref={order.ref}>
      <h1 className="h3">Thank you for your order</h1>
      <p className="lead">
        Your order reference is <strong data-testid="order-ref">{order.ref}</strong>.
      </p>
      {order.status === 'AWAITING-PAYMENT' && (
        <Alert variant="info" data-testid="pay-by-phone-instructions">
          Please call us on <strong>{phoneNoDisplay}</strong> to pay for your order
          {order.lapse_at && (
            <>
              {' '}
              by <strong data-testid="lapse-at">{londonTime(order.lapse_at)}</strong>
            </>
          )}
          . We start cooking as soon as it is paid{order.lapse_at ? '; an order not paid by then lapses.' : '.'}
        </Alert>
      )}
      <OrderSummary order={order} caption="What you ordered" testId="order-complete-summary" />
      {order.ta_method === 'COLLECT' && (
        <p>
          Collect your order from <span className="fw-semibold">{fullAddress}</span>.
        </p>
      )}
      {order.ta_method === 'DELIVER' && (
        <p>We will deliver to {[order.address_1, order.town_city, order.postcode].filter(Boolean).join(', ')}.</p>
      )}
      <p>
        <Link to="/">Back to the menu</Link>
      </p>
    </section>
  );
}
