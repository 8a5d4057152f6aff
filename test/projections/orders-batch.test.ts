import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { ordersProjection } from '../../projections/orders/projection';
import type { StoredEvent } from '../../src/eventstore/types';
import { applyBothWays, eveningAt, historyBuilder, randomFrom } from '../support/batch-equivalence';
import { suiteDatabase } from '../support/database';

const ITEM = { productId: 1, variantId: null, name: 'Onion Bhaji', variantName: '', unitPricePence: 395, quantity: 2, virtual: false };

/**
 * A valid evening of orders, interleaved: each order goes through the checkout steps in any order and any
 * number of times, is submitted (paid at once, or awaiting payment by phone), then the kitchen moves it on or
 * cancels it. Some orders stay in checkout; one in three is submitted on the next trading day.
 */
function eveningHistory(seed: number, length: number): StoredEvent[] {
  const random = randomFrom(seed);
  const { events, push } = historyBuilder();
  type Stage = 'checkout' | 'AWAITING-PAYMENT' | 'NEW' | 'PRINTED' | 'NOTIFIED' | 'done';
  const orders = new Map<string, Stage>();
  while (events.length < length) {
    const open = [...orders].filter(([, stage]) => stage !== 'done');
    if (open.length < 4 || random.below(6) === 0) {
      const orderId = randomUUID();
      orders.set(orderId, 'checkout');
      push('OrderPlaced', { orderId, cartId: randomUUID(), userId: random.pick([null, randomUUID()]), email: random.pick([null, 'a@example.com']), items: [ITEM], itemsTotalPence: 790, note: random.pick(['', 'no onions']) });
      continue;
    }
    const [orderId, stage] = random.pick(open);
    const set = (next: Stage) => orders.set(orderId, next);
    const at = eveningAt(events.length + 1);
    if (stage === 'checkout') {
      switch (random.below(6)) {
        case 0: {
          const quantity = 1 + random.below(4);
          push('OrderItemsRefreshed', { orderId, items: [{ ...ITEM, quantity }], itemsTotalPence: 395 * quantity, note: random.pick(['', 'extra onions']) });
          break;
        }
        case 1:
          push('TakeawayMethodChosen', random.pick([
            { orderId, method: 'DELIVER', postagePence: 250, postcode: random.pick(['LS6 2AA', 'LS1 1AA']) },
            { orderId, method: 'COLLECT', postagePence: -79, postcode: null },
          ]));
          break;
        case 2:
          push('DeliveryDetailsGiven', {
            orderId, email: 'sam@example.com', fullName: random.pick(['Sam Smith', 'Jo Bloggs']), address1: '1 Hyde Park Road', address2: '', address3: '',
            townCity: 'Leeds', postcode: 'LS6 2AA', phone: '07911 123456', deliveryInfo: random.pick(['', 'ring twice']), allergyInfo: random.pick(['', 'no peanuts']),
          });
          break;
        case 3:
          push('PaymentMethodChosen', { orderId, method: random.pick(['PHONE', 'CARD']) });
          break;
        default: {
          const status = random.pick(['AWAITING-PAYMENT', 'NEW'] as const);
          const submittedAt = random.below(3) === 0 ? new Date(Date.parse(at) + 24 * 3600_000).toISOString() : at;
          const totalPence = 500 + random.below(2000);
          push('OrderSubmitted', {
            orderId, paymentMethod: status === 'NEW' ? 'CARD' : 'PHONE', status, itemsTotalPence: totalPence, postagePence: 0,
            voucherDeductionPence: 0, totalPence, submittedAt, lapseAt: null, tradingDay: submittedAt.slice(0, 10),
          });
          set(status);
        }
      }
      continue;
    }
    if (stage === 'AWAITING-PAYMENT' && random.below(3) === 0) {
      push('OrderCancelled', { orderId, cancelledAt: at, reason: random.pick(['unpaid', 'lapsed']) });
      set('done');
      continue;
    }
    switch (stage) {
      case 'AWAITING-PAYMENT':
        push('OrderPaid', { orderId, paidAt: at, dueBy: eveningAt(events.length + 1800) });
        set('NEW');
        break;
      case 'NEW':
        push('OrderPrinted', { orderId, printedAt: at, copy: 1, via: 'browser' });
        set('PRINTED');
        break;
      case 'PRINTED':
        push('CustomerNotified', { orderId, notifiedAt: at });
        set('NOTIFIED');
        break;
      case 'NOTIFIED':
        push('OrderCompleted', { orderId, completedAt: at });
        set('done');
        break;
    }
  }
  return events;
}

describe('orders projection, a batch at a time', () => {
  const { pool } = suiteDatabase();
  // The projection's write counters (orders.version) number writes: the facts must match, not how many writes made them.
  const counters = ordersProjection.writeCounters?.orders ?? [];
  const rows = async () =>
    (await pool.any(sql.unsafe`select * from orders order by order_id`)).map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !counters.includes(column))));

  it.each([1, 2, 3, 4, 5, 6])('gives the same rows and the same messages to staff screens as one event at a time (seed %i)', async (seed) => {
    const history = eveningHistory(seed, 300);
    const { oneByOne, batched, messages } = await applyBothWays(pool, ordersProjection, history, seed, rows);
    expect(oneByOne.length).toBeGreaterThan(20);
    expect(batched).toEqual(oneByOne);
    expect(messages.oneByOne.filter((message) => (message as { event: string }).event === 'NewOrder').length).toBeGreaterThan(5);
    expect(messages.batched).toEqual(messages.oneByOne);
  });
});
