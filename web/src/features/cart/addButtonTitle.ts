import { CLOSED_TITLE } from '../../../../src/shared/store-status';
import type { OrderingState } from '../settings/useShopSettings';

/** Spec §4: the title of every add button while takeaway ordering is closed. */
export const ORDERING_CLOSED_TITLE = CLOSED_TITLE;

/**
 * While the shop's settings are still on their way the button waits too (spec §4), but the store is not known
 * to be closed: saying so would tell every customer on a slow connection that it is.
 */
export const ORDERING_UNKNOWN_TITLE = 'One moment: the shop is loading';

interface AddButtonState {
  ordering: OrderingState;
  isProcessing: boolean;
  inStock: boolean;
}

/** Spec §4: why an add button is disabled (the store closed or not yet known, or else 'no more stock'); none while it is enabled. */
export function addButtonTitle({ ordering, isProcessing, inStock }: AddButtonState): string | undefined {
  if (ordering === 'closed') return ORDERING_CLOSED_TITLE;
  if (ordering === 'unknown') return ORDERING_UNKNOWN_TITLE;
  if (isProcessing || !inStock) return 'no more stock';
  return undefined;
}
