import type { AlarmMinutes } from './UnprintedAlarm';
import { useState } from 'react';
import { formatPence } from '../../../app/money';
import { CustomerCell } from './CustomerCell';
import { DueCell } from './DueCell';
import { HistoryLink } from './HistoryLink';
import { ItemsCell } from './ItemsCell';
import type { LiveOrder, OrderStatus } from './kitchenOrder';
import { PreviewButton } from './PreviewButton';
import { RefundButton } from './RefundButton';
import { StatusCell } from './StatusCell';
import { londonTime } from './times';
import './liveOrders.css';

const ROW_CLASS: Record<OrderStatus, string> = {
  NEW: 'table-danger',
  'AWAITING-PAYMENT': 'table-warning',
  SCHEDULED: 'order-scheduled',
  PRINTED: 'table-info',
  NOTIFIED: 'table-primary',
  COMPLETE: 'table-success',
  CANCELLED: 'order-cancelled',
};

/** One order; its address and items fold out, and fold away again once it is complete. */
export function OrderRow({ order, now, alarmMinutes }: { order: LiveOrder; now: number; alarmMinutes: AlarmMinutes }) {
  const [showAddress, setShowAddress] = useState(false);
  const [showItems, setShowItems] = useState(false);
  const collapse = () => {
    setShowAddress(false);
    setShowItems(false);
  };

  return (
    <tr className={ROW_CLASS[order.status]} data-testid="order-row" data-order-id={order.id} data-status={order.status}>
      <td className="order-ref-cell">
        <div className="fw-bold" data-testid="order-ref">
          {order.ref}
        </div>
        {/* A cancelled order's ticket is not to be printed from here. */}
        {order.status !== 'CANCELLED' && <PreviewButton order={order} />}
        <HistoryLink order={order} />
      </td>
      <CustomerCell order={order} expanded={showAddress} onToggle={() => setShowAddress((shown) => !shown)} />
      <td data-label="Pay method">{order.payment_method}</td>
      <StatusCell order={order} now={now} alarmMinutes={alarmMinutes} />
      <td data-testid="order-total" data-label="Order Total">
        {formatPence(order.total_cost)}
        {order.voucher_code && order.voucher_deduction > 0 && (
          <div className="small text-body-secondary" data-testid="order-voucher">
            Voucher {order.voucher_code} {formatPence(-order.voucher_deduction)}
          </div>
        )}
        <RefundButton order={order} />
      </td>
      <ItemsCell order={order} expanded={showItems} onToggle={() => setShowItems((shown) => !shown)} />
      <td data-label="Received">{londonTime(order.updated_at)}</td>
      <DueCell order={order} now={now} onCompleted={collapse} />
    </tr>
  );
}
