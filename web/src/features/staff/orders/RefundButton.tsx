import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useMeQuery } from '../../auth/authApi';
import { hasRole } from '../roles';
import type { LiveOrder } from './kitchenOrder';
import { RefundDialog } from './RefundDialog';

/**
 * A manager's Refund on an order some of whose money can still go back (the server says how much); other staff
 * do not see it, and the server refuses them too.
 */
export function RefundButton({ order }: { order: LiveOrder }) {
  const { data: user } = useMeQuery();
  const [open, setOpen] = useState(false);
  if (!hasRole(user?.role, 'manager') || order.refundable === 0) return null;
  return (
    <>
      <Button variant="outline-dark" size="sm" className="mt-1" onClick={() => setOpen(true)} aria-label={`Refund order ${order.ref}`} data-testid="refund-open">
        Refund
      </Button>
      {open && <RefundDialog order={order} onClose={() => setOpen(false)} />}
    </>
  );
}
