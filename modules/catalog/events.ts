import { z } from 'zod';

const pence = z.number().int();
const status = z.enum(['active', 'out-of-stock']);

export const CategoryAdded = z.object({
  type: z.literal('CategoryAdded'),
  data: z.object({ categoryId: z.number().int().positive(), name: z.string(), position: z.number().int() }),
});

export const ProductAdded = z.object({
  type: z.literal('ProductAdded'),
  data: z.object({
    productId: z.number().int().positive(),
    categoryId: z.number().int().positive(),
    name: z.string(),
    shortDescription: z.string(),
    description: z.string(),
    pricePence: pence.nonnegative(),
    image: z.string().nullable(),
    virtual: z.boolean(),
    position: z.number().int(),
  }),
});

export const ProductStatusChanged = z.object({
  type: z.literal('ProductStatusChanged'),
  data: z.object({ productId: z.number().int().positive(), status }),
});

export const VariantAdded = z.object({
  type: z.literal('VariantAdded'),
  data: z.object({
    productId: z.number().int().positive(),
    variantId: z.number().int().positive(),
    name: z.string(),
    incrementalPricePence: pence,
    weighting: z.number().int(),
  }),
});

export const VariantStatusChanged = z.object({
  type: z.literal('VariantStatusChanged'),
  data: z.object({ productId: z.number().int().positive(), variantId: z.number().int().positive(), status }),
});

export type CategoryAdded = z.infer<typeof CategoryAdded>;
export type ProductAdded = z.infer<typeof ProductAdded>;
export type ProductStatusChanged = z.infer<typeof ProductStatusChanged>;
export type VariantAdded = z.infer<typeof VariantAdded>;
export type VariantStatusChanged = z.infer<typeof VariantStatusChanged>;
export type ProductStatus = z.infer<typeof status>;

export type ProductEvent = ProductAdded | ProductStatusChanged | VariantAdded | VariantStatusChanged;
export type CategoryEvent = CategoryAdded;

export const CATALOG_EVENT_TYPES = [
  'CategoryAdded',
  'ProductAdded',
  'ProductStatusChanged',
  'VariantAdded',
  'VariantStatusChanged',
] as const;

export const productStream = (productId: number) => `catalog-${productId}`;
export const CATEGORIES_STREAM = 'categories-main';

/** Every event type's schema: appends are parsed against it (outside production). */
export const CATALOG_EVENT_SCHEMAS = { CategoryAdded, ProductAdded, ProductStatusChanged, VariantAdded, VariantStatusChanged } satisfies Record<(typeof CATALOG_EVENT_TYPES)[number], z.ZodType>;
