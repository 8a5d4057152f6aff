import Collapse from 'react-bootstrap/Collapse';
import { ALLERGEN_TEXTS } from '../../../../../src/shared/allergens';
import { formatPence } from '../../../app/money';
import { itemCount, type LiveOrder } from './kitchenOrder';
import { ExpandToggle } from './ExpandToggle';

/** [Qty] Items: the count, and the lines on demand. */
export function ItemsCell({ order, expanded, onToggle }: { order: LiveOrder; expanded: boolean; onToggle: () => void }) {
  const itemsId = `order-${order.id}-items`;
  return (
    <td data-label="Items">
      <div>[{itemCount(order)}] Items</div>
      {/* Never folded away: the cook must see it before cooking (issue 27). */}
      {order.allergy_info && (
        <div className="small fw-bold border border-dark rounded px-1 my-1" style={{ whiteSpace: 'pre-line' }} data-testid="order-allergy-info">
          {ALLERGEN_TEXTS.allergyFieldLabel}: {order.allergy_info}
        </div>
      )}
      <ExpandToggle expanded={expanded} controls={itemsId} label="items" onToggle={onToggle} />
      <Collapse in={expanded}>
        <div id={itemsId}>
          <ul className="list-unstyled small mb-0" data-testid="order-items">
            {order.order_items.map((item, index) => (
              <li key={index}>
                {item.quantity} x {item.name} <span className="text-muted">{formatPence(item.price * item.quantity)}</span>
              </li>
            ))}
          </ul>
        </div>
      </Collapse>
    </td>
  );
}
