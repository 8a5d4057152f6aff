import { useSearchParams } from 'react-router';
import { OrderSearch } from '../../features/staff/history/OrderSearch';
import { OrderTimelineView } from '../../features/staff/history/OrderTimelineView';
import { RequireRole } from '../../features/staff/RequireRole';

const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /takeaway-history: find an order by its reference, and read its whole story (issue 40 item 1, managers). */
export function OrderHistoryPage() {
  const [params] = useSearchParams();
  const orderId = params.get('order');
  return (
    <RequireRole role="manager">
      <h1 className="h3 mb-3">Order history</h1>
      <OrderSearch />
      {orderId && ORDER_ID.test(orderId) && <OrderTimelineView key={orderId} orderId={orderId} />}
    </RequireRole>
  );
}
