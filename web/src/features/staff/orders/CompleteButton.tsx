import Button from 'react-bootstrap/Button';
import { useAppDispatch } from '../../../app/hooks';
import { caughtMessage } from '../../../app/serverMessage';
import { showDialog } from '../../dialog/dialogSlice';
import type { LiveOrder } from './kitchenOrder';
import { useCompleteKitchenOrderMutation } from './liveOrdersApi';

/** Marks the order collected or delivered; then the row folds away its details. */
export function CompleteButton({ order, onCompleted }: { order: LiveOrder; onCompleted: () => void }) {
  const [complete, { isLoading }] = useCompleteKitchenOrderMutation();
  const dispatch = useAppDispatch();

  const handleClick = async () => {
    try {
      await complete({ orderId: order.id }).unwrap();
      onCompleted();
    } catch (error) {
      dispatch(showDialog({ title: 'Error', message: caughtMessage(error, 'there was an ERROR completing the order'), look: 'error' }));
    }
  };

  return (
    <Button variant="success" size="sm" onClick={handleClick} disabled={isLoading} aria-label={`Mark order ${order.ref} complete`} data-testid="complete">
      Complete
    </Button>
  );
}
