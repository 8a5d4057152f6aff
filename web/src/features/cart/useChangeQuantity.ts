import { useAppDispatch } from '../../app/hooks';
import { caughtMessage, isServerAnswer } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import { useGetCartQuery, useMoveStockMutation, type CartItem } from './cartApi';
import { findLine } from './cartFigures';

const SAVE_FAILED = 'There was an ERROR saving your updated cart';

/** The manage-cart page's quantity arrows and remove icon for one line, with spec §8's dialogs. */
export function useChangeQuantity(item: CartItem) {
  const { data: cart } = useGetCartQuery();
  const [moveStock, { isLoading: isProcessing }] = useMoveStockMutation();
  const dispatch = useAppDispatch();
  const line = { id: item.id, variant: item.variant_id };

  const increase = async () => {
    try {
      await moveStock({ ...line, quantity: 1 }).unwrap();
    } catch (error) {
      if (isServerAnswer(error)) {
        dispatch(showDialog({ title: 'No more stock', message: caughtMessage(error, 'no more stock'), look: 'info' }));
      } else {
        dispatch(showDialog({ title: 'Error', message: SAVE_FAILED, look: 'error' }));
      }
    }
  };

  const decrease = async () => {
    const current = findLine(cart, item.id, item.variant_id);
    if (!current || current.released || current.quantity <= 0) {
      dispatch(showDialog({ title: 'Error', message: 'Failed to locate item in cart to reduce qty ', look: 'error' }));
      return;
    }
    try {
      await moveStock({ ...line, quantity: -1 }).unwrap();
    } catch (error) {
      const reason = caughtMessage(error, '');
      const message = [reason, 'Sorry, failed to reduce quantity of product in your cart'].filter(Boolean).join('\n');
      dispatch(showDialog({ title: 'Sorry', message, look: 'error' }));
    }
  };

  const remove = async () => {
    try {
      // A released line holds nothing any more; the server drops it without returning stock twice.
      await moveStock({ ...line, quantity: -Math.max(item.quantity, 1), returnToStock: true }).unwrap();
    } catch (error) {
      dispatch(showDialog({ title: 'Error', message: caughtMessage(error, SAVE_FAILED), look: 'error' }));
    }
  };

  return { increase, decrease, remove, isProcessing };
}
