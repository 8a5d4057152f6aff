import { z } from 'zod';
import { ALLERGENS, MAX_SPICE } from '../../src/shared/allergens';
import { textAsRichText } from '../../src/shared/rich-text-allow-list';

const pence = z.number().int();
const status = z.enum(['active', 'out-of-stock']);
const productId = z.number().int().positive();
const categoryId = z.number().int().positive();
/** VAT per dish: standard for hot food and soft drinks, zero for most cold food (issue 16). */
export const VAT_RATES = ['standard', 'zero'] as const;
const vatRate = z.enum(VAT_RATES);
const allergens = z.array(z.enum(ALLERGENS));
/**
 * Whether someone declared the allergens (issue 27): declared, `allergens` is the whole list (empty: none of the
 * 14); not declared, it holds only what is known to be there. Who declared and when is the event's metadata.
 */
const allergensDeclared = z.boolean();

export const CategoryAdded = z.object({
  type: z.literal('CategoryAdded'),
  data: z.object({ categoryId, name: z.string(), position: z.number().int() }),
});
export const CategoryRenamed = z.object({
  type: z.literal('CategoryRenamed'),
  data: z.object({ categoryId, name: z.string() }),
});
/** Every category, in the order customers see them. */
export const CategoriesReordered = z.object({
  type: z.literal('CategoriesReordered'),
  data: z.object({ categoryIds: z.array(categoryId) }),
});
/** A hidden category and its dishes are not on the customers' menu; the manager still sees them. */
export const CategoryVisibilityChanged = z.object({
  type: z.literal('CategoryVisibilityChanged'),
  data: z.object({ categoryId, hidden: z.boolean() }),
});

/** What a manager edits of a dish; `imageSrcset` lists the stored widths of an uploaded photo. */
const dishDetails = {
  categoryId,
  name: z.string(),
  shortDescription: z.string(),
  /** Rich text cleaned against the site's allow-list (issue 39); `descriptionFormat` marks it as such. */
  description: z.string(),
  descriptionFormat: z.literal('html'),
  pricePence: pence.nonnegative(),
  image: z.string().nullable(),
  imageSrcset: z.string().nullable(),
  virtual: z.boolean(),
  vatRate,
  allergens,
  allergensDeclared,
  vegetarian: z.boolean(),
  vegan: z.boolean(),
  spice: z.number().int().min(0).max(MAX_SPICE),
};

export const ProductAdded = z.object({
  type: z.literal('ProductAdded'),
  data: z.object({ productId, ...dishDetails, position: z.number().int() }),
});

/** A dish's details changed (all of them, as the editor saves them); `position` is its place in its category. */
export const ProductChanged = z.object({
  type: z.literal('ProductChanged'),
  data: z.object({ productId, ...dishDetails, position: z.number().int() }),
});

/** A dish gone for good: off the menu and the editor, its past orders untouched. */
export const ProductArchived = z.object({
  type: z.literal('ProductArchived'),
  data: z.object({ productId }),
});

export const ProductStatusChanged = z.object({
  type: z.literal('ProductStatusChanged'),
  data: z.object({ productId, status }),
});

export const VariantAdded = z.object({
  type: z.literal('VariantAdded'),
  data: z.object({
    productId,
    variantId: z.number().int().positive(),
    name: z.string(),
    incrementalPricePence: pence,
    weighting: z.number().int(),
    /** Beyond its dish's: a variant with prawns contains crustaceans though the dish does not. */
    allergens,
    /** A variant counts as declared only when it and its dish both are (combinedAllergens in src/shared). */
    allergensDeclared,
  }),
});

export const VariantChanged = z.object({
  type: z.literal('VariantChanged'),
  data: VariantAdded.shape.data,
});

export const VariantStatusChanged = z.object({
  type: z.literal('VariantStatusChanged'),
  data: z.object({ productId, variantId: z.number().int().positive(), status }),
});

/** A variant gone for good (issue 38 item 3), as a dish is archived: off the menu and the editor, its past orders untouched. */
export const VariantArchived = z.object({
  type: z.literal('VariantArchived'),
  data: z.object({ productId, variantId: z.number().int().positive() }),
});

export type CategoryAdded = z.infer<typeof CategoryAdded>;
export type CategoryRenamed = z.infer<typeof CategoryRenamed>;
export type CategoriesReordered = z.infer<typeof CategoriesReordered>;
export type CategoryVisibilityChanged = z.infer<typeof CategoryVisibilityChanged>;
export type ProductAdded = z.infer<typeof ProductAdded>;
export type ProductChanged = z.infer<typeof ProductChanged>;
export type ProductArchived = z.infer<typeof ProductArchived>;
export type ProductStatusChanged = z.infer<typeof ProductStatusChanged>;
export type VariantAdded = z.infer<typeof VariantAdded>;
export type VariantChanged = z.infer<typeof VariantChanged>;
export type VariantStatusChanged = z.infer<typeof VariantStatusChanged>;
export type VariantArchived = z.infer<typeof VariantArchived>;
export type ProductStatus = z.infer<typeof status>;
export type VatRate = z.infer<typeof vatRate>;
export type DishDetails = Omit<ProductAdded['data'], 'productId' | 'position' | 'descriptionFormat'>;
/** A dish's data as a command carries it: the description is any HTML, which the decider cleans and marks. */
export type DishData = Omit<ProductAdded['data'], 'descriptionFormat'>;

export type ProductEvent = ProductAdded | ProductChanged | ProductArchived | ProductStatusChanged | VariantAdded | VariantChanged | VariantStatusChanged | VariantArchived;
export type CategoryEvent = CategoryAdded | CategoryRenamed | CategoriesReordered | CategoryVisibilityChanged;
export type CatalogEvent = ProductEvent | CategoryEvent;

export const CATALOG_EVENT_TYPES = [
  'CategoryAdded',
  'CategoryRenamed',
  'CategoriesReordered',
  'CategoryVisibilityChanged',
  'ProductAdded',
  'ProductChanged',
  'ProductArchived',
  'ProductStatusChanged',
  'VariantAdded',
  'VariantChanged',
  'VariantStatusChanged',
  'VariantArchived',
] as const;

export const productStream = (productId: number) => `catalog-${productId}`;
export const CATEGORIES_STREAM = 'categories-main';

/** Every event type's schema: appends are parsed against it (outside production). */
export const CATALOG_EVENT_SCHEMAS = {
  CategoryAdded,
  CategoryRenamed,
  CategoriesReordered,
  CategoryVisibilityChanged,
  ProductAdded,
  ProductChanged,
  ProductArchived,
  ProductStatusChanged,
  VariantAdded,
  VariantChanged,
  VariantStatusChanged,
  VariantArchived,
} satisfies Record<(typeof CATALOG_EVENT_TYPES)[number], z.ZodType>;

/** What a dish stored before menu management (issue 16) lacked: the standard rate, one picture, no dietary tags. */
const DISH_DEFAULTS = { vatRate: 'standard', imageSrcset: null, allergens: [], vegetarian: false, vegan: false, spice: 0 };
const DETAILED_TYPES = new Set(['ProductAdded', 'ProductChanged']);

/**
 * Upcaster of a dish's and a variant's details (ProductAdded, ProductChanged, VariantAdded, VariantChanged). Every
 * one stored before issue 27 was never declared: it reads `allergensDeclared: false` and keeps any list it had
 * (a known allergen stays known), so a replay never turns an unchecked dish into "contains none". Dishes stored
 * before issue 16 also get that defaults, as they were sold.
 */
export function upcastAllergenState(event: { type: string; data: unknown }): { type: string; data: unknown } {
  const data = event.data as { allergensDeclared?: boolean };
  if (data.allergensDeclared !== undefined) return event;
  const defaults = DETAILED_TYPES.has(event.type) ? DISH_DEFAULTS : { allergens: [] };
  return { type: event.type, data: { ...defaults, ...data, allergensDeclared: false } };
}

/**
 * Upcaster of a dish's description (ProductAdded, ProductChanged): one stored before issue 39 is plain text, and
 * reads as text: HTML-escaped, each line a paragraph. Rich text is marked `descriptionFormat: 'html'`.
 */
export function upcastDishDescription(event: { type: string; data: unknown }): { type: string; data: unknown } {
  const data = event.data as { description?: unknown; descriptionFormat?: string };
  if (data.descriptionFormat !== undefined) return event;
  return { type: event.type, data: { ...data, description: textAsRichText(String(data.description ?? '')), descriptionFormat: 'html' } };
}

const upcastDish = (event: { type: string; data: unknown }) => upcastDishDescription(upcastAllergenState(event));

/** The catalogue's upcasters, by stored type. */
export const CATALOG_UPCASTERS = {
  ProductAdded: upcastDish,
  ProductChanged: upcastDish,
  VariantAdded: upcastAllergenState,
  VariantChanged: upcastAllergenState,
};
