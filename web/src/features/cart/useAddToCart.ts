import { useAppDispatch } from '../../app/hooks';
import { caughtMessage } from '../../app/serverMessage';
import { showDialog } from '../dialog/dialogSlice';
import type { Product, Variant } from '../menu/menuApi';
import { isOrderingClosed, useShopSettings } from '../settings/useShopSettings';
import { useMoveStockMutation } from './cartApi';

/**
 * Spec §4 "Add-to-cart": each add moves one unit into the basket. `isProcessing` is this button's own request;
 * `isOrderingBlocked` holds from page load while takeaway ordering is closed (and until the settings are known).
 */
export function useAddToCart() {
  const settings = useShopSettings();
  const [moveStock, { isLoading: isProcessing }] = useMoveStockMutation();
  const dispatch = useAppDispatch();

  const addToCart = async (product: Product, variant?: Variant): Promise<boolean> => {
    try {
      await moveStock({ id: product.id, variant: variant?.id ?? null, quantity: 1 }).unwrap();
      return true;
    } catch (error) {
      const networkText = `there was an error moving the item into the ${settings.cartLabel}`;
      // Spec §8 also logs refusals (info) and network errors (critical); POST /api/log does not exist yet.
      dispatch(showDialog({ title: 'Sorry', message: caughtMessage(error, networkText), look: 'error' }));
      return false;
    }
  };

  return {
    addToCart,
    isProcessing,
    isOrderingBlocked: !settings.isLoaded || isOrderingClosed(settings),
    cartLabel: settings.cartLabel,
  };
}
