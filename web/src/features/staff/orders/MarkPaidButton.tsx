import Button from 'react-bootstrap/Button';
import { useAppDispatch } from '../../../app/hooks';
import { caughtMessage } from '../../../app/serverMessage';
import { showDialog } from '../../dialog/dialogSlice';
import type { LiveOrder } from './kitchenOrder';
import { useMarkOrderPaidMutation } from './liveOrdersApi';

/** A phone order is cooked only once its payment is taken. */
export function MarkPaidButton({ order }: { order: LiveOrder }) {
  const [markPaid, { isLoading }] = useMarkOrderPaidMutation();
  const dispatch = useAppDispatch();

  const handleClick = async () => {
    try {
      await markPaid({ orderId: order.id }).unwrap();
    } catch (error) {
      dispatch(showDialog({ title: 'Error', message: caughtMessage(error, 'there was an ERROR marking the order paid'), look: 'error' }));
    }
  };

  return (
    <Button variant="warning" size="sm" onClick={handleClick} disabled={isLoading} aria-label={`Mark paid: order ${order.ref}`} data-testid="mark-paid">
      Mark paid
    </Button>
  );
}
