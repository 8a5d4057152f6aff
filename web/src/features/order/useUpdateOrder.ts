import { useAppDispatch } from '../../app/hooks';
import { caughtMessage, isServerAnswer } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import type { Order, OrderUpdate } from './order';
import { useUpdateOrderMutation } from './orderApi';

export type UpdateResult = { ok: true; order: Order } | { ok: false; reason: string };

/** POST /api/updateOrder with spec §8's 'Sorry' dialog on failure; the reason is handed back too. */
export function useUpdateOrder() {
  const [update, { isLoading }] = useUpdateOrderMutation();
  const dispatch = useAppDispatch();

  /** `wordReason` may put the server's reason in the customer's words for the dialog. */
  const updateOrder = async (change: OrderUpdate, wordReason: (reason: string) => string = (reason) => reason): Promise<UpdateResult> => {
    try {
      return { ok: true, order: await update(change).unwrap() };
    } catch (error) {
      const refused = isServerAnswer(error);
      const reason = refused ? caughtMessage(error, '') : '';
      const message = refused ? `There was a PROBLEM updating the order ${wordReason(reason)}` : 'There was an ERROR updating the order';
      dispatch(showDialog({ title: 'Sorry', message, look: 'error' }));
      return { ok: false, reason };
    }
  };

  return { updateOrder, isUpdating: isLoading };
}
