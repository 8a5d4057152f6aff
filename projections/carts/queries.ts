import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';

import type { CartLineRow, CartRow, HeldUnits, StoredBaskets } from '../../modules/cart';

export type { CartLineRow, CartRow };

/** The cart module's StoredBaskets port, on this read model. */
export function storedBaskets(pool: DatabasePool): StoredBaskets {
  return { find: (cartId) => findCart(pool, cartId), lines: (cartId) => cartLines(pool, cartId), heldIn: (cartIds, now) => heldIn(pool, cartIds, now) };
}

/** The units these baskets hold together at `now`, per dish, in one query. */
export async function heldIn(pool: DatabasePool, cartIds: readonly string[], now: Date): Promise<HeldUnits[]> {
  if (cartIds.length === 0) return [];
  return (await pool.any(sql.unsafe`
    select product_id as "productId", variant_id as "variantId", sum(quantity)::int as quantity
      from cart_lines where cart_id = any(${sql.array([...cartIds], 'uuid')}) and hold_until > ${now.toISOString()}
     group by product_id, variant_id`)) as HeldUnits[];
}

export async function findCart(pool: DatabasePool, cartId: string): Promise<CartRow | null> {
  const row = await pool.maybeOne(sql.unsafe`
    select cart_id as "cartId", user_id as "userId", note from carts where cart_id = ${cartId}`);
  return row as CartRow | null;
}

/** The basket's lines in the order they were first added. */
export async function cartLines(pool: DatabasePool, cartId: string): Promise<CartLineRow[]> {
  const rows = await pool.any(sql.unsafe`
    select product_id as "productId", variant_id as "variantId", quantity, hold_until as "holdUntil"
      from cart_lines where cart_id = ${cartId} order by added_at`);
  return rows.map((row) => {
    const line = row as CartLineRow & { holdUntil: number };
    return { ...line, holdUntil: new Date(line.holdUntil) };
  });
}
