import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useAppDispatch } from '../../../app/hooks';
import { CancelUnpaidButton } from './CancelUnpaidButton';
import { wasNotified, type LiveOrder } from './kitchenOrder';
import { setOrderStatusLocally } from './liveOrdersApi';
import { MarkPaidButton } from './MarkPaidButton';
import { PrintButton } from './PrintButton';
import { RefundBadge } from './RefundBadge';
import { lapseNotice, secondsUntil } from './times';
import { ticketTimeLine } from '../../../../../src/shared/order-time';
import { UnprintedAlarm, type AlarmMinutes } from './UnprintedAlarm';

/** The status, with the action that moves the order on from it. */
export function StatusCell({ order, now, alarmMinutes }: { order: LiveOrder; now: number; alarmMinutes: AlarmMinutes }) {
  return (
    <td className="order-status-cell" data-label="Status">
      <div className="d-flex flex-column align-items-start gap-1">
        <StatusLabel order={order} />
        {order.scheduled_for && (
          <small className="fw-bold" data-testid="order-for">
            {ticketTimeLine(order.scheduled_for)}
          </small>
        )}
        <RefundBadge order={order} />
        {wasNotified(order) && order.status !== 'NOTIFIED' && <Badge bg="primary">NOTIFIED</Badge>}
        <UnprintedAlarm order={order} now={now} alarmMinutes={alarmMinutes} />
        {order.status === 'AWAITING-PAYMENT' && order.lapsesAt !== null && (
          <small className="text-body-secondary" data-testid="lapse-notice">
            {lapseNotice(secondsUntil(order.lapsesAt, now))}
          </small>
        )}
        <StatusActions order={order} />
      </div>
    </td>
  );
}

function StatusLabel({ order }: { order: LiveOrder }) {
  const dispatch = useAppDispatch();
  switch (order.status) {
    case 'COMPLETE':
      return (
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
      );
    case 'CANCELLED':
      return (
        <Badge bg="secondary" data-testid="order-status">
          CANCELLED
        </Badge>
      );
    default:
      return (
        <span className="fw-bold" data-testid="order-status">
          {order.status}
        </span>
      );
  }
}

function StatusActions({ order }: { order: LiveOrder }) {
  const status = order.status;
  switch (status) {
    case 'AWAITING-PAYMENT':
      return (
        <div className="d-flex gap-1">
          <MarkPaidButton order={order} />
          <CancelUnpaidButton order={order} />
        </div>
      );
    case 'NEW':
    case 'SCHEDULED': // an order for later may be started early: printing it does
      return <PrintButton order={order} />;
    case 'PRINTED':
    case 'NOTIFIED':
      return <PrintButton order={order} reprint />;
    case 'COMPLETE':
    case 'CANCELLED':
      return null;
    default:
      // Checked here; at run time a status from a newer server offers no action rather than breaking the screen.
      status satisfies never;
      return null;
  }
}
