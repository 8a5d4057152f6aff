import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { ordersProjection } from '../../projections/orders/projection';
import { ORIGIN, type NewEvent } from '../../src/eventstore/types';
import { EventNotValid } from '../../src/eventstore/versioned-store';
import { applyBatch } from '../../src/projections/runner';
import { versionedShops, type VersionedShop } from '../support/versioned-shops';

const orderId = randomUUID();
const event = (type: string, data: unknown, at: string): NewEvent => ({ id: randomUUID(), type, data, metadata: { actor: 'system', at, correlationId: 'c', causationId: 'c' } });
const item = { productId: 1, variantId: null, name: 'Onion Bhaji', variantName: '', unitPricePence: 395, quantity: 2, virtual: false };
// 00:30 on 21 July in London (BST), 23:30 on the 20th in UTC.
const submittedAt = '2026-07-20T23:30:00.000Z';
const submitted = { orderId, paymentMethod: 'CARD', status: 'NEW', itemsTotalPence: 790, postagePence: 0, voucherDeductionPence: 0, totalPence: 790, submittedAt, lapseAt: null };
const history = (submission: object) => [
  event('OrderPlaced', { orderId, cartId: randomUUID(), userId: null, email: null, items: [item], itemsTotalPence: 790, note: '' }, submittedAt),
  event('OrderSubmitted', submission, submittedAt),
];

/** Issue 14 item 7: OrderSubmitted carries its trading day; orders submitted before it did get their London date. */
describe('OrderSubmitted without a trading day (written before issue 14 item 7)', () => {
  const shops = versionedShops();
  const openShop = () => shops.open();
  async function replayedDay(shop: VersionedShop): Promise<unknown> {
    await shop.pool.query(sql.unsafe`insert into projection_checkpoints (name, position) values ('orders', ${ORIGIN})`);
    await applyBatch(shop.pool, ordersProjection, await shop.store.readAll({ after: ORIGIN, limit: 100 }), ORIGIN);
    return shop.pool.oneFirst(sql.unsafe`select trading_day::text from orders where order_id = ${orderId}`);
  }

  it('reads as counting in the London date of its submission, and replays to the same row as one written today', async () => {
    const before = await openShop();
    await before.raw.append(`order-${orderId}`, history(submitted), { expectedRevision: 'no_stream' });
    const today = await openShop();
    await today.store.append(`order-${orderId}`, history({ ...submitted, tradingDay: '2026-07-21' }), { expectedRevision: 'no_stream' });

    const [read] = (await before.store.read(`order-${orderId}`)).events.filter((stored) => stored.type === 'OrderSubmitted');
    expect(read.data).toEqual({ ...submitted, tradingDay: '2026-07-21' });
    expect(await replayedDay(before)).toBe('2026-07-21');
    expect(await replayedDay(today)).toBe('2026-07-21');
  });

  it('is refused when written today: the decider always says the day', async () => {
    const shop = await openShop();
    await expect(shop.store.append(`order-${orderId}`, history(submitted), { expectedRevision: 'no_stream' })).rejects.toThrow(EventNotValid);
  });
});
