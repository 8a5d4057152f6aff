import { useAppDispatch } from '../../app/hooks';
import { logToServer } from '../../app/serverLog';
import { caughtMessage, errorDetail, isServerAnswer } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import type { Product, Variant } from '../menu/menuApi';
import { useOrderingState, useShopSettings } from '../settings/useShopSettings';
import { useMoveStockMutation } from './cartApi';
import { dishAdded } from './addedSlice';
import { dishName } from '../../../../src/shared/menu';

/**
 * Spec §4 "Add-to-cart": each add moves one unit into the basket. `isProcessing` is this button's own request;
 * `ordering` blocks it from page load while takeaway ordering is closed (and until the settings are known).
 */
export function useAddToCart() {
  const settings = useShopSettings();
  const ordering = useOrderingState();
  const [moveStock, { isLoading: isProcessing }] = useMoveStockMutation();
  const dispatch = useAppDispatch();

  const addToCart = async (product: Product, variant?: Variant): Promise<boolean> => {
    try {
      await moveStock({ id: product.id, variant: variant?.id ?? null, quantity: 1 }).unwrap();
      dispatch(dishAdded(dishName(product.name, variant?.name)));
      return true;
    } catch (error) {
      const networkText = `there was an error moving the item into the ${settings.cartLabel}`;
      const item = variant ? `product ${product.id}, variant ${variant.id}` : `product ${product.id}`;
      const dialog = { title: 'Sorry', message: caughtMessage(error, networkText), look: 'error' } as const;
      if (isServerAnswer(error)) {
        logToServer(dispatch, { level: 'info', message: `Add to cart refused (${item})`, error: errorDetail(error) });
        dispatch(showDialog(dialog));
      } else {
        // A critical line shows its dialog itself.
        logToServer(dispatch, { level: 'critical', message: `${networkText} (${item})`, error: errorDetail(error) }, dialog);
      }
      return false;
    }
  };

  return {
    addToCart,
    isProcessing,
    ordering,
    cartLabel: settings.cartLabel,
  };
}
