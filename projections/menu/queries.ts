import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';

export interface MenuVariant {
  id: number;
  name: string;
  incremental_price: number;
  weighting: number;
  status: 'active' | 'out-of-stock';
  stock: number;
  in_basket: number;
  available: number;
}

export interface MenuProduct {
  id: number;
  name: string;
  short_desc: string;
  description: string;
  price: number;
  image: string | null;
  status: 'active' | 'out-of-stock';
  virtual: boolean;
  category_id: number;
  position: number;
  stock: number;
  in_basket: number;
  available: number;
  variants: MenuVariant[];
}

export interface Menu {
  categories: Array<{ id: number; name: string; position: number }>;
  products: MenuProduct[];
  /** When the first hold counted here runs out, changing what is available. */
  nextHoldExpiry: Date | null;
}

interface Counts {
  stock: number;
  in_basket: number;
  available: number;
}

function counts(units: number, held: number): Counts {
  return { stock: units, in_basket: held, available: Math.max(0, units - held) };
}

/** The whole menu in four queries; held units count only while their hold lasts (at `now`). */
export async function loadMenu(pool: DatabasePool, now: Date): Promise<Menu> {
  type Row = Record<string, unknown>;
  const [categories, products, variants, levels, holds] = (await Promise.all([
    pool.any(sql.unsafe`select id, name, position from menu_categories order by position, id`),
    pool.any(sql.unsafe`
      select p.id, p.name, p.short_desc, p.description, p.price_pence as price, p.image, p.status, p.virtual,
             p.category_id, p.position
        from menu_products p left join menu_categories c on c.id = p.category_id
       order by c.position, p.position, p.id`),
    pool.any(sql.unsafe`
      select id, product_id, name, incremental_price_pence as incremental_price, weighting, status
        from menu_variants order by product_id, weighting, id`),
    pool.any(sql.unsafe`select product_id, variant_key, units from menu_stock_levels`),
    pool.any(sql.unsafe`
      select product_id, variant_key, sum(quantity)::int as held, min(hold_until) as first_expiry
        from menu_stock_holds
       where hold_until > ${now.toISOString()} group by product_id, variant_key`),
  ])) as unknown as Row[][];
  const key = (productId: number, variantKey: string) => `${productId}|${variantKey}`;
  const units = new Map(levels.map((row) => [key(row.product_id as number, row.variant_key as string), row.units as number]));
  const held = new Map(holds.map((row) => [key(row.product_id as number, row.variant_key as string), row.held as number]));
  const countsOf = (productId: number, variantKey: string) =>
    counts(units.get(key(productId, variantKey)) ?? 0, held.get(key(productId, variantKey)) ?? 0);

  const variantsByProduct = new Map<number, MenuVariant[]>();
  for (const row of variants) {
    const productId = row.product_id as number;
    const list = variantsByProduct.get(productId) ?? [];
    list.push({
      id: row.id as number,
      name: row.name as string,
      incremental_price: row.incremental_price as number,
      weighting: row.weighting as number,
      status: row.status as MenuVariant['status'],
      ...countsOf(productId, String(row.id)),
    });
    variantsByProduct.set(productId, list);
  }

  const expiries = holds.map((row) => Number(row.first_expiry));
  return {
    nextHoldExpiry: expiries.length ? new Date(Math.min(...expiries)) : null,
    categories: categories as Menu['categories'],
    products: products.map((row) => {
      const productVariants = variantsByProduct.get(row.id as number) ?? [];
      const active = productVariants.filter((variant) => variant.status === 'active');
      const totals =
        productVariants.length === 0
          ? countsOf(row.id as number, '-')
          : active.reduce<Counts>(
              (sum, variant) => ({
                stock: sum.stock + variant.stock,
                in_basket: sum.in_basket + variant.in_basket,
                available: sum.available + variant.available,
              }),
              { stock: 0, in_basket: 0, available: 0 },
            );
      return { ...(row as Omit<MenuProduct, 'variants' | keyof Counts>), ...totals, variants: productVariants };
    }),
  };
}

/** Products with a basket hold that has run out, for the hold sweeper. */
export async function productsWithExpiredHolds(pool: DatabasePool, now: Date): Promise<number[]> {
  const rows = await pool.anyFirst(sql.unsafe`
    select distinct product_id from menu_stock_holds where hold_until <= ${now.toISOString()} order by product_id`);
  return [...rows] as number[];
}
