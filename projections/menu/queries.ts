import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import { mediaIdOfLink } from '../../src/shared/media';
import type { MenuProduct, MenuVariant, MenuView, StockCounts } from '../../src/shared/menu';
import type { Catalogue, CatalogueProduct, CatalogueVariant, EditableCatalogue } from '../../modules/catalog';

export type { MenuProduct, MenuVariant, Catalogue, CatalogueProduct, CatalogueVariant };

/** The menu, and when the first hold counted in it runs out (changing what is available). */
export interface Menu extends MenuView {
  nextHoldExpiry: Date | null;
}


/** Units on the shelf and units held in baskets, by `productId|variantKey`. */
export interface StockTable {
  units: Map<string, number>;
  held: Map<string, number>;
  /** When the first hold counted here runs out, changing what is available. */
  nextHoldExpiry: Date | null;
}

function counts(units: number, held: number): StockCounts {
  return { stock: units, in_basket: held, available: Math.max(0, units - held) };
}

const stockKey = (productId: number, variantKey: string) => `${productId}|${variantKey}`;

type Row = Record<string, unknown>;

/**
 * The catalogue customers are offered, in three queries: hidden categories, their dishes and archived dishes
 * (and variants)
 * are left out (the manager's editor reads them with `loadCatalogueForEditing`).
 */
export async function loadCatalogue(pool: DatabasePool): Promise<Catalogue> {
  const [categories, products, variants] = (await Promise.all([
    pool.any(sql.unsafe`select id, name, position from menu_categories where not hidden order by position, id`),
    pool.any(sql.unsafe`
      select p.id, p.name, p.short_desc, p.description, p.price_pence as price, p.image, p.image_srcset, p.vat_rate,
             p.allergens, p.allergens_declared, p.vegetarian, p.vegan, p.spice, p.status, p.virtual, p.category_id, p.position
        from menu_products p join menu_categories c on c.id = p.category_id
       where not p.archived and not c.hidden
       order by c.position, p.position, p.id`),
    pool.any(sql.unsafe`
      select v.id, v.product_id, v.name, v.incremental_price_pence as incremental_price, v.weighting, v.allergens, v.allergens_declared, v.status
        from menu_variants v join menu_products p on p.id = v.product_id
       where not p.archived and not v.archived
       order by v.product_id, v.weighting, v.id`),
  ])) as unknown as Row[][];
  const variantsByProduct = groupVariants(variants);
  return {
    categories: categories as unknown as Menu['categories'],
    products: products.map((row) => ({
      ...(row as Omit<CatalogueProduct, 'variants'>),
      variants: variantsByProduct.get(row.id as number) ?? [],
    })),
  };
}

function groupVariants(variants: Row[]): Map<number, CatalogueVariant[]> {
  const variantsByProduct = new Map<number, CatalogueVariant[]>();
  for (const row of variants) {
    const productId = row.product_id as number;
    const list = variantsByProduct.get(productId) ?? [];
    list.push({
      id: row.id as number,
      name: row.name as string,
      incremental_price: row.incremental_price as number,
      weighting: row.weighting as number,
      allergens: row.allergens as MenuVariant['allergens'],
      allergens_declared: row.allergens_declared as boolean,
      status: row.status as MenuVariant['status'],
    });
    variantsByProduct.set(productId, list);
  }
  return variantsByProduct;
}

/** The manager's catalogue: hidden categories and their dishes too, archived dishes and variants left out, and the last ids. */
export async function loadCatalogueForEditing(pool: DatabasePool): Promise<EditableCatalogue> {
  const [categories, products, variants, last] = (await Promise.all([
    pool.any(sql.unsafe`select id, name, position, hidden from menu_categories order by position, id`),
    pool.any(sql.unsafe`
      select p.id, p.name, p.short_desc, p.description, p.price_pence as price, p.image, p.image_srcset, p.vat_rate,
             p.allergens, p.allergens_declared, p.vegetarian, p.vegan, p.spice, p.status, p.virtual, p.category_id, p.position
        from menu_products p where not p.archived order by p.category_id, p.position, p.id`),
    pool.any(sql.unsafe`
      select v.id, v.product_id, v.name, v.incremental_price_pence as incremental_price, v.weighting, v.allergens, v.allergens_declared, v.status
        from menu_variants v join menu_products p on p.id = v.product_id
       where not p.archived and not v.archived order by v.product_id, v.weighting, v.id`),
    pool.one(sql.unsafe`
      select (select coalesce(max(id), 0) from menu_categories)::int as category,
             (select coalesce(max(id), 0) from menu_products)::int as product,
             (select coalesce(max(id), 0) from menu_variants)::int as variant`),
  ])) as unknown as [Row[], Row[], Row[], Row];
  const variantsByProduct = groupVariants(variants);
  return {
    categories: categories as unknown as EditableCatalogue['categories'],
    products: products.map((row) => ({ ...(row as Omit<CatalogueProduct, 'variants'>), variants: variantsByProduct.get(row.id as number) ?? [] })),
    lastCategoryId: last.category as number,
    lastProductId: last.product as number,
    lastVariantId: last.variant as number,
  };
}

/** Shelf levels and the holds that last beyond `now`, in two queries. */
export async function loadStock(pool: DatabasePool, now: Date): Promise<StockTable> {
  const [levels, holds] = (await Promise.all([
    pool.any(sql.unsafe`select product_id, variant_key, units from menu_stock_levels`),
    pool.any(sql.unsafe`
      select product_id, variant_key, sum(quantity)::int as held, min(hold_until) as first_expiry
        from menu_stock_holds
       where hold_until > ${now.toISOString()} group by product_id, variant_key`),
  ])) as unknown as Row[][];
  const expiries = holds.map((row) => Number(row.first_expiry));
  return {
    units: new Map(levels.map((row) => [stockKey(row.product_id as number, row.variant_key as string), row.units as number])),
    held: new Map(holds.map((row) => [stockKey(row.product_id as number, row.variant_key as string), row.held as number])),
    nextHoldExpiry: expiries.length ? new Date(Math.min(...expiries)) : null,
  };
}

/** The menu: each product and variant with its counts; a product with options counts its active options. */
export function combineMenu(catalogue: Catalogue, stock: StockTable): Menu {
  const countsOf = (productId: number, variantKey: string) =>
    counts(stock.units.get(stockKey(productId, variantKey)) ?? 0, stock.held.get(stockKey(productId, variantKey)) ?? 0);
  return {
    nextHoldExpiry: stock.nextHoldExpiry,
    categories: catalogue.categories,
    products: catalogue.products.map(({ variants: options, ...product }) => {
      const variants = options.map((variant) => ({ ...variant, ...countsOf(product.id, String(variant.id)) }));
      const totals =
        variants.length === 0
          ? countsOf(product.id, '-')
          : variants
              .filter((variant) => variant.status === 'active')
              .reduce<StockCounts>(
                (sum, variant) => ({
                  stock: sum.stock + variant.stock,
                  in_basket: sum.in_basket + variant.in_basket,
                  available: sum.available + variant.available,
                }),
                { stock: 0, in_basket: 0, available: 0 },
              );
      return { ...product, ...totals, variants };
    }),
  };
}

/** Products with a basket hold that has run out, for the hold sweeper. */
export async function productsWithExpiredHolds(pool: DatabasePool, now: Date): Promise<number[]> {
  const rows = await pool.anyFirst(sql.unsafe`
    select distinct product_id from menu_stock_holds where hold_until <= ${now.toISOString()} order by product_id`);
  return [...rows] as number[];
}

/** Every shelf row: units and the daily par level, for the staff's stock sheet. */
export async function stockLevels(pool: DatabasePool): Promise<Array<{ productId: number; variantKey: string; units: number; parLevel: number | null }>> {
  const rows = (await pool.any(sql.unsafe`select product_id, variant_key, units, par_level from menu_stock_levels`)) as unknown as Row[];
  return rows.map((row) => ({ productId: row.product_id as number, variantKey: row.variant_key as string, units: row.units as number, parLevel: row.par_level as number | null }));
}

/** The products with a daily par level on some variant, for the start of each trading day. */
export async function productsWithParLevels(pool: DatabasePool): Promise<number[]> {
  const rows = await pool.anyFirst(sql.unsafe`select distinct product_id from menu_stock_levels where par_level is not null order by product_id`);
  return [...rows] as number[];
}

/**
 * How many dishes of the menu (archived ones aside) show each image as their picture: a dish's image is a link to
 * one of the image's stored versions, which `mediaIdOfLink` reads.
 */
export async function dishImageUses(pool: DatabasePool, imageIds: readonly string[]): Promise<Map<string, number>> {
  const wanted = new Set(imageIds);
  const links = (await pool.anyFirst(sql.unsafe`select image from menu_products where not archived and image is not null`)) as string[];
  const uses = new Map<string, number>();
  for (const link of links) {
    const id = mediaIdOfLink(link);
    if (id !== null && wanted.has(id)) uses.set(id, (uses.get(id) ?? 0) + 1);
  }
  return uses;
}

/** The names of the menu's dishes and variants, for reports that name a dish by its ids (the night report's sold-out moments). */
export async function dishNames(pool: DatabasePool): Promise<{ products: Map<number, string>; variants: Map<number, string> }> {
  const products = await pool.any(sql.unsafe`select id, name from menu_products`);
  const variants = await pool.any(sql.unsafe`select id, name from menu_variants`);
  return {
    products: new Map(products.map((row) => [row.id as number, row.name as string])),
    variants: new Map(variants.map((row) => [row.id as number, row.name as string])),
  };
}
