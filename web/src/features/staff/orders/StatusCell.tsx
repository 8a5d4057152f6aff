import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useAppDispatch } from '../../../app/hooks';
import { wasNotified, type LiveOrder } from './kitchenOrder';
import { setOrderStatusLocally } from './liveOrdersApi';
import { MarkPaidButton } from './MarkPaidButton';
import { PrintButton } from './PrintButton';
import { UnprintedAlarm } from './UnprintedAlarm';

/** The status, with the action that moves the order on from it. */
export function StatusCell({ order, now, alarmMinutes }: { order: LiveOrder; now: number; alarmMinutes: number }) {
  const dispatch = useAppDispatch();

  return (
    <td>
      <div className="d-flex flex-column align-items-start gap-1">
        {order.status === 'COMPLETE' ? (
          // Staff spec §4: reopens the order on this screen only, e.g. after a mistaken click.
          <Button
            variant="outline-success"
            size="sm"
            onClick={() => setOrderStatusLocally(dispatch, order.id, 'PRINTED')}
            aria-label={`Order ${order.ref} is complete. Reopen it on this screen`}
            data-testid="order-status"
          >
            COMPLETE
          </Button>
        ) : (
          <span className="fw-bold" data-testid="order-status">
            {order.status}
          </span>
        )}
        {wasNotified(order) && order.status !== 'NOTIFIED' && <Badge bg="primary">NOTIFIED</Badge>}
        <UnprintedAlarm order={order} now={now} alarmMinutes={alarmMinutes} />
        {order.status === 'AWAITING-PAYMENT' && <MarkPaidButton order={order} />}
        {order.status === 'NEW' && <PrintButton order={order} />}
        {(order.status === 'PRINTED' || order.status === 'NOTIFIED') && <PrintButton order={order} reprint />}
      </div>
    </td>
  );
}
