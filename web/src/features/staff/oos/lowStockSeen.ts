/** Which low-stock list this browser's warning last showed (lowStockList in stockItems.ts writes it). */
import { recall, remember } from '../../../app/deviceMemory';
import { LOW_STOCK_SEEN_KEY } from './stockItems';

export const lowStockSeen = (): string | null => recall(LOW_STOCK_SEEN_KEY);

/** Refused storage brings the warning back on the next visit. */
export const rememberLowStockSeen = (list: string): void => remember(LOW_STOCK_SEEN_KEY, list);
