import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { ProjectionContext } from '../../src/projections/types';
import { CATALOG_EVENT_TYPES } from '../../modules/catalog';
import { STOCK_EVENT_TYPES, variantKey } from '../../modules/stock';
import { stockLabelKey } from '../../src/shared/menu';

type Tx = ProjectionContext['tx'];

const CATALOGUE_TYPES = new Set<string>(CATALOG_EVENT_TYPES);
const STOCK_TYPES = new Set<string>(STOCK_EVENT_TYPES);

/**
 * Applies events to the menu read model and announces on the public `menu` channel, in the same transaction,
 * what a customer's open menu page must show anew (issue 16 item 6): every dish the catalogue changed, and every
 * dish whose stock label (sold out, 'Only N left', or nothing: `stockLabelKey`) the stock events changed. A
 * basket move that leaves the label as it was announces nothing. The hub sends each channel's messages at most
 * once a second.
 */
export async function applyAndAnnounce(events: StoredEvent[], { tx, publish }: ProjectionContext, apply: () => Promise<void>): Promise<void> {
  const productIds = new Set<number>();
  let categories = false;
  const stockKeys = new Map<string, [number, string]>();
  for (const event of events) {
    const data = event.data as { productId?: number; variantId?: number | null };
    if (CATALOGUE_TYPES.has(event.type)) {
      if (data.productId === undefined) categories = true;
      else productIds.add(data.productId);
    } else if (STOCK_TYPES.has(event.type) && data.productId !== undefined) {
      const key = variantKey(data.variantId ?? null);
      stockKeys.set(`${data.productId}|${key}`, [data.productId, key]);
    }
  }
  // Holds count while they last; the batch's own time is the one that matters to what it changed.
  const at = events.reduce((latest, event) => (event.metadata.at > latest ? event.metadata.at : latest), events[0]?.metadata.at ?? new Date(0).toISOString());
  const before = await labels(tx, [...stockKeys.values()], at);
  await apply();
  const after = await labels(tx, [...stockKeys.values()], at);
  for (const [key, label] of after) if (before.get(key) !== label) productIds.add(Number(key.split('|')[0]));
  if (productIds.size === 0 && !categories) return;
  // A change of the categories alone names no dish: the page refetches the whole menu on any message.
  await publish('menu', 'MenuChange', { productIds: [...productIds].sort((a, b) => a - b) });
}

async function labels(tx: Tx, keys: Array<[number, string]>, at: string): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = (await tx.any(sql.unsafe`
    select k.product_id, k.variant_key,
           greatest(0, coalesce(l.units, 0) - coalesce((
             select sum(h.quantity) from menu_stock_holds h
              where h.product_id = k.product_id and h.variant_key = k.variant_key and h.hold_until > ${at}), 0))::int as available
      from ${sql.unnest(keys, ['int4', 'text'])} as k(product_id, variant_key)
      left join menu_stock_levels l on l.product_id = k.product_id and l.variant_key = k.variant_key`)) as unknown as Array<{
    product_id: number;
    variant_key: string;
    available: number;
  }>;
  return new Map(rows.map((row) => [`${row.product_id}|${row.variant_key}`, stockLabelKey(row.available)]));
}
