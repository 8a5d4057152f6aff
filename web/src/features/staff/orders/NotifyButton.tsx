import Button from 'react-bootstrap/Button';
import { useAppDispatch } from '../../../app/hooks';
import { caughtMessage, isServerAnswer } from '../../../app/serverMessage';
import { showDialog } from '../../dialog/dialogSlice';
import { wasNotified, type LiveOrder } from './kitchenOrder';
import { useNotifyCustomerMutation } from './liveOrdersApi';

/** The envelope: tells the customer the order is ready (or on its way); the server allows it once. */
export function NotifyButton({ order }: { order: LiveOrder }) {
  const [notify, { isLoading }] = useNotifyCustomerMutation();
  const dispatch = useAppDispatch();
  const notified = wasNotified(order);

  const handleClick = async () => {
    try {
      await notify({ id: order.id }).unwrap();
    } catch (error) {
      dispatch(showDialog(notifyFailure(error)));
    }
  };

  return (
    <Button
      variant={notified ? 'outline-success' : 'outline-primary'}
      size="sm"
      onClick={handleClick}
      disabled={isLoading}
      aria-label={`${notified ? 'Customer notified. Notify again' : 'Notify customer'} for order ${order.ref}`}
      title={notified ? 'Customer notified' : 'Notify customer'}
      data-testid="notify"
    >
      <span aria-hidden="true">✉</span>
      {notified && <span className="ms-1 small">✓</span>}
    </Button>
  );
}

function notifyFailure(error: unknown) {
  if (isErrorStatus(error, 409)) {
    // Already notified: the server says when.
    return { title: 'Already notified', message: caughtMessage(error, 'The customer was already notified'), look: 'info' as const };
  }
  if (isServerAnswer(error)) {
    console.error('notifying the customer failed', error);
    return { title: 'Error', message: 'there was a PROBLEM notifying customer - more detail in console', look: 'error' as const };
  }
  return { title: 'Error', message: 'there was an ERROR notifying customer', look: 'error' as const };
}

function isErrorStatus(error: unknown, status: number): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && error.status === status;
}
