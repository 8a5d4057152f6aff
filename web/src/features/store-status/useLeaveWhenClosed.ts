import { useLocation } from 'react-router';
import { CLOSED_DIALOG } from '../checkout/useClosedStoreRedirect';
import { useRedirectHomeAfter } from '../checkout/useRedirectHomeAfter';
import type { StoreState } from './storeState';

const LEAVE_PATHS = ['/checkout', '/manageCart'];

/**
 * Staff spec §2 and §9: when the store closes, a user on the basket or checkout page is told so and sent home
 * once the 5 s dialog has shown (the same notice as those pages' own, so the two show as one dialog).
 */
export function useLeaveWhenClosed(state: StoreState | null): void {
  const { pathname } = useLocation();
  useRedirectHomeAfter(state === 'closed' && LEAVE_PATHS.includes(pathname), CLOSED_DIALOG);
}
