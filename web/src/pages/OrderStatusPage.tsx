import Spinner from 'react-bootstrap/Spinner';
import { Link, useParams, useSearchParams } from 'react-router';
import { telHref } from '../../../src/shared/contact';
import { CALL_THE_SHOP, STATUS_LINK_REFUSED, STATUS_LINK_REFUSED_TITLE, STATUS_NOT_LOADED, STATUS_PAGE_HEADING } from '../../../src/shared/order-status-texts';
import { OrderProgressPanel } from '../features/order/OrderProgressPanel';
import { useOrderProgressQuery } from '../features/order/progressApi';
import { useCheckoutSettings } from '../features/settings/useCheckoutSettings';

/** A refusal (403: wrong, expired or altered) or an order the link names but the shop has not (404). */
const isRefusal = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && (error.status === 403 || error.status === 404);

/**
 * /order-status/:id?expires=&signature=: the confirmation mail's signed link (issue 31), on any device, for 48
 * hours. It shows where the order is, live; a link that does not hold shows plain words and no order.
 */
export function OrderStatusPage() {
  const { id = '' } = useParams();
  const [query] = useSearchParams();
  const { phoneNoDisplay } = useCheckoutSettings();
  const { data: followed, error, isLoading } = useOrderProgressQuery({ orderId: id, expires: query.get('expires') ?? undefined, signature: query.get('signature') ?? undefined });

  if (isLoading) {
    return (
      <Spinner animation="border" role="status">
        <span className="visually-hidden">Loading your order…</span>
      </Spinner>
    );
  }
  if (!followed) {
    const refused = isRefusal(error);
    return (
      <section data-testid="order-status" data-refused={refused}>
        <h1 className="h3">{refused ? STATUS_LINK_REFUSED_TITLE : STATUS_PAGE_HEADING}</h1>
        <p data-testid="order-status-problem">{refused ? STATUS_LINK_REFUSED : STATUS_NOT_LOADED}</p>
        <p>
          {CALL_THE_SHOP}{' '}
          <a href={telHref(phoneNoDisplay)} className="fw-semibold" data-testid="shop-phone">
            {phoneNoDisplay}
          </a>
          .
        </p>
        <p>
          <Link to="/">Back to the menu</Link>
        </p>
      </section>
    );
  }
  return (
    <section data-testid="order-status" data-ref={followed.progress.ref}>
      <h1 className="h3">
        {STATUS_PAGE_HEADING} <span data-testid="order-ref">{followed.progress.ref}</span>
      </h1>
      <OrderProgressPanel progress={followed.progress} />
      <p>
        <Link to="/">Back to the menu</Link>
      </p>
    </section>
  );
}
