import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useMeQuery } from '../../auth/authApi';
import { hasRole } from '../roles';
import type { LiveOrder } from './kitchenOrder';
import { RefundDialog } from './RefundDialog';

/** Whether money can still go back on this order from the shop: paid, not all of it back, not PayPal (refunded in PayPal). */
export const canRefund = (order: LiveOrder) =>
  order.status !== 'AWAITING-PAYMENT' && order.status !== 'CANCELLED' && order.refund_standing !== 'FULL' && order.payment_method !== 'PAYPAL';

/** A manager's Refund on a paid order (issue 35); other staff do not see it, and the server refuses them too. */
export function RefundButton({ order }: { order: LiveOrder }) {
  const { data: user } = useMeQuery();
  const [open, setOpen] = useState(false);
  if (!hasRole(user?.role, 'manager') || !canRefund(order)) return null;
  return (
    <>
      <Button variant="outline-dark" size="sm" className="mt-1" onClick={() => setOpen(true)} aria-label={`Refund order ${order.ref}`} data-testid="refund-open">
        Refund
      </Button>
      {open && <RefundDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}
