import Collapse from 'react-bootstrap/Collapse';
import { addressLines, isDelivery, type LiveOrder } from './kitchenOrder';
import { ExpandToggle } from './ExpandToggle';

/** Name & Address: the name and phone, the method, and the address on demand. */
export function CustomerCell({ order, expanded, onToggle }: { order: LiveOrder; expanded: boolean; onToggle: () => void }) {
  const addressId = `order-${order.id}-address`;
  return (
    <td className="order-customer-cell" data-label="Name & Address">
      <div className="fw-semibold">{order.full_name}</div>
      <div className="small">{order.phone_number}</div>
      <div className="small text-uppercase">{isDelivery(order) ? 'Delivery' : 'Collect'}</div>
      <ExpandToggle expanded={expanded} controls={addressId} label="address" onToggle={onToggle} />
      <Collapse in={expanded}>
        <div id={addressId}>
          <address className="small mb-0">
            {order.email && <div>{order.email}</div>}
            {addressLines(order).map((line, index) => (
              <div key={index}>{line}</div>
            ))}
            {order.extra_info && <div className="fst-italic">Note: {order.extra_info}</div>}
          </address>
        </div>
      </Collapse>
    </td>
  );
}
