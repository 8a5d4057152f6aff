import { LOW_STOCK_BELOW } from '../../../../../src/shared/menu';
import { formatPence } from '../../../app/money';

export type StockStatus = 'active' | 'out-of-stock';

/** A product as POST /api/oosProducts lists it (price in pence). */
export interface OosProduct {
  id: number;
  name: string;
  price: number;
  stock: number;
  status: StockStatus;
}

/** A variant as POST /api/oosProducts lists it (combined_price already as text, e.g. '£3.50'). */
export interface OosVariant {
  id: number;
  name: string;
  prod_name: string;
  combined_price: string;
  stock: number;
  status: StockStatus;
}

/** A product or a variant, as the out-of-stock manager handles both alike. */
export interface StockItem {
  kind: 'product' | 'variant';
  id: number;
  /** What staff call it: the product's name, or "Product - Variant". */
  name: string;
  price: string;
  stock: number;
  status: StockStatus;
}

export { LOW_STOCK_BELOW };

export function toStockItems(products: OosProduct[], variants: OosVariant[]): StockItem[] {
  return [
    ...products.map((product): StockItem => ({
      kind: 'product',
      id: product.id,
      name: product.name,
      price: formatPence(product.price),
      stock: product.stock,
      status: product.status,
    })),
    ...variants.map((variant): StockItem => ({
      kind: 'variant',
      id: variant.id,
      name: `${variant.prod_name} - ${variant.name}`,
      price: variant.combined_price,
      stock: variant.stock,
      status: variant.status,
    })),
  ];
}

/** Staff spec §5: low stock means under 5 left, or out of stock. */
export const isLowStock = (item: StockItem) => item.stock < LOW_STOCK_BELOW || item.status === 'out-of-stock';

/** Where a device keeps the low-stock list it last closed the warning on (issue 38): it shows again only when the list changes. */
export const LOW_STOCK_SEEN_KEY = 'low-stock-seen';

export const itemKey = (item: Pick<StockItem, 'kind' | 'id'>) => `${item.kind}-${item.id}`;

/** How the typeahead offers an item: 'Name (£price)'. */
export const optionText = (item: StockItem) => `${item.name} (${item.price})`;

const PRICE_SUFFIX = /\s*\([^()]*\d[^()]*\)\s*$/;

/** Staff spec §5: matching strips the ' (price)' suffix an offered option carries. */
export const withoutPrice = (text: string) => text.replace(PRICE_SUFFIX, '').trim();

/** The active items whose name contains the text, case-insensitively; nothing under 2 characters. */
export function matchingItems(items: StockItem[], text: string, minimumLength = 2): StockItem[] {
  const wanted = withoutPrice(text).toLowerCase();
  if (wanted.length < minimumLength) return [];
  return items.filter((item) => item.status === 'active' && item.name.toLowerCase().includes(wanted));
}

/** The one active item the text names exactly (with or without its price), if any. */
export function chosenItem(items: StockItem[], text: string): StockItem | undefined {
  const wanted = withoutPrice(text).toLowerCase();
  return items.find((item) => item.status === 'active' && item.name.toLowerCase() === wanted);
}

/** The list as the warning tells it: which items are low, and which of them are out of stock (not how many are left). */
export function lowStockList(items: StockItem[]): string {
  return items
    .filter(isLowStock)
    .map((item) => `${itemKey(item)}${item.status === 'out-of-stock' ? ':out' : ''}`)
    .sort()
    .join(',');
}
