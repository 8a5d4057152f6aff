import { sql, type FragmentSqlToken } from 'slonik';
import type { DatabaseConnection } from '../../src/db/pool';
import type { StoredEvent } from '../../src/eventstore/types';
import { foldStoredStock, holdKey, storedHold, variantKey, type StockEvent, type StoredStock } from '../../modules/stock';

/** The stock events that change a basket's lines: its holds. */
export const HOLD_EVENT_TYPES = ['StockReserved', 'StockReturned', 'StockHoldRenewed', 'StockHoldExpired', 'StockSold'] as const;
const HOLD_TYPES = new Set<string>(HOLD_EVENT_TYPES);
export const isHoldEvent = (event: StoredEvent) => HOLD_TYPES.has(event.type);

/** Basket lines as a batch leaves them: the ones it keeps, written whole, and the ones it empties. */
export interface LineWrites {
  kept: Array<[cartId: string, productId: number, variantId: number | null, variantKey: string, quantity: number, holdUntil: string, addedAt: string]>;
  emptied: Array<[cartId: string, productId: number, variantKey: string]>;
}

interface LineRow {
  cart_id: string;
  product_id: number;
  variant_key: string;
  quantity: number;
  hold_until: number | string;
  added_at: string;
}

/**
 * A basket's lines are the stock module's holds: the lines the batch's hold events touch are read (on `db`: the
 * batch's transaction, or the pool before the one statement that applies a lone move), each product's events
 * folded onto them with the stock module's own fold (`foldStoredStock`), and what changed answered. A line is
 * placed in its basket by where its hold began: a hold emptied and begun again within the batch comes back as
 * a new line, at the end.
 */
export async function foldLines(db: Pick<DatabaseConnection, 'any'>, events: readonly StoredEvent[]): Promise<LineWrites> {
  const writes: LineWrites = { kept: [], emptied: [] };
  if (events.length === 0) return writes;
  const byProduct = new Map<number, StoredEvent[]>();
  const touched = new Map<string, [string, number, string]>();
  for (const stored of events) {
    const { cartId, productId, variantId } = stored.data as { cartId: string; productId: number; variantId: number | null };
    (byProduct.get(productId) ?? byProduct.set(productId, []).get(productId)!).push(stored);
    touched.set(`${cartId}|${productId}|${variantKey(variantId)}`, [cartId, productId, variantKey(variantId)]);
  }
  const rows = (await db.any(sql.unsafe`
    select l.cart_id, l.product_id, l.variant_key, l.quantity, l.hold_until, l.added_at
      from cart_lines l
      join ${sql.unnest([...touched.values()], ['uuid', 'int4', 'text'])} as d(cart_id, product_id, variant_key)
        on l.cart_id = d.cart_id and l.product_id = d.product_id and l.variant_key = d.variant_key`)) as LineRow[];

  for (const [productId, productEvents] of byProduct) {
    const before: StoredStock = { units: {}, par: {}, holds: {} };
    /** Where each line stands in its basket: as read, then as the fold moves it. */
    const placed = new Map<string, string>();
    const addedAt = new Map<string, string>();
    for (const row of rows.filter((candidate) => candidate.product_id === productId)) {
      const variantId = row.variant_key === '-' ? null : Number(row.variant_key);
      const key = holdKey(row.cart_id, variantId);
      before.holds[key] = storedHold(row.cart_id, variantId, row.quantity, new Date(row.hold_until).toISOString());
      placed.set(key, row.added_at);
      addedAt.set(key, row.added_at);
    }
    const stockEvents = productEvents.map((stored) => ({ type: stored.type, data: stored.data }) as StockEvent);
    const after = foldStoredStock(before, stockEvents, (key, index) => addedAt.set(key, productEvents[index].position));
    const keys = new Set(productEvents.map((stored) => {
      const { cartId, variantId } = stored.data as { cartId: string; variantId: number | null };
      return holdKey(cartId, variantId);
    }));
    for (const key of keys) {
      const [was, hold] = [before.holds[key], after.holds[key]];
      if (hold) {
        const unchanged = was && was.quantity === hold.quantity && was.holdUntil === hold.holdUntil && addedAt.get(key) === placed.get(key);
        if (!unchanged) writes.kept.push([hold.cartId, productId, hold.variantId, variantKey(hold.variantId), hold.quantity, hold.holdUntil, addedAt.get(key)!]);
      } else if (was) writes.emptied.push([was.cartId, productId, variantKey(was.variantId)]);
    }
  }
  return writes;
}

/** The statements that write `lines`, each writing only where `guard` holds: at most one to keep, one to empty. */
export function lineStatements(lines: LineWrites, guard: FragmentSqlToken): FragmentSqlToken[] {
  const statements: FragmentSqlToken[] = [];
  if (lines.kept.length > 0) {
    statements.push(sql.fragment`
      insert into cart_lines (cart_id, product_id, variant_id, variant_key, quantity, hold_until, added_at)
      select * from ${sql.unnest(lines.kept, ['uuid', 'int4', 'int4', 'text', 'int4', 'timestamptz', 'text'])} as d where ${guard}
      on conflict (cart_id, product_id, variant_key)
      do update set quantity = excluded.quantity, hold_until = excluded.hold_until, added_at = excluded.added_at`);
  }
  if (lines.emptied.length > 0) {
    statements.push(sql.fragment`
      delete from cart_lines l
       using ${sql.unnest(lines.emptied, ['uuid', 'int4', 'text'])} as d(cart_id, product_id, variant_key)
       where l.cart_id = d.cart_id and l.product_id = d.product_id and l.variant_key = d.variant_key and ${guard}`);
  }
  return statements;
}
