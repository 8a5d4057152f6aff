import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { PAYPAL_DECLINED, paymentDecider, paymentStream } from '../../modules/payment';
import { startFakePayPal, type FakePayPal } from '../../src/fake-paypal/server';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';
import { until } from '../support/until';
import { newCustomers, shopper } from './shopper';

const ONION_BHAJI = 1;
const someone = newCustomers('paypal', 200_900);

/**
 * Issue 36: PayPal end to end over HTTP, the shop's own fetch client against the local fake PayPal, through the
 * card's mechanisms (the one placing sequence, the payment stream, the reconciler, the refunds path). Every fault
 * of the issue: nobody charged without an order, every orphan capture refunded once.
 */
describe('PayPal payments', () => {
  let fake: FakePayPal;
  let server: TestServer;
  let staff: ReturnType<typeof shopper>;
  const clock = testClock('2026-11-20T19:00:00.000Z'); // inside the default opening hours

  beforeAll(async () => {
    fake = await startFakePayPal();
    server = await startTestServer({
      clock,
      env: { PAYPAL_CLIENT_ID: fake.clientId, PAYPAL_CLIENT_SECRET: fake.clientSecret, PAYPAL_WEBHOOK_ID: fake.webhookId, PAYPAL_BASE_URL: fake.url, PAYPAL_TIMEOUT_MS: '300' },
      settings: { payment_methods: ['phone', 'paypal'] },
    });
    fake.sendWebhooksTo(`${server.baseUrl}/api/webhooks/paypal`);
    staff = shopper(server);
    await staff.post('/api/login', { email: server.admin.email, password: server.admin.password }).expect(200);
  });
  afterAll(async () => {
    await server.stop();
    await fake.close();
  });
  afterEach(() => {
    fake.webhookMode('send');
    fake.captureMode('complete');
  });

  async function readyToPay() {
    const customer = shopper(server);
    await customer.collectOnionBhaji(someone());
    return customer;
  }
  async function startPayPal(customer: ReturnType<typeof shopper>) {
    const answer = await customer.post('/api/paypal/create-order', { unique_id: 'x', production: false }).expect(200);
    return { paypalId: answer.body.id as string, amount: answer.body.amount as number };
  }
  const completeWith = (customer: ReturnType<typeof shopper>, id: string) => customer.post('/complete-order', { payment_method: 'PAYPAL', status: 'APPROVED', message: '', id });
  const orderOf = async (customer: ReturnType<typeof shopper>) => (await customer.post('/api/fetchOrder').expect(200)).body.order;
  const paymentOf = (orderId: string) => server.shop.services.commands.load(paymentStream(orderId), paymentDecider);
  const capturesOf = (paypalId: string) => fake.orders.get(paypalId)?.purchase_units[0].payments?.captures ?? [];
  const refundsOf = (paypalId: string) => fake.refunds.filter((refund) => capturesOf(paypalId).some((capture) => capture.id === refund.capture_id));
  const streamLength = async (stream: string) => (await server.shop.store.read(stream)).events.length;
  const runDueUntil = (done: () => Promise<boolean>, what: string) => until(async () => (await server.shop.processes.runDue(), done()), what);
  /** A capture the shop sent, landing at PayPal (the shop's own client, as a request in flight would). */
  async function captureAtPayPal(paypalId: string) {
    const basic = Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64');
    const token = (await (await fetch(`${fake.url}/v1/oauth2/token`, { method: 'POST', headers: { Authorization: `Basic ${basic}` }, body: 'grant_type=client_credentials' })).json()) as { access_token: string };
    const answer = await fetch(`${fake.url}/v2/checkout/orders/${paypalId}/capture`, { method: 'POST', headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(answer.status).toBe(201);
  }
  async function kitchenStatus(orderId: string): Promise<string | undefined> {
    await server.shop.services.readModels.waitFor('orders', await server.shop.store.lastCommittedPosition());
    const orders = (await staff.get('/api/todaysOrders').expect(200)).body as Array<{ id: string; status: string }>;
    return orders.find((order) => order.id === orderId)?.status;
  }

  it('offers PayPal with its four settings, and answers the client id only', async () => {
    expect((await staff.get('/api/available_payment_methods').expect(200)).body.payment_methods).toEqual(['phone', 'paypal']);
    expect((await shopper(server).post('/api/env/PAYPAL_KEY').expect(200)).body).toEqual({ status: true, value: fake.clientId });
  });

  it('pays with PayPal: an order for the server’s total, approved by the payer, captured by the server, placed NEW; webhooks twice change nothing', async () => {
    fake.webhookMode('duplicate');
    const customer = await readyToPay();
    const { paypalId, amount } = await startPayPal(customer);
    const order = await orderOf(customer);
    expect(amount).toBe(order.total_cost);
    expect(fake.orders.get(paypalId)!.purchase_units[0]).toMatchObject({ custom_id: `${order.id}:1`, invoice_id: `${order.ref}-1`, amount: { value: '3.55', currency_code: 'GBP' } });
    expect(await kitchenStatus(order.id)).toBeUndefined();
    // Card is not set up in this shop: its session is refused with the spec's text, and the attempt stays open.
    expect((await customer.post('/api/createCheckoutSession', {}).expect(409)).body.message).toMatch(/credit card/);

    await fake.approve(paypalId);
    const completed = await completeWith(customer, paypalId).expect(200);
    expect(completed.body.order).toMatchObject({ id: order.id, status: 'NEW', payment_method: 'PAYPAL' });
    expect(completed.body.message).toBe(`Thank you! Your PayPal payment went through and your order ${order.ref} is placed.`);
    expect(capturesOf(paypalId)).toEqual([expect.objectContaining({ status: 'COMPLETED', amount: { currency_code: 'GBP', value: '3.55' } })]);
    expect(await kitchenStatus(order.id)).toBe('NEW');

    // PayPal's webhooks (approved, captured), each sent twice, change nothing: each recorded once.
    const lengths = async () => [await streamLength(paymentStream(order.id)), await streamLength(`order-${order.id}`)];
    const before = await lengths();
    await until(async () => (await server.shop.pool.oneFirst(sql.unsafe`select count(*) from payment_webhook_events where event_type like 'PAYMENT.CAPTURE.COMPLETED'`)) >= 1, 'the capture’s webhook');
    await fake.sendWebhook('PAYMENT.CAPTURE.COMPLETED', 'capture', capturesOf(paypalId)[0], { eventId: 'WH-REPEAT-1' });
    expect(await fake.sendWebhook('PAYMENT.CAPTURE.COMPLETED', 'capture', capturesOf(paypalId)[0], { eventId: 'WH-REPEAT-1' })).toBe(200);
    expect(await lengths()).toEqual(before);
    expect(capturesOf(paypalId)).toHaveLength(1);
  });

  it('a forged webhook is refused and does nothing; a webhook approving an order has the server capture it, only for the attempt the order waits for', async () => {
    const customer = await readyToPay();
    const { paypalId } = await startPayPal(customer);
    const order = await orderOf(customer);
    fake.webhookMode('never');
    await fake.approve(paypalId);
    const approved = fake.orders.get(paypalId)!;
    expect(await fake.sendWebhook('CHECKOUT.ORDER.APPROVED', 'checkout-order', approved, { forged: true })).toBe(400);
    expect(capturesOf(paypalId)).toHaveLength(0);
    expect((await paymentOf(order.id)).paidBy).toBeNull();
    // The genuine one (the customer closed the tab after approving): the shop captures, and the order is placed.
    expect(await fake.sendWebhook('CHECKOUT.ORDER.APPROVED', 'checkout-order', approved)).toBe(200);
    await until(async () => (await kitchenStatus(order.id)) === 'NEW', 'the order placed by the webhook');
    expect(capturesOf(paypalId)).toHaveLength(1);
  });

  it('a declined capture ends the attempt: the unit is back in the basket, the customer hears why and pays by phone', async () => {
    const customer = await readyToPay();
    const { paypalId } = await startPayPal(customer);
    await fake.approve(paypalId);
    fake.captureMode('decline');
    const declined = await completeWith(customer, paypalId).expect(409);
    expect(declined.body.message).toBe(`Your PayPal payment did not go through: ${PAYPAL_DECLINED}. You can try again, or choose another payment method`);
    const order = await orderOf(customer);
    expect(order.status).toBe('checkout');
    expect((await customer.post('/api/getCartFromSession').expect(200)).body.cartItems).toEqual([expect.objectContaining({ id: ONION_BHAJI, quantity: 1 })]);
    await customer.payByPhone().expect(200);
    expect((await customer.complete().expect(200)).body.order.status).toBe('AWAITING-PAYMENT');
    expect(capturesOf(paypalId).filter((capture) => capture.status === 'COMPLETED')).toHaveLength(0);
  });

  it('a 5xx then success, and a create that timed out, are tried again with the same PayPal-Request-Id: one PayPal order, one capture', async () => {
    const customer = await readyToPay();
    const orders = fake.orders.size;
    fake.delayNext('/v2/checkout/orders', 900); // made at PayPal, answered after the shop gave up
    const { paypalId } = await startPayPal(customer);
    expect(fake.orders.size).toBe(orders + 1);
    await fake.approve(paypalId);
    fake.failNext('/capture', 1);
    expect((await completeWith(customer, paypalId).expect(200)).body.order.status).toBe('NEW');
    expect(capturesOf(paypalId)).toHaveLength(1);
  });

  it('a capture that succeeded but whose answer never came, and whose webhook never comes: the customer waits, the reconciler places the order', async () => {
    fake.webhookMode('never');
    const customer = await readyToPay();
    const { paypalId } = await startPayPal(customer);
    const order = await orderOf(customer);
    await fake.approve(paypalId);
    for (let tries = 0; tries < 3; tries += 1) fake.delayNext('/capture', 900); // every try answered too late
    const waiting = await completeWith(customer, paypalId).expect(202);
    expect(waiting.body).toMatchObject({ pending: true, message: 'Your order is being processed' });
    expect(capturesOf(paypalId)).toHaveLength(1); // charged...
    expect(await kitchenStatus(order.id)).toBeUndefined(); // ...with no order yet
    clock.advanceMinutes(10);
    await runDueUntil(async () => (await kitchenStatus(order.id)) === 'NEW', 'the reconciler placing the order');
    expect(capturesOf(paypalId)).toHaveLength(1);
    expect((await completeWith(customer, paypalId).expect(200)).body.order).toMatchObject({ status: 'NEW', payment_method: 'PAYPAL' });
  });

  it('a late webhook after the order is placed changes nothing', async () => {
    fake.webhookMode('late');
    const customer = await readyToPay();
    const { paypalId } = await startPayPal(customer);
    const order = await orderOf(customer);
    await fake.approve(paypalId);
    await completeWith(customer, paypalId).expect(200);
    const lengths = [await streamLength(paymentStream(order.id)), await streamLength(`order-${order.id}`)];
    expect(await fake.releaseWebhooks()).toEqual([200, 200]);
    expect([await streamLength(paymentStream(order.id)), await streamLength(`order-${order.id}`)]).toEqual(lengths);
    expect(capturesOf(paypalId)).toHaveLength(1);
  });

  it('switching to phone ends the attempt and nothing is captured for it; a capture that crossed the switch is refunded, once', async () => {
    fake.webhookMode('never');
    const customer = await readyToPay();
    const { paypalId } = await startPayPal(customer);
    const order = await orderOf(customer);
    await fake.approve(paypalId);
    await customer.payByPhone().expect(200);
    expect((await customer.complete().expect(200)).body.order).toMatchObject({ id: order.id, payment_method: 'PHONE' });
    // Its approval's webhook, now: the attempt ended, so the shop captures nothing, and never will.
    expect(await fake.sendWebhook('CHECKOUT.ORDER.APPROVED', 'checkout-order', fake.orders.get(paypalId)!)).toBe(200);
    clock.advanceMinutes(11);
    await server.shop.processes.runDue();
    expect(capturesOf(paypalId)).toHaveLength(0);

    // The shop's capture of another order, sent just before its customer switched to phone, lands after the switch.
    const other = await readyToPay();
    const started = await startPayPal(other);
    const otherOrder = await orderOf(other);
    await fake.approve(started.paypalId);
    await other.payByPhone().expect(200);
    await other.complete().expect(200);
    await captureAtPayPal(started.paypalId);
    const capture = capturesOf(started.paypalId)[0];
    expect(await fake.sendWebhook('PAYMENT.CAPTURE.COMPLETED', 'capture', capture, { eventId: 'WH-ORPHAN-1' })).toBe(200);
    expect(await fake.sendWebhook('PAYMENT.CAPTURE.COMPLETED', 'capture', capture, { eventId: 'WH-ORPHAN-1' })).toBe(200);
    expect(await fake.sendWebhook('PAYMENT.CAPTURE.COMPLETED', 'capture', capture, { eventId: 'WH-ORPHAN-2' })).toBe(200);
    await runDueUntil(async () => refundsOf(started.paypalId).length > 0, 'the orphan capture refunded');
    clock.advanceMinutes(11);
    await server.shop.processes.runDue();
    expect(refundsOf(started.paypalId)).toEqual([expect.objectContaining({ status: 'COMPLETED', amount: { currency_code: 'GBP', value: '3.55' } })]);
    expect((await paymentOf(otherOrder.id)).attempts[0].refunds).toEqual([expect.objectContaining({ refundNo: 0, reason: 'attempt_cancelled', status: 'refunded' })]);
    expect((await orderOf(other)).payment_method).toBe('PHONE');
  });

  it('a manager refunds a PayPal order through the refunds path: once at PayPal, the order and the tally follow', async () => {
    const customer = await readyToPay();
    const { paypalId } = await startPayPal(customer);
    await fake.approve(paypalId);
    const order = (await completeWith(customer, paypalId).expect(200)).body.order as { id: string; total_cost: number };
    const boss = shopper(server);
    await boss.post('/api/login', { email: server.admin.email, password: server.admin.password }).expect(200);
    const answer = await boss.post(`/api/orders/${order.id}/refunds`, { requestId: randomUUID(), amountPence: 100, reason: 'other', note: 'Cold naan' }).expect(200);
    expect(answer.body.order).toMatchObject({ refunded: 100, refund_standing: 'PART' });
    const refundOne = async () => (await paymentOf(order.id)).attempts[0].refunds.find((one) => one.refundNo === 1);
    await runDueUntil(async () => (await refundOne())?.status === 'refunded', 'the PayPal refund confirmed');
    expect(refundsOf(paypalId)).toEqual([expect.objectContaining({ status: 'COMPLETED', amount: { currency_code: 'GBP', value: '1.00' }, custom_id: `${order.id}:1:${paypalId}` })]);
    clock.advance(61_000);
    await server.shop.processes.runDue();
    expect(refundsOf(paypalId)).toHaveLength(1);
  });
});
