import { useAppDispatch } from '../../../app/hooks';
import { caughtMessage, isServerAnswer } from '../../../app/serverMessage';
import { showDialog } from '../../dialog/dialogSlice';
import { useSetStockStatusMutation } from './oosApi';
import type { StockItem, StockStatus } from './stockItems';

/** Takes an item off the menu or puts it back, saying what went wrong in the spec's words. */
export function useSetStockStatus() {
  const [send, { isLoading }] = useSetStockStatusMutation();
  const dispatch = useAppDispatch();

  const setStatus = async (item: StockItem, status: StockStatus): Promise<void> => {
    try {
      await send({ kind: item.kind, id: item.id, status }).unwrap();
    } catch (error) {
      dispatch(showDialog({ title: 'Error', message: failureText(item, error), look: 'error' }));
    }
  };

  return { setStatus, isSaving: isLoading };
}

function failureText(item: StockItem, error: unknown): string {
  const answered = isServerAnswer(error);
  if (item.kind === 'variant') {
    return answered ? `there was a PROBLEM updating product variant ${item.id}` : `there was an ERROR updating product variant ${item.id}`;
  }
  return answered ? `there was a PROBLEM updating: ${caughtMessage(error, `product ${item.id}`)}` : `there was an ERROR updating product ${item.id}`;
}
