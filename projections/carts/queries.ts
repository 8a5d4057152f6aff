import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';

import type { CartLineRow, CartRow, StoredBaskets } from '../../modules/cart';

export type { CartLineRow, CartRow };

/** The cart module's StoredBaskets port, on this read model. */
export function storedBaskets(pool: DatabasePool): StoredBaskets {
  return { find: (cartId) => findCart(pool, cartId), lines: (cartId) => cartLines(pool, cartId) };
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
