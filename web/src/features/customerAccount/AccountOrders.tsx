import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { serverMessage } from '../../app/serverMessage';
import { londonDateTimeText } from '../../../../src/shared/london-time';
import { ACCOUNT_STATUS_WORDS, type AccountOrderSummary } from '../../../../src/shared/order-summary';
import { OrderProgressPanel } from '../order/OrderProgressPanel';
import { useOrderProgressQuery } from '../order/progressApi';
import { useAccountOrdersQuery } from './accountOrdersApi';
import { ReorderButton } from './ReorderButton';

const when = londonDateTimeText;

/** The order's live steps (issue 31), asked for only once its line is opened. */
function LiveStatus({ orderId }: { orderId: string }) {
  const { data, error, isLoading } = useOrderProgressQuery({ orderId });
  if (isLoading) return <Spinner animation="border" size="sm" role="status" aria-label="Loading the order's status" />;
  if (error || !data) return <Alert variant="warning">{serverMessage(error, "This order's status could not be loaded; please try again.")}</Alert>;
  return <OrderProgressPanel progress={data.progress} />;
}

/** One past order: the spec's collapsible summary line, with every field of the order summary when opened. */
function OrderLine({ order }: { order: AccountOrderSummary }) {
  const [open, setOpen] = useState(false);
  const address = [order.address_1, order.address_2, order.address_3, order.town_city, order.postcode].filter(Boolean);
  return (
    <details className="border rounded p-2 mb-2" data-testid="account-order" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span className="fw-semibold" data-testid="account-order-ref">
          {order.ref}
        </span>{' '}
        · {when(order.placed_at)} · {order.display_amount} · <span data-testid="account-order-status">{ACCOUNT_STATUS_WORDS[order.status]}</span>
      </summary>
      <dl className="row mt-2 mb-0">
        <dt className="col-5">Items ({order.numItems})</dt>
        <dd className="col-7" data-testid="account-order-items">
          {order.itemsSummary}
        </dd>
        {order.formatted_postage && (
          <>
            <dt className="col-5">Postage</dt>
            <dd className="col-7">{order.formatted_postage}</dd>
          </>
        )}
        <dt className="col-5">Total</dt>
        <dd className="col-7">{order.display_amount}</dd>
        <dt className="col-5">Payment</dt>
        <dd className="col-7">{order.payment_method || '–'}</dd>
        <dt className="col-5">Name</dt>
        <dd className="col-7">{order.full_name || '–'}</dd>
        {address.length > 0 && (
          <>
            <dt className="col-5">Address</dt>
            <dd className="col-7">{address.join(', ')}</dd>
          </>
        )}
        <dt className="col-5">Completed</dt>
        <dd className="col-7">{order.completed_at ? when(order.completed_at) : 'Not yet'}</dd>
      </dl>
      {open && <LiveStatus orderId={order.id} />}
      <ReorderButton orderId={order.id} />
    </details>
  );
}

/** The account page's past orders (spec §2 `myAccount`), newest first, a page at a time. */
export function AccountOrders() {
  const [page, setPage] = useState(0);
  const { data, error, isLoading } = useAccountOrdersQuery(page, { refetchOnMountOrArgChange: true });
  return (
    <section id="myAccount" aria-labelledby="my-orders-heading" className="mb-4" data-testid="account-orders">
      <h2 className="h5" id="my-orders-heading">
        Your orders
      </h2>
      {isLoading && <Spinner animation="border" size="sm" role="status" aria-label="Loading your orders" />}
      {error && <Alert variant="danger">{serverMessage(error, 'Your orders could not be loaded; please try again.')}</Alert>}
      {data && data.orders.length === 0 && page === 0 && <p>You have no orders yet.</p>}
      {data?.orders.map((order) => <OrderLine key={order.id} order={order} />)}
      {data && (page > 0 || data.hasMore) && (
        <nav aria-label="Pages of your orders" className="d-flex gap-2">
          <Button variant="outline-secondary" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Newer orders
          </Button>
          <Button variant="outline-secondary" size="sm" disabled={!data.hasMore} onClick={() => setPage(page + 1)}>
            Older orders
          </Button>
        </nav>
      )}
    </section>
  );
}
