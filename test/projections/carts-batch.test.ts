import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { cartsProjection } from '../../projections/carts/projection';
import { formatPosition } from '../../src/eventstore/postgres';
import { applyBatch } from '../../src/projections/runner';
import type { Position, StoredEvent } from '../../src/eventstore/types';
import { applyBothWays, eveningAt, historyBuilder, randomFrom } from '../support/batch-equivalence';
import { suiteDatabase } from '../support/database';

/** A valid history of baskets: units are only taken from a line that holds them. */
function basketHistory(seed: number, length: number): StoredEvent[] {
  const random = randomFrom(seed);
  const carts = Array.from({ length: 3 }, () => randomUUID());
  const opened = new Set<string>();
  const held = new Map<string, number>();
  const { events, push } = historyBuilder();
  const at = eveningAt;
  while (events.length < length) {
    const cartId = random.pick(carts);
    if (!opened.has(cartId)) {
      opened.add(cartId);
      push('CartOpened', { cartId });
      continue;
    }
    const productId = 1 + random.below(2);
    const variantId = random.pick([null, 7]);
    const key = `${cartId}|${productId}|${variantId}`;
    const units = held.get(key) ?? 0;
    const line = { cartId, productId, variantId };
    switch (random.below(9)) {
      case 0:
        push('CartNoteChanged', { cartId, note: random.pick(['', 'no onions', 'ring twice']) });
        break;
      case 1:
        push('CartAssignedToUser', { cartId, userId: randomUUID() });
        break;
      case 2:
        push('CartCheckedOut', { cartId, orderId: randomUUID() });
        break;
      case 3:
        if (units > 0) push('StockHoldRenewed', { ...line, holdUntil: at(events.length + 1800) });
        break;
      case 4:
      case 5: {
        if (units === 0) break;
        const quantity = 1 + random.below(units);
        held.set(key, units - quantity);
        push(random.pick(['StockReturned', 'StockHoldExpired', 'StockSold']), { ...line, quantity, ...(random.below(2) ? {} : { orderId: randomUUID() }) });
        break;
      }
      default: {
        const quantity = 1 + random.below(3);
        held.set(key, units + quantity);
        push('StockReserved', { ...line, quantity, holdUntil: at(events.length + 1800) });
      }
    }
  }
  return events;
}

describe('carts projection, a batch at a time', () => {
  const { pool } = suiteDatabase();

  async function tables() {
    return {
      carts: await pool.any(sql.unsafe`select cart_id, user_id, note, opened_at, checked_out_order from carts order by cart_id`),
      lines: await pool.any(sql.unsafe`select * from cart_lines order by cart_id, product_id, variant_key`),
    };
  }

  async function empty() {
    await pool.query(sql.unsafe`delete from cart_lines`);
    await pool.query(sql.unsafe`delete from carts`);
  }

  const publish = async () => undefined;

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('gives the same rows as one event at a time (seed %i)', async (seed) => {
    const { oneByOne, batched } = await applyBothWays(pool, cartsProjection, basketHistory(seed, 400), seed, tables);
    expect(oneByOne.lines.length).toBeGreaterThan(0);
    expect(batched).toEqual(oneByOne);
  });

  it('gives the same rows when each event comes alone, each in one statement', async () => {
    const history = basketHistory(9, 300);
    await empty();
    await pool.transaction(async (tx) => {
      for (const event of history) await cartsProjection.apply(event, { tx, publish });
    });
    const oneByOne = await tables();

    await empty();
    await pool.query(sql.unsafe`insert into projection_checkpoints (name, position) values ('carts', '0') on conflict (name) do update set position = '0'`);
    let position = '0' as Position;
    for (const event of history) position = await applyBatch(pool, cartsProjection, [event], position);
    expect(oneByOne.lines.length).toBeGreaterThan(0);
    expect(await tables()).toEqual(oneByOne);
    const inOne = await Promise.all(history.map(async (event) => (await cartsProjection.batchStatement!([event], sql.fragment`true`, pool)) !== undefined));
    expect(inOne.filter(Boolean).length).toBeGreaterThan(250);
  });

  it('adds a line emptied and reserved again within one batch anew, at its new place', async () => {
    const [opened, ...rest] = basketHistory(1, 1);
    await empty();
    const cartId = (opened.data as { cartId: string }).cartId;
    const event = (index: number, type: string, data: Record<string, unknown>): StoredEvent => ({
      ...opened,
      id: randomUUID(),
      type,
      data: { cartId, productId: 1, variantId: null, ...data },
      position: formatPosition(BigInt(index), BigInt(index)),
    });
    expect(rest).toEqual([]);
    await pool.transaction((tx) =>
      cartsProjection.applyAll!([opened, event(2, 'StockReserved', { quantity: 1, holdUntil: '2026-11-20T20:00:00.000Z' })], { tx, publish }),
    );
    await pool.transaction((tx) =>
      cartsProjection.applyAll!(
        [event(3, 'StockReturned', { quantity: 1 }), event(4, 'StockReserved', { quantity: 2, holdUntil: '2026-11-20T20:30:00.000Z' })],
        { tx, publish },
      ),
    );
    const lines = await pool.any(sql.unsafe`select quantity, added_at from cart_lines`);
    expect(lines).toEqual([{ quantity: 2, added_at: formatPosition(4n, 4n) }]);
  });
});
