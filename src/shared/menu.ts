import type { Allergen } from './allergens';

/** The menu as the server answers it (GET /api/menu) and the web app reads it. Prices are integer pence. */

export type StockStatus = 'active' | 'out-of-stock';

/** Counts of units: `available` is stock minus what baskets hold (`in_basket`), never below 0. */
export interface StockCounts {
  stock: number;
  in_basket: number;
  available: number;
}

export interface MenuCategory {
  id: number;
  name: string;
  position: number;
}

export interface MenuVariant extends StockCounts {
  id: number;
  name: string;
  incremental_price: number;
  weighting: number;
  /** What this variant contains beyond its dish's allergens. */
  allergens: Allergen[];
  /** False until someone declared this variant's allergens (issue 27; src/shared/allergens.ts AllergenFacts). */
  allergens_declared: boolean;
  status: StockStatus;
}

/** A product with variants carries the sums of its active variants' counts. */
export interface MenuProduct extends StockCounts {
  id: number;
  name: string;
  short_desc: string;
  /** The long description: rich text, HTML cleaned against the site's allow-list (issue 39, rich-text-allow-list.ts). */
  description: string;
  price: number;
  image: string | null;
  /** The uploaded photo's stored widths (`/uploads/x-320.webp 320w, ...`), or null for one picture. */
  image_srcset: string | null;
  /** VAT charged on the dish: standard for hot food and soft drinks, zero for most cold food. */
  vat_rate: 'standard' | 'zero';
  /** The UK's 14 allergens the dish contains (each variant may add its own), and its dietary tags. */
  allergens: Allergen[];
  /** False until someone declared the dish's allergens: `allergens` then holds only those known (issue 27). */
  allergens_declared: boolean;
  vegetarian: boolean;
  vegan: boolean;
  /** 0 (none) to MAX_SPICE. */
  spice: number;
  status: StockStatus;
  virtual: boolean;
  category_id: number;
  position: number;
  variants: MenuVariant[];
}

export interface MenuView {
  categories: MenuCategory[];
  products: MenuProduct[];
}

export function hasVariants(product: Pick<MenuProduct, 'variants'>): boolean {
  return product.variants.length > 0;
}

/** Spec §4: add-to-cart is offered only for an active item with units available. */
export function canBeAdded(item: StockCounts & { status: StockStatus }): boolean {
  return item.status === 'active' && item.available > 0;
}

/** How wide a menu card's picture is drawn, for its srcset: the card and the page's preload must agree. */
export const MENU_CARD_IMAGE_SIZES = '(min-width: 992px) 25vw, (min-width: 768px) 33vw, 88px';

/**
 * The dishes the menu shows first, in its order (category by category, leaving out hidden categories): the
 * cards whose pictures load at once, and the first of them the page's head preloads (the largest paint).
 */
export function firstShownDishes<P extends Pick<MenuProduct, 'id' | 'category_id'>>(
  menu: { categories: readonly Pick<MenuCategory, 'id'>[]; products: readonly P[] },
  count: number,
  hiddenCategoryIds: readonly number[] = [],
): P[] {
  return menu.categories
    .filter((category) => !hiddenCategoryIds.includes(category.id))
    .flatMap((category) => menu.products.filter((product) => product.category_id === category.id))
    .slice(0, count);
}

/** A dish as customers and refusals name it: the product, and its variant in brackets. */
export function dishName(productName: string, variantName: string | null | undefined): string {
  return variantName ? `${productName} (${variantName})` : productName;
}

/** What a customer is told of a dish the kitchen does not offer now. */
export const notOfferedMessage = (dish: string) => `Sorry, ${dish} is not available right now`;

/** Below this many units the staff's low-stock list warns and the customer's menu says 'Only N left' (issue 16). */
export const LOW_STOCK_BELOW = 5;

/** What a customer sees of a dish's available units: sold out, only a few left (with how many), or nothing. */
export type StockLabel = { kind: 'sold-out' } | { kind: 'few'; left: number } | null;

export function stockLabel(available: number): StockLabel {
  if (available <= 0) return { kind: 'sold-out' };
  return available < LOW_STOCK_BELOW ? { kind: 'few', left: available } : null;
}

/** The label as one value: a dish is announced on the live menu channel when this changes. */
export function stockLabelKey(available: number): string {
  const label = stockLabel(available);
  return label === null ? 'plenty' : label.kind === 'few' ? `few:${label.left}` : label.kind;
}
