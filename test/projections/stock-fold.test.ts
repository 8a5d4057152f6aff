import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { cartsProjection } from '../../projections/carts/projection';
import { menuProjection } from '../../projections/menu/projection';
import { stockDecider, type StockCommand } from '../../modules/stock/decider';
import { variantKey, type StockEvent, type StockState } from '../../modules/stock';
import { DomainError } from '../../src/core/errors';
import { formatPosition } from '../../src/eventstore/postgres';
import type { StoredEvent } from '../../src/eventstore/types';
import type { DatabaseConnection } from '../../src/db/pool';
import { handlesType } from '../../src/projections/runner';
import { randomFrom } from '../support/batch-equivalence';
import { suiteDatabase } from '../support/database';

/**
 * The read models fold like the decider (issue 29 item 3): random stock commands run through the stock decider,
 * their events through the menu and carts projections in batches of random sizes, and the shelf rows, holds and
 * basket lines must then say what the decider's state says. Each run is applied in one transaction, rolled back
 * once read, to keep 100 runs fast; the runner's own paths (a lone move in one statement) are held to the same
 * rows by test/projections/carts-batch.test.ts and menu-batch.test.ts.
 */
const RUNS = 100;
const COMMANDS = 200;
/** Product 1 has no options; product 2 has options 1 and 2. */
const DISHES: Array<{ productId: number; variantId: number | null }> = [
  { productId: 1, variantId: null },
  { productId: 2, variantId: 1 },
  { productId: 2, variantId: 2 },
];
const HOLD_MINUTES = 10;
const facts = {
  offer: { offered: true as const },
  basket: { caps: { perDish: 1000, perBasket: 1000 }, lifetimeMinutes: 45, dish: 'A dish', heldOfOtherDishes: 0 },
};

type Random = ReturnType<typeof randomFrom>;

function randomCommand(random: Random, now: Date, carts: string[], orders: string[]): StockCommand {
  const { productId, variantId } = random.pick(DISHES);
  const cartId = random.pick(carts);
  const at = now.toISOString();
  const holdUntil = new Date(now.getTime() + HOLD_MINUTES * 60_000).toISOString();
  const quantity = 1 + random.below(4);
  switch (random.below(12)) {
    case 0:
      return { type: 'Restock', productId, variantId, units: 1 + random.below(10) };
    case 1:
      // Sold out, or back on: the manager sets the shelf.
      return { type: 'SetStockLevel', productId, variantId, units: random.pick([0, 0, 5, 20]) };
    case 2:
      return { type: 'SetParLevel', productId, variantId, parLevel: random.pick([null, 0, 12]) };
    case 3:
      return { type: 'StartStockDay', productId, tradingDay: `2026-11-${String(20 + random.below(8)).padStart(2, '0')}` };
    case 4:
      return { type: 'ReturnStock', productId, variantId, cartId, quantity, now: at };
    case 5:
      return { type: 'RenewHolds', productId, cartId, now: at, holdUntil, lifetimeMinutes: 45 };
    case 6:
      return { type: 'ExpireHolds', productId, now: at };
    case 7:
      return { type: 'SellStock', productId, variantId, cartId, orderId: random.pick(orders), quantity, now: at };
    case 8:
      return {
        type: 'CancelSale',
        productId,
        variantId,
        orderId: random.pick(orders),
        orderSold: null,
        basket: random.below(2) ? { cartId, holdUntil, reservedAt: at } : null,
      };
    default:
      return { type: 'ReserveStock', productId, variantId, cartId, quantity, now: at, holdUntil, ...facts };
  }
}

/** One run: the commands through the decider, each product's state kept, and the events as the store keeps them. */
function history(seed: number): { events: StoredEvent[]; states: Map<number, StockState> } {
  const random = randomFrom(seed);
  const carts = Array.from({ length: 3 }, () => randomUUID());
  const orders = Array.from({ length: 4 }, () => randomUUID());
  const states = new Map(DISHES.map(({ productId }) => [productId, stockDecider.initialState]));
  const events: StoredEvent[] = [];
  let now = new Date('2026-11-20T18:00:00.000Z');
  for (let step = 0; step < COMMANDS; step++) {
    // Each command strictly later than the last, sometimes past a hold's end.
    now = new Date(now.getTime() + 1000 + random.below(4 * 60_000));
    const command = randomCommand(random, now, carts, orders);
    let decided: StockEvent[];
    try {
      decided = stockDecider.decide(command, states.get(command.productId)!);
    } catch (error) {
      if (error instanceof DomainError) continue; // refused: nothing happened
      throw error;
    }
    states.set(command.productId, decided.reduce(stockDecider.evolve, states.get(command.productId)!));
    for (const event of decided) {
      const index = BigInt(events.length + 1);
      events.push({
        id: randomUUID(),
        type: event.type,
        data: event.data,
        metadata: { correlationId: randomUUID(), causationId: randomUUID(), actor: 'system', at: now.toISOString() },
        stream: `stock-${command.productId}`,
        revision: index,
        position: formatPosition(index, index),
        recordedAt: now,
      });
    }
  }
  return { events, states };
}

/** What the decider's states say the read models hold, in the read models' terms. */
function expected(states: Map<number, StockState>) {
  const levels: Array<{ product_id: number; variant_key: string; units: number; par_level: number | null }> = [];
  const holds: Array<{ product_id: number; variant_key: string; cart_id: string; quantity: number; hold_until: string; began: string }> = [];
  for (const [productId, state] of states) {
    for (const key of new Set([...Object.keys(state.units), ...Object.keys(state.par)])) {
      levels.push({ product_id: productId, variant_key: key, units: state.units[key] ?? 0, par_level: state.par[key] ?? null });
    }
    for (const hold of Object.values(state.holds)) {
      holds.push({ product_id: productId, variant_key: variantKey(hold.variantId), cart_id: hold.cartId, quantity: hold.quantity, hold_until: hold.holdUntil, began: hold.heldSince });
    }
  }
  return { levels, holds };
}

const byKey = (row: { product_id: number; variant_key: string; cart_id?: string }) => `${row.product_id}|${row.variant_key}|${row.cart_id ?? ''}`;
const sorted = <T extends { product_id: number; variant_key: string; cart_id?: string }>(rows: T[]) => [...rows].sort((a, b) => compare(byKey(a), byKey(b)));
/** A shelf row of no units and no par level says what no row says. */
const shown = <T extends { units: number; par_level: number | null }>(rows: T[]) => rows.filter((row) => row.units !== 0 || row.par_level !== null);
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const iso = (value: unknown) => new Date(value as number).toISOString();

describe('the menu and carts read models fold the stock like its decider', () => {
  const { pool } = suiteDatabase();

  const publish = async () => undefined;
  /** Thrown to roll a run back: each run starts from empty tables, at the cost of no commit. */
  const ROLL_BACK = new Error('roll the run back');

  /** The run's events through both projections in batches of random sizes; what they then hold; all rolled back. */
  async function project(events: StoredEvent[], random: Random) {
    let read: Awaited<ReturnType<typeof readModels>> | undefined;
    await pool
      .transaction(async (tx) => {
        for (let from = 0; from < events.length; ) {
          // Now and then a lone event, as a basket move comes; mostly longer batches, as the runner reads them.
          const batch = events.slice(from, from + (random.below(8) === 0 ? 1 : 2 + random.below(60)));
          await menuProjection.applyAll!(batch, { tx, publish });
          await cartsProjection.applyAll!(batch.filter((event) => handlesType(cartsProjection, event.type)), { tx, publish });
          from += batch.length;
        }
        read = await readModels(tx);
        throw ROLL_BACK;
      })
      .catch((error) => {
        if (error !== ROLL_BACK) throw error;
      });
    return read!;
  }

  async function readModels(tx: DatabaseConnection) {
    const levels = await tx.any(sql.unsafe`select product_id, variant_key, units, par_level from menu_stock_levels`);
    const holds = await tx.any(sql.unsafe`select product_id, variant_key, cart_id, quantity, hold_until from menu_stock_holds`);
    const lines = await tx.any(sql.unsafe`select cart_id, product_id, variant_id, variant_key, quantity, hold_until, added_at from cart_lines`);
    return { levels: levels as never[], holds: holds as Array<Record<string, unknown>>, lines: lines as Array<{ cart_id: string; added_at: string } & Record<string, unknown>> };
  }

  it(`agree after each of ${RUNS} runs of ${COMMANDS} random stock commands`, async () => {
    let folded = 0;
    for (let seed = 1; seed <= RUNS; seed++) {
      const { events, states } = history(seed);
      const got = await project(events, randomFrom(seed * 7919));
      const want = expected(states);
      const context = `seed ${seed}`;

      expect({ context, levels: sorted(shown(got.levels)) }).toEqual({ context, levels: sorted(shown(want.levels)) });
      const holds = want.holds.map(({ began: _began, ...hold }) => hold);
      expect({ context, holds: sorted(got.holds.map((row) => ({ ...row, hold_until: iso(row.hold_until) })) as never[]) }).toEqual({ context, holds: sorted(holds) });
      const lines = got.lines.map(({ added_at: _added, variant_id, ...row }) => ({ ...row, hold_until: iso(row.hold_until), variant: variant_id }));
      expect({ context, lines: sorted(lines as never[]) }).toEqual({
        context,
        lines: sorted(holds.map((hold) => ({ ...hold, variant: hold.variant_key === '-' ? null : Number(hold.variant_key) })) as never[]),
      });
      // Each basket's lines in the order their holds began, as the decider's state dates them.
      const order = (rows: Array<{ cart_id: unknown; product_id: unknown; variant_key: unknown }>) => rows.map((row) => `${row.cart_id as string}|${row.product_id as number}|${row.variant_key as string}`);
      const inBasket = <T extends { cart_id: unknown }>(rows: T[], place: (row: T) => string) =>
        [...rows].sort((a, b) => compare(a.cart_id as string, b.cart_id as string) || compare(place(a), place(b)));
      expect({ context, order: order(inBasket(got.lines, (line) => line.added_at) as never[]) }).toEqual({
        context,
        order: order(inBasket(want.holds, (hold) => hold.began)),
      });
      folded += events.length;
    }
    // The runs did reach the cases that matter: enough events, holds left at the end.
    expect(folded).toBeGreaterThan(RUNS * COMMANDS * 0.5);
  });
});
