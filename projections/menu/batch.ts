import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { ProjectionContext } from '../../src/projections/types';
import { STOCK_EVENT_TYPES, variantKey, type StockEvent } from '../../modules/stock';

type Tx = ProjectionContext['tx'];

const STOCK_TYPES = new Set<string>(STOCK_EVENT_TYPES);

/** What a batch does to one basket's hold on one product (or option), folded in event order. */
interface HoldChange {
  productId: number;
  variantKey: string;
  cartId: string;
  /** Units reserved minus units given back, lapsed or sold. */
  delta: number;
  reserved: boolean;
  /** The last hold end the batch set (by a reservation or a renewal). */
  holdUntil?: string;
}

type LevelStep = { set: number } | { add: number } | { take: number };

/**
 * The menu projection for a whole batch: catalogue events one by one (they are rare), and the stock events
 * of a busy evening folded per hold and per shelf, then written in a few set-based statements.
 *
 * Folding a hold gives what applying its events one by one gives: a basket can only give back what it
 * holds, so a hold never goes below nothing in between, and a hold row carries nothing (unlike a basket
 * line's place) that being emptied and added again would change. Shelf levels are folded when the batch
 * only takes from them (taking a then b, never below 0, is taking a + b, never below 0); a shelf that is
 * also set or given back to is written step by step.
 */
export async function applyMenuBatch(events: StoredEvent[], tx: Tx, applyOne: (event: StoredEvent) => Promise<void>): Promise<void> {
  const holds = new Map<string, HoldChange>();
  const levels = new Map<string, { productId: number; variantKey: string; steps: LevelStep[] }>();
  const pars: Array<{ productId: number; variantId: number | null; parLevel: number | null }> = [];
  const holdOf = (data: { productId: number; variantId: number | null; cartId: string }) => {
    const key = `${data.productId}|${variantKey(data.variantId)}|${data.cartId}`;
    let hold = holds.get(key);
    if (!hold) {
      hold = { productId: data.productId, variantKey: variantKey(data.variantId), cartId: data.cartId, delta: 0, reserved: false };
      holds.set(key, hold);
    }
    return hold;
  };
  const stepOn = (data: { productId: number; variantId: number | null }, step: LevelStep) => {
    const key = `${data.productId}|${variantKey(data.variantId)}`;
    const level = levels.get(key) ?? levels.set(key, { productId: data.productId, variantKey: variantKey(data.variantId), steps: [] }).get(key)!;
    level.steps.push(step);
  };

  for (const stored of events) {
    if (!STOCK_TYPES.has(stored.type)) {
      await applyOne(stored);
      continue;
    }
    const event = { type: stored.type, data: stored.data } as StockEvent;
    switch (event.type) {
      case 'StockLevelSet':
        stepOn(event.data, { set: event.data.units });
        break;
      case 'StockReserved': {
        const hold = holdOf(event.data);
        hold.delta += event.data.quantity;
        hold.reserved = true;
        hold.holdUntil = event.data.holdUntil;
        break;
      }
      case 'StockHoldRenewed':
        holdOf(event.data).holdUntil = event.data.holdUntil;
        break;
      case 'StockReturned':
      case 'StockHoldExpired':
        holdOf(event.data).delta -= event.data.quantity;
        break;
      case 'StockSold':
        holdOf(event.data).delta -= event.data.quantity;
        stepOn(event.data, { take: event.data.quantity });
        break;
      case 'StockSaleCancelled':
        stepOn(event.data, { add: event.data.quantity });
        break;
      case 'StockRestocked':
        stepOn(event.data, { add: event.data.units });
        break;
      case 'StockDayStarted':
        stepOn(event.data, { set: event.data.units });
        break;
      case 'StockParLevelSet':
        pars.push(event.data);
        break;
      default: {
        const never: never = event;
        return never;
      }
    }
  }
  await applyHoldChanges(tx, [...holds.values()]);
  await applyLevelChanges(tx, [...levels.values()]);
  for (const par of pars) await setParLevel(tx, par);
}

/** A par level lives beside the shelf level; a dish with none on the shelf yet gets its row at 0 units. */
export async function setParLevel(tx: Tx, par: { productId: number; variantId: number | null; parLevel: number | null }): Promise<void> {
  await tx.query(sql.unsafe`
    insert into menu_stock_levels (product_id, variant_key, units, par_level)
    values (${par.productId}, ${variantKey(par.variantId)}, 0, ${par.parLevel})
    on conflict (product_id, variant_key) do update set par_level = excluded.par_level`);
}

async function applyHoldChanges(tx: Tx, holds: HoldChange[]): Promise<void> {
  if (holds.length === 0) return;
  const reserved = holds.filter((hold) => hold.reserved);
  const others = holds.filter((hold) => !hold.reserved);
  if (reserved.length > 0) {
    await tx.query(sql.unsafe`
      insert into menu_stock_holds (product_id, variant_key, cart_id, quantity, hold_until)
      select * from ${sql.unnest(
        reserved.map((hold) => [hold.productId, hold.variantKey, hold.cartId, hold.delta, hold.holdUntil!]),
        ['int4', 'text', 'uuid', 'int4', 'timestamptz'],
      )}
      on conflict (product_id, variant_key, cart_id)
      do update set quantity = menu_stock_holds.quantity + excluded.quantity, hold_until = excluded.hold_until`);
  }
  if (others.length > 0) {
    await tx.query(sql.unsafe`
      update menu_stock_holds h
         set quantity = h.quantity + d.delta, hold_until = coalesce(d.hold_until, h.hold_until)
        from ${sql.unnest(
          others.map((hold) => [hold.productId, hold.variantKey, hold.cartId, hold.delta, hold.holdUntil ?? null]),
          ['int4', 'text', 'uuid', 'int4', 'timestamptz'],
        )} as d(product_id, variant_key, cart_id, delta, hold_until)
       where h.product_id = d.product_id and h.variant_key = d.variant_key and h.cart_id = d.cart_id`);
  }
  await tx.query(sql.unsafe`
    delete from menu_stock_holds h
     using ${sql.unnest(holds.map((hold) => [hold.productId, hold.variantKey, hold.cartId]), ['int4', 'text', 'uuid'])}
           as d(product_id, variant_key, cart_id)
     where h.product_id = d.product_id and h.variant_key = d.variant_key and h.cart_id = d.cart_id and h.quantity <= 0`);
}

async function applyLevelChanges(tx: Tx, levels: Array<{ productId: number; variantKey: string; steps: LevelStep[] }>): Promise<void> {
  const onlyTaken = levels.filter((level) => level.steps.every((step) => 'take' in step));
  if (onlyTaken.length > 0) {
    await tx.query(sql.unsafe`
      update menu_stock_levels l set units = greatest(0, l.units - d.taken)
        from ${sql.unnest(
          onlyTaken.map((level) => [level.productId, level.variantKey, level.steps.reduce((sum, step) => sum + (step as { take: number }).take, 0)]),
          ['int4', 'text', 'int4'],
        )} as d(product_id, variant_key, taken)
       where l.product_id = d.product_id and l.variant_key = d.variant_key`);
  }
  for (const level of levels.filter((candidate) => !onlyTaken.includes(candidate))) {
    for (const step of level.steps) {
      const where = sql.fragment`product_id = ${level.productId} and variant_key = ${level.variantKey}`;
      if ('set' in step) {
        await tx.query(sql.unsafe`
          insert into menu_stock_levels (product_id, variant_key, units) values (${level.productId}, ${level.variantKey}, ${step.set})
          on conflict (product_id, variant_key) do update set units = excluded.units`);
      } else if ('add' in step) {
        await tx.query(sql.unsafe`
          insert into menu_stock_levels (product_id, variant_key, units) values (${level.productId}, ${level.variantKey}, ${step.add})
          on conflict (product_id, variant_key) do update set units = menu_stock_levels.units + excluded.units`);
      } else {
        await tx.query(sql.unsafe`update menu_stock_levels set units = greatest(0, units - ${step.take}) where ${where}`);
      }
    }
  }
}
