import Badge from 'react-bootstrap/Badge';
import { REFUND_STANDING_TEXT } from '../../../../../src/shared/order';
import { formatPence } from '../../../app/money';
import type { LiveOrder } from './kitchenOrder';

/** "REFUNDED" or "PART REFUNDED" with the amount (issue 35); a phone order's money went back by hand. */
export function RefundBadge({ order }: { order: LiveOrder }) {
  if (order.refund_standing === 'NONE') return null;
  const byHand = order.payment_method === 'PHONE' ? ' by hand' : '';
  return (
    <Badge bg="dark" data-testid="order-refund">
      {REFUND_STANDING_TEXT[order.refund_standing]} {formatPence(order.refunded)}
      {byHand}
    </Badge>
  );
}
