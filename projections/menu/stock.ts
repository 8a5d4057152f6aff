import { sql, type FragmentSqlToken } from 'slonik';
import type { ProjectionContext } from '../../src/projections/types';
import { foldStoredStock, holdKey, storedAvailable, storedHold, variantKey, type StockEvent, type StoredStock } from '../../modules/stock';
import { stockLabelKey } from '../../src/shared/menu';

type Tx = ProjectionContext['tx'];

const variantIdOf = (key: string) => (key === '-' ? null : Number(key));

interface LoadedRow {
  product_id: number;
  variant_key: string;
  units: number | null;
  par_level: number | null;
  /** Units held, at the batch's time, by the holds of this row that the batch does not touch. */
  others_held: number;
  holds: Array<{ cartId: string; quantity: number; holdUntil: string }>;
}

/**
 * The menu's stock for a batch: the shelf rows and holds its stock events touch are read in one query, each
 * product's events folded onto them with the stock module's own fold (`foldStoredStock`), and what changed
 * written back in one statement. Answers the dishes whose stock label (sold out, 'Only N left', or nothing)
 * the batch changed at `at`, the batch's time, for the live menu.
 */
export async function applyStockEvents(tx: Tx, events: readonly StockEvent[], at: string): Promise<Set<number>> {
  const labelChanged = new Set<number>();
  if (events.length === 0) return labelChanged;
  const byProduct = new Map<number, StockEvent[]>();
  const rowKeys = new Map<string, [number, string]>();
  const holdKeys = new Map<string, [number, string, string]>();
  for (const event of events) {
    const { productId } = event.data;
    const key = variantKey(event.data.variantId);
    (byProduct.get(productId) ?? byProduct.set(productId, []).get(productId)!).push(event);
    rowKeys.set(`${productId}|${key}`, [productId, key]);
    if ('cartId' in event.data) holdKeys.set(`${productId}|${key}|${event.data.cartId}`, [productId, key, event.data.cartId]);
  }
  const rows = await loadRows(tx, [...rowKeys.values()], [...holdKeys.values()], at);

  const levelWrites: Array<[number, string, number, number | null]> = [];
  const holdWrites: Array<[number, string, string, number, string]> = [];
  const holdDeletes: Array<[number, string, string]> = [];
  for (const [productId, productEvents] of byProduct) {
    const own = rows.filter((row) => row.product_id === productId);
    const before: StoredStock = { units: {}, par: {}, holds: {} };
    for (const row of own) {
      if (row.units !== null) before.units[row.variant_key] = row.units;
      if (row.par_level !== null) before.par[row.variant_key] = row.par_level;
      for (const hold of row.holds) {
        before.holds[holdKey(hold.cartId, variantIdOf(row.variant_key))] = storedHold(hold.cartId, variantIdOf(row.variant_key), hold.quantity, new Date(hold.holdUntil).toISOString());
      }
    }
    const after = foldStoredStock(before, productEvents);

    for (const row of own) {
      const key = row.variant_key;
      const label = (stock: StoredStock) => stockLabelKey(storedAvailable(stock, variantIdOf(key), at, row.others_held));
      if (label(before) !== label(after)) labelChanged.add(productId);
      if (before.units[key] !== after.units[key] || before.par[key] !== after.par[key]) {
        levelWrites.push([productId, key, after.units[key] ?? 0, after.par[key] ?? null]);
      }
    }
    for (const key of new Set([...Object.keys(before.holds), ...Object.keys(after.holds)])) {
      const [was, now] = [before.holds[key], after.holds[key]];
      if (now && (now.quantity !== was?.quantity || now.holdUntil !== was.holdUntil)) {
        holdWrites.push([productId, variantKey(now.variantId), now.cartId, now.quantity, now.holdUntil]);
      } else if (!now && was) holdDeletes.push([productId, variantKey(was.variantId), was.cartId]);
    }
  }
  await write(tx, levelWrites, holdWrites, holdDeletes);
  return labelChanged;
}

async function loadRows(tx: Tx, rowKeys: Array<[number, string]>, holdKeys: Array<[number, string, string]>, at: string): Promise<LoadedRow[]> {
  return (await tx.any(sql.unsafe`
    with t(product_id, variant_key, cart_id) as (select * from ${sql.unnest(holdKeys, ['int4', 'text', 'uuid'])})
    select k.product_id, k.variant_key, l.units, l.par_level,
           (select coalesce(sum(h.quantity), 0) from menu_stock_holds h
             where h.product_id = k.product_id and h.variant_key = k.variant_key and h.hold_until > ${at}
               and not exists (select 1 from t where t.product_id = h.product_id and t.variant_key = h.variant_key and t.cart_id = h.cart_id))::int
             as others_held,
           (select coalesce(json_agg(json_build_object('cartId', h.cart_id, 'quantity', h.quantity, 'holdUntil', h.hold_until)), '[]'::json)
              from menu_stock_holds h join t on t.product_id = h.product_id and t.variant_key = h.variant_key and t.cart_id = h.cart_id
             where h.product_id = k.product_id and h.variant_key = k.variant_key) as holds
      from ${sql.unnest(rowKeys, ['int4', 'text'])} as k(product_id, variant_key)
      left join menu_stock_levels l on l.product_id = k.product_id and l.variant_key = k.variant_key`)) as LoadedRow[];
}

/** Shelf rows and holds as the fold left them, in one statement (the rows each part writes are distinct). */
async function write(
  tx: Tx,
  levels: Array<[number, string, number, number | null]>,
  holds: Array<[number, string, string, number, string]>,
  deletes: Array<[number, string, string]>,
): Promise<void> {
  const parts: FragmentSqlToken[] = [];
  if (levels.length > 0) {
    parts.push(sql.fragment`levels as (
      insert into menu_stock_levels (product_id, variant_key, units, par_level)
      select * from ${sql.unnest(levels, ['int4', 'text', 'int4', 'int4'])}
      on conflict (product_id, variant_key) do update set units = excluded.units, par_level = excluded.par_level)`);
  }
  if (holds.length > 0) {
    parts.push(sql.fragment`holds as (
      insert into menu_stock_holds (product_id, variant_key, cart_id, quantity, hold_until)
      select * from ${sql.unnest(holds, ['int4', 'text', 'uuid', 'int4', 'timestamptz'])}
      on conflict (product_id, variant_key, cart_id) do update set quantity = excluded.quantity, hold_until = excluded.hold_until)`);
  }
  if (deletes.length > 0) {
    parts.push(sql.fragment`emptied as (
      delete from menu_stock_holds h using ${sql.unnest(deletes, ['int4', 'text', 'uuid'])} as d(product_id, variant_key, cart_id)
       where h.product_id = d.product_id and h.variant_key = d.variant_key and h.cart_id = d.cart_id)`);
  }
  if (parts.length > 0) await tx.query(sql.unsafe`with ${sql.join(parts, sql.fragment`, `)} select 1`);
}
