import { useAppDispatch } from '../../app/hooks';
import { caughtMessage, isServerAnswer } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import { useShopSettings } from '../settings/useShopSettings';
import type { Order } from './order';
import { useSaveCartAsOrderMutation } from './orderApi';

const SAVE_FAILED = 'ERROR in  saveCartAsOrder';

/**
 * Spec §4 "Checkout flow" step 1, with spec §8's dialogs: the server's reason, when it gave one, goes on a second
 * line. Resolves to the saved order, or null after a dialog.
 */
export function useSaveCartAsOrder() {
  const { cartLabel } = useShopSettings();
  const [save, { isLoading }] = useSaveCartAsOrderMutation();
  const dispatch = useAppDispatch();

  const saveCartAsOrder = async (body: { order_extra_info?: string }): Promise<Order | null> => {
    try {
      return await save(body).unwrap();
    } catch (error) {
      const reason = isServerAnswer(error) ? caughtMessage(error, '') : '';
      if (reason.endsWith('is Empty')) {
        dispatch(showDialog({ title: 'Sorry', message: `${cartLabel} is Empty`, look: 'info' }));
      } else {
        dispatch(showDialog({ title: 'Sorry', message: [SAVE_FAILED, reason].filter(Boolean).join('\n'), look: 'error' }));
      }
      return null;
    }
  };

  return { saveCartAsOrder, isSaving: isLoading };
}
