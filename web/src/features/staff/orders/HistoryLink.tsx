import { Link } from 'react-router';
import { orderHistoryPath } from '../../../../../src/shared/order-timeline';
import { useMeQuery } from '../../auth/authApi';
import { hasRole } from '../roles';
import type { LiveOrder } from './kitchenOrder';

/** A manager's way from a live order to its whole story (issue 40 item 1); other staff do not see it, and the server refuses them too. */
export function HistoryLink({ order }: { order: LiveOrder }) {
  const { data: user } = useMeQuery();
  if (!hasRole(user?.role, 'manager')) return null;
  return (
    <Link to={orderHistoryPath(order.id)} className="btn btn-outline-secondary btn-sm mt-1" aria-label={`History of order ${order.ref}`} data-testid="order-history">
      History
    </Link>
  );
}
