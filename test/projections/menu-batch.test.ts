import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { menuProjection } from '../../projections/menu/projection';
import type { StoredEvent } from '../../src/eventstore/types';
import { applyBothWays, eveningAt, historyBuilder, randomFrom } from '../support/batch-equivalence';
import { suiteDatabase } from '../support/database';

/** A valid stock history: baskets only give back or sell what they hold; a sale is only cancelled once. */
function stockHistory(seed: number, length: number): StoredEvent[] {
  const random = randomFrom(seed);
  const carts = Array.from({ length: 4 }, () => randomUUID());
  const held = new Map<string, number>();
  const sales: Array<{ productId: number; variantId: number | null; quantity: number; orderId: string }> = [];
  const { events, push } = historyBuilder();
  const at = eveningAt;
  push('CategoryAdded', { categoryId: 1, name: 'Starters', position: 1 });
  while (events.length < length) {
    const productId = 1 + random.below(2);
    const variantId = random.pick([null, 5]);
    const cartId = random.pick(carts);
    const key = `${productId}|${variantId}|${cartId}`;
    const units = held.get(key) ?? 0;
    const hold = { productId, variantId, cartId };
    switch (random.below(13)) {
      case 0:
        push('StockLevelSet', { productId, variantId, units: random.below(50) });
        break;
      case 1: {
        const sale = sales.splice(random.below(sales.length + 1), 1)[0];
        if (sale) push('StockSaleCancelled', { productId: sale.productId, variantId: sale.variantId, orderId: sale.orderId, quantity: sale.quantity });
        break;
      }
      case 2:
        if (units > 0) push('StockHoldRenewed', { ...hold, holdUntil: at(events.length + 1800) });
        break;
      case 3:
      case 4:
      case 5: {
        if (units === 0) break;
        const quantity = 1 + random.below(units);
        held.set(key, units - quantity);
        const type = random.pick(['StockReturned', 'StockHoldExpired', 'StockSold']);
        const orderId = randomUUID();
        if (type === 'StockSold') sales.push({ productId, variantId, quantity, orderId });
        push(type, { ...hold, quantity, ...(type === 'StockSold' ? { orderId } : {}) });
        break;
      }
      case 10:
        push('StockRestocked', { productId, variantId, units: 1 + random.below(10) });
        break;
      case 11:
        push('StockParLevelSet', { productId, variantId, parLevel: random.pick([null, 20]) });
        break;
      case 12:
        push('StockDayStarted', { productId, variantId, tradingDay: '2026-11-21', units: random.below(30) });
        break;
      default: {
        const quantity = 1 + random.below(3);
        held.set(key, units + quantity);
        push('StockReserved', { ...hold, quantity, holdUntil: at(events.length + 1800) });
      }
    }
  }
  return events;
}

describe('menu projection, a batch at a time', () => {
  const { pool } = suiteDatabase();

  async function tables() {
    return {
      categories: await pool.any(sql.unsafe`select * from menu_categories order by id`),
      levels: await pool.any(sql.unsafe`select * from menu_stock_levels order by product_id, variant_key`),
      holds: await pool.any(sql.unsafe`select * from menu_stock_holds order by product_id, variant_key, cart_id`),
    };
  }

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('gives the same rows as one event at a time (seed %i)', async (seed) => {
    const { oneByOne, batched } = await applyBothWays(pool, menuProjection, stockHistory(seed, 400), seed, tables);
    expect(oneByOne.holds.length).toBeGreaterThan(0);
    expect(oneByOne.levels.length).toBeGreaterThan(0);
    expect(batched).toEqual(oneByOne);
  });
});
