import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { ordersProjection } from '../../projections/orders/projection';
import type { Position } from '../../src/eventstore/types';
import { applyBatch } from '../../src/projections/runner';
import { historyBuilder } from '../support/batch-equivalence';
import { suiteDatabase } from '../support/database';

/** Two orders through every checkout step, then placed, paid, printed, notified and completed. */
function orderHistory() {
  const { events, push } = historyBuilder();
  const item = { productId: 1, variantId: null, name: 'Onion Bhaji', variantName: '', unitPricePence: 395, quantity: 2, virtual: false };
  for (const orderId of [randomUUID(), randomUUID()]) {
    push('OrderPlaced', { orderId, cartId: randomUUID(), userId: null, email: null, items: [item], itemsTotalPence: 790, note: 'no onions' });
    push('OrderItemsRefreshed', { orderId, items: [{ ...item, quantity: 3 }], itemsTotalPence: 1185, note: 'extra onions' });
    push('TakeawayMethodChosen', { orderId, method: 'DELIVER', postagePence: 250, postcode: 'LS6 2AA' });
    push('DeliveryDetailsGiven', {
      orderId, email: 'sam@example.com', fullName: 'Sam Smith', address1: '1 Hyde Park Road', address2: '', address3: '',
      townCity: 'Leeds', postcode: 'LS6 2AA', phone: '07911 123456', deliveryInfo: 'ring twice', allergyInfo: 'no peanuts',
    });
    push('PaymentMethodChosen', { orderId, method: 'PHONE' });
    push('OrderSubmitted', {
      orderId, paymentMethod: 'PHONE', status: 'AWAITING-PAYMENT', itemsTotalPence: 1185, postagePence: 250,
      voucherDeductionPence: 0, totalPence: 1435, submittedAt: '2026-11-20T19:10:00.000Z', tradingDay: '2026-11-20',
    });
    push('OrderPaid', { orderId, paidAt: '2026-11-20T19:12:00.000Z', dueBy: '2026-11-20T19:43:00.000Z' });
    push('OrderPrinted', { orderId, printedAt: '2026-11-20T19:13:00.000Z', copy: 1, via: 'browser' });
    push('CustomerNotified', { orderId, notifiedAt: '2026-11-20T19:40:00.000Z' });
    push('OrderCompleted', { orderId, completedAt: '2026-11-20T19:45:00.000Z' });
  }
  return events;
}

describe('orders projection: checkout steps in one statement', () => {
  const { pool } = suiteDatabase();

  async function fromScratch() {
    await pool.query(sql.unsafe`delete from orders`);
    await pool.query(sql.unsafe`delete from projection_checkpoints where name = 'orders'`);
    await pool.query(sql.unsafe`insert into projection_checkpoints (name, position) values ('orders', '0')`);
  }
  // The projection's write counters (orders.version) number writes: the facts must match, not how many writes made them.
  const counters = ordersProjection.writeCounters?.orders ?? [];
  const rows = async () =>
    (await pool.any(sql.unsafe`select * from orders order by order_id`)).map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !counters.includes(column))));

  it('leaves the same rows whether each event comes alone (one statement each) or all in one transaction', async () => {
    const history = orderHistory();
    await fromScratch();
    let position = '0' as Position;
    for (const event of history) position = await applyBatch(pool, ordersProjection, [event], position);
    const oneAtATime = await rows();

    await fromScratch();
    await applyBatch(pool, ordersProjection, history, '0' as Position);
    const together = await rows();

    expect(oneAtATime).toHaveLength(2);
    expect(oneAtATime[0]).toMatchObject({ status: 'COMPLETE', total_pence: 1435, full_name: 'Sam Smith', payment_method: 'PHONE' });
    expect(oneAtATime).toEqual(together);
    // Checkout steps that submit nothing have one statement: a first step and its refresh fold into the insert.
    expect(ordersProjection.batchStatement!([history[0]], sql.fragment`true`)).toBeDefined();
    expect(ordersProjection.batchStatement!(history.slice(0, 2), sql.fragment`true`)).toBeDefined();
    // A run that inserts one order and updates another needs two; a submission tells staff screens.
    expect(ordersProjection.batchStatement!([history[2], history[10]], sql.fragment`true`)).toBeUndefined();
    expect(ordersProjection.batchStatement!([history[5]], sql.fragment`true`)).toBeUndefined();
  });
});
