import { isLowStock, itemKey, LOW_STOCK_SEEN_KEY, type StockItem } from './stockItems';

/** The list as the warning tells it: which items are low, and which of them are out of stock (not how many are left). */
export function lowStockList(items: StockItem[]): string {
  return items
    .filter(isLowStock)
    .map((item) => `${itemKey(item)}${item.status === 'out-of-stock' ? ':out' : ''}`)
    .sort()
    .join(',');
}

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
