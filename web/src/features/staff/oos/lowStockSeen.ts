/** Which low-stock list this browser's warning last showed (lowStockList in stockItems.ts writes it). */
import { LOW_STOCK_SEEN_KEY } from './stockItems';

export function lowStockSeen(): string | null {
  try {
    return localStorage.getItem(LOW_STOCK_SEEN_KEY);
  } catch {
    return null;
  }
}

export function rememberLowStockSeen(list: string): void {
  try {
    localStorage.setItem(LOW_STOCK_SEEN_KEY, list);
  } catch {
    // Private browsing may refuse storage: the warning then comes back on the next visit.
  }
}
