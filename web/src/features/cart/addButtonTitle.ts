import { CLOSED_TITLE } from '../../../../src/shared/store-status';

/** Spec §4: the title of every add button while takeaway ordering is closed. */
export const ORDERING_CLOSED_TITLE = CLOSED_TITLE;

interface AddButtonState {
  isOrderingBlocked: boolean;
  isProcessing: boolean;
  inStock: boolean;
}

/** Spec §4: why an add button is disabled (the store closed, or else 'no more stock'); none while it is enabled. */
export function addButtonTitle({ isOrderingBlocked, isProcessing, inStock }: AddButtonState): string | undefined {
  if (isOrderingBlocked) return ORDERING_CLOSED_TITLE;
  if (isProcessing || !inStock) return 'no more stock';
  return undefined;
}
