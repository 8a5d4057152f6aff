import type { DialogContent } from '../dialog/dialogSlice';
import { CLOSED_NOTICE } from '../../../../src/shared/store-status';
import { isOrderingClosed, useShopSettings } from '../settings/useShopSettings';
import { useRedirectHomeAfter } from './useRedirectHomeAfter';

export { CLOSED_NOTICE };

export const CLOSED_DIALOG: DialogContent = { title: 'Sorry', message: CLOSED_NOTICE, look: 'info' };

/** Spec §2 "Routes": a closed store sends the basket and checkout pages home, saying why. True while closed. */
export function useClosedStoreRedirect(): boolean {
  const settings = useShopSettings();
  const closed = settings.isLoaded && isOrderingClosed(settings);
  useRedirectHomeAfter(closed, CLOSED_DIALOG);
  return closed;
}
