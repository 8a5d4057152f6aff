import Badge from 'react-bootstrap/Badge';
import { REFUND_STANDING_TEXT } from '../../../../../src/shared/order';
import { formatPence } from '../../../app/money';
import type { LiveOrder } from './kitchenOrder';

/**
 * "REFUNDED" or "PART REFUNDED" with the amount (issue 35); a phone order's money went back by hand. A card refund
 * the provider refused shows as failed, for staff to refund again or by hand.
 */
export function RefundBadge({ order }: { order: LiveOrder }) {
  const byHand = order.payment_method === 'PHONE' ? ' by hand' : '';
  // A refused card refund stays in sight until staff give money back again.
  const failed = order.refund_failed > 0;
  return (
    <>
      {order.refund_standing !== 'NONE' && (
        <Badge bg="dark" data-testid="order-refund">
          {REFUND_STANDING_TEXT[order.refund_standing]} {formatPence(order.refunded)}
          {byHand}
        </Badge>
      )}
      {failed && (
        <Badge bg="danger" className="ms-1" data-testid="order-refund-failed">
          CARD REFUND FAILED {formatPence(order.refund_failed)}
        </Badge>
      )}
    </>
  );
}
