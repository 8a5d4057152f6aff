import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'slonik';
import { cartStream } from '../../modules/cart';
import { stockStream } from '../../modules/stock';
import { voucherStream } from '../../modules/voucher';
import { startFakeStripe, type FakeStripe } from '../../src/fake-stripe/server';
import { CARD_UNAVAILABLE } from '../../src/shared/payment-texts';
import { newCustomers, shopper } from '../api/shopper';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';
import { until } from '../support/until';

const WEBHOOK_SECRET = 'whsec_test_crashsteps';
const ONION_BHAJI = 1;
const someone = newCustomers('crash-step', 200_700);

/**
 * Kills the shop's writes from the crash point on, as a SIGKILL would end them: the first event of `event_type`
 * for `order_id` fails, and every event after it, until the test revives the shop (or, not `kill`, only that one). A sequence marks the death, as
 * it survives the failed statement's rollback. The shop keeps running, so its request answers an error; the undos
 * it then tries fail like every other write, which leaves the store exactly as a crash there would.
 */
const CRASH_POINT = `
  create table crash_point (event_type text not null, order_id text not null, kill boolean not null default true);
  create sequence crash_dead;
  create function crash_at_point() returns trigger language plpgsql as $$
    begin
      if (select is_called from crash_dead) then raise exception 'the shop was killed'; end if;
      if exists (select 1 from crash_point where event_type = new.event_type and order_id = new.data->>'orderId' and kill) then
        perform nextval('crash_dead');
        raise exception 'the shop was killed';
      end if;
      if exists (select 1 from crash_point where event_type = new.event_type and order_id = new.data->>'orderId') then
        raise exception 'this one write fails';
      end if;
      return new;
    end $$;
  create trigger crash_at_point before insert on es_events for each row execute function crash_at_point();`;

/**
 * Issue 29 item 2: a checkout cut off after each step of the placing sequence (modules/order/placing.ts) is finished
 * or undone by the process manager once its wait is over. The seeded kill test (checkout-crash.test.ts) cuts
 * checkouts at random points; these cut one at each step boundary, deterministically, with one shop in this process.
 */
describe('a checkout cut off after each step of the placing sequence', () => {
  let fake: FakeStripe;
  let server: TestServer;
  let db: pg.Client;
  let staff: ReturnType<typeof shopper>;
  const clock = testClock('2026-11-20T19:00:00.000Z'); // inside the default opening hours

  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    server = await startTestServer({
      clock,
      env: { STRIPE_SECRET_KEY: 'sk_test_shop', STRIPE_PUBLISHABLE_KEY: 'pk_test_shop', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: fake.url },
      settings: { payment_methods: ['phone', 'card'], vouchers_enabled: true },
    });
    staff = shopper(server);
    await staff.post('/api/login', { email: server.admin.email, password: server.admin.password }).expect(200);
    db = new pg.Client({ connectionString: server.database.url });
    await db.connect();
    await db.query(CRASH_POINT);
  });
  afterAll(async () => {
    await db.end();
    await server.stop();
    await fake.close();
  });

  let codes = 0;
  /** A customer with one Onion Bhaji to collect and a new single-use 10 % code applied, before paying. */
  async function readyWithVoucher() {
    const code = `STEP${++codes}`;
    const created = await staff.post('/api/vouchers', { code, terms: { description: '10% off', benefit: { kind: 'percent', percent: 10 } } }).expect(200);
    const customer = shopper(server);
    const details = someone();
    await customer.collectOnionBhaji(details);
    const orderId = (await customer.post('/api/fetchOrder').expect(200)).body.order.id as string;
    await customer.post('/try-to-apply-voucher', { code, email: details.email, orderId }).expect(200);
    return { customer, orderId, voucherId: created.body.voucherId as string };
  }

  /** Presses the button with the shop dying at the first `eventType` of the order (its answer is an error); then revives it. */
  async function cutOffAt(eventType: string, orderId: string, press: () => PromiseLike<{ status: number }>): Promise<void> {
    await db.query('insert into crash_point (event_type, order_id) values ($1, $2)', [eventType, orderId]);
    try {
      expect((await press()).status).not.toBe(200);
      expect((await db.query('select is_called from crash_dead')).rows[0].is_called).toBe(true);
    } finally {
      await db.query(`delete from crash_point; select setval('crash_dead', 1, false)`);
    }
  }

  /** The shop's clock moves past the wait; its process manager works until nothing due is left. */
  async function afterMinutes(minutes: number): Promise<void> {
    clock.advanceMinutes(minutes);
    const { shop } = server;
    const pending = async () => {
      await shop.processes.waitFor(await shop.store.lastCommittedPosition());
      return (await shop.pool.oneFirst(sql.unsafe`
        select ((select count(*) from process_inputs where due_at <= ${clock().toISOString()}::timestamptz)
             + (select count(*) from process_commands where next_attempt_at <= ${clock().toISOString()}::timestamptz))::int`)) as number;
    };
    await until(async () => (await shop.processes.runDue(), (await pending()) === 0), 'the cut-off checkout to be finished or undone', { timeoutMs: 30_000 });
    await shop.services.readModels.waitFor('orders', await shop.store.lastCommittedPosition());
  }

  /** Where the order stands once the process manager is done with it. */
  async function outcome(orderId: string, voucherId: string) {
    const { store, pool } = server.shop;
    const stock = (await store.read(stockStream(ONION_BHAJI))).events.filter((event) => (event.data as { orderId?: string }).orderId === orderId);
    const units = (type: string) => stock.filter((event) => event.type === type).reduce((sum, event) => sum + (event.data as { quantity: number }).quantity, 0);
    const use = (await store.read(voucherStream(voucherId))).events.filter((event) => (event.data as { orderId?: string }).orderId === orderId).at(-1);
    const order = await pool.maybeOne(sql.unsafe`select submitted_at, cart_id from orders where order_id = ${orderId}`);
    const cartId = (order?.cart_id ?? '') as string;
    const basket = cartId ? (await store.read(cartStream(cartId))).events.at(-1)?.type : undefined;
    return {
      placed: order?.submitted_at != null,
      soldToOrder: units('StockSold') - units('StockSaleCancelled'),
      use: use?.type === 'VoucherUseReleased' ? 'released' : use?.type,
      basket,
    };
  }

  it('after reserving the voucher use (phone): the use goes back, nothing was sold', async () => {
    const { customer, orderId, voucherId } = await readyWithVoucher();
    await customer.payByPhone().expect(200);
    await cutOffAt('StockSold', orderId, () => customer.complete());
    await afterMinutes(3);
    expect(await outcome(orderId, voucherId)).toEqual({ placed: false, soldToOrder: 0, use: 'released', basket: 'CartFrozen' });
  });

  it('after selling the stock (phone): the order is placed, with its use, and its basket checked out', async () => {
    const { customer, orderId, voucherId } = await readyWithVoucher();
    await customer.payByPhone().expect(200);
    await cutOffAt('OrderSubmitted', orderId, () => customer.complete());
    await afterMinutes(3);
    expect(await outcome(orderId, voucherId)).toEqual({ placed: true, soldToOrder: 1, use: 'VoucherUseReserved', basket: 'CartCheckedOut' });
  });

  it('after submitting the order (phone): its basket is checked out', async () => {
    const { customer, orderId, voucherId } = await readyWithVoucher();
    await customer.payByPhone().expect(200);
    await cutOffAt('CartCheckedOut', orderId, () => customer.complete());
    await afterMinutes(3);
    expect(await outcome(orderId, voucherId)).toEqual({ placed: true, soldToOrder: 1, use: 'VoucherUseReserved', basket: 'CartCheckedOut' });
  });

  it('after selling the stock (card): the units and the use go back, as a card order is placed only by its money', async () => {
    const { customer, orderId, voucherId } = await readyWithVoucher();
    await cutOffAt('CardAttemptStarted', orderId, () => customer.post('/api/createCheckoutSession', { unique_id: 'x', production: false }));
    await afterMinutes(3);
    expect(await outcome(orderId, voucherId)).toEqual({ placed: false, soldToOrder: 0, use: 'released', basket: 'CartFrozen' });
  });

  it('after freezing for a card attempt, before its payment is recorded: the attempt lapses, the units and use go back', async () => {
    const { customer, orderId, voucherId } = await readyWithVoucher();
    await cutOffAt('PaymentStarted', orderId, () => customer.post('/api/createCheckoutSession', { unique_id: 'x', production: false }));
    await afterMinutes(16); // past card_lapse_minutes
    expect(await outcome(orderId, voucherId)).toEqual({ placed: false, soldToOrder: 0, use: 'released', basket: 'CartFrozen' });
  });

  it('a card payment the provider cannot start (no crash): the request itself ends the attempt, the units and use go back', async () => {
    const { customer, orderId, voucherId } = await readyWithVoucher();
    await db.query('insert into crash_point (event_type, order_id, kill) values ($1, $2, false)', ['PaymentStarted', orderId]);
    try {
      expect((await customer.post('/api/createCheckoutSession', { unique_id: 'x', production: false }).expect(409)).body.message).toBe(CARD_UNAVAILABLE);
    } finally {
      await db.query('delete from crash_point');
    }
    expect(await outcome(orderId, voucherId)).toEqual({ placed: false, soldToOrder: 0, use: 'released', basket: 'CartFrozen' });
    expect((await customer.post('/api/fetchOrder').expect(200)).body.order.status).toBe('checkout');
  });

  it('after the card money placed the order: its use is confirmed and its basket checked out', async () => {
    const { customer, orderId, voucherId } = await readyWithVoucher();
    const session = await customer.post('/api/createCheckoutSession', { unique_id: 'x', production: false }).expect(200);
    const intentId = (session.body.clientSecret as string).split('_secret_')[0];
    await fetch(`${fake.url}/v1/payment_intents/${intentId}/confirm`, { method: 'POST', body: new URLSearchParams({ card: '4242424242424242' }) });
    await cutOffAt('VoucherUseConfirmed', orderId, () => customer.post('/complete-order', { payment_method: 'CARD', status: 'succeeded', message: '', id: intentId }));
    await afterMinutes(3);
    expect(await outcome(orderId, voucherId)).toEqual({ placed: true, soldToOrder: 1, use: 'VoucherUseConfirmed', basket: 'CartCheckedOut' });
  });

  it('a staff refund cut off after it was recorded (issue 35): a minute later its dishes, its voucher use and the card money go back, once', async () => {
    const { customer, orderId, voucherId } = await readyWithVoucher();
    const session = await customer.post('/api/createCheckoutSession', { unique_id: 'x', production: false }).expect(200);
    const intentId = (session.body.clientSecret as string).split('_secret_')[0];
    await fetch(`${fake.url}/v1/payment_intents/${intentId}/confirm`, { method: 'POST', body: new URLSearchParams({ card: '4242424242424242' }) });
    await customer.post('/complete-order', { payment_method: 'CARD', status: 'succeeded', message: '', id: intentId }).expect(200);
    const manager = shopper(server);
    await manager.post('/api/login', { email: server.admin.email, password: server.admin.password }).expect(200);
    await cutOffAt('StockSaleCancelled', orderId, () => manager.post(`/api/orders/${orderId}/refunds`, { requestId: randomUUID(), lines: [0], reason: 'cannot_cook' }));
    expect(await outcome(orderId, voucherId)).toMatchObject({ soldToOrder: 1, use: 'VoucherUseConfirmed' });
    expect(fake.refunds.filter((refund) => refund.payment_intent === intentId)).toEqual([]);
    await afterMinutes(2); // past REFUND_FOLLOW_UP_MINUTES
    expect(await outcome(orderId, voucherId)).toEqual({ placed: true, soldToOrder: 0, use: 'released', basket: 'CartCheckedOut' });
    expect(fake.refunds.filter((refund) => refund.payment_intent === intentId)).toEqual([expect.objectContaining({ amount: fake.intents.get(intentId)!.amount })]);
  });

  describe('with a kitchen window cap (issue 37): the place taken at step 2b', () => {
    const places = async (orderId: string) =>
      (await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from kitchen_window_places where order_id = ${orderId}`)) as number;
    beforeAll(async () => void (await staff.post('/api/settings/update', { settings: { window_order_cap: 6 } }).expect(200)));
    afterAll(async () => void (await staff.post('/api/settings/update', { settings: { window_order_cap: 0 } }).expect(200)));

    it('after taking the place (phone): the order is placed holding that one place', async () => {
      const { customer, orderId, voucherId } = await readyWithVoucher();
      await customer.payByPhone().expect(200);
      await cutOffAt('OrderSubmitted', orderId, () => customer.complete());
      await afterMinutes(3);
      expect(await outcome(orderId, voucherId)).toEqual({ placed: true, soldToOrder: 1, use: 'VoucherUseReserved', basket: 'CartCheckedOut' });
      await server.shop.services.readModels.waitFor('kitchen_windows', await server.shop.store.lastCommittedPosition());
      expect(await places(orderId)).toBe(1);
    });

    it('a card payment the provider cannot start: the attempt ends and its place goes back with its units', async () => {
      const { customer, orderId, voucherId } = await readyWithVoucher();
      await db.query('insert into crash_point (event_type, order_id, kill) values ($1, $2, false)', ['PaymentStarted', orderId]);
      try {
        await customer.post('/api/createCheckoutSession', { unique_id: 'x', production: false }).expect(409);
      } finally {
        await db.query('delete from crash_point');
      }
      expect(await outcome(orderId, voucherId)).toEqual({ placed: false, soldToOrder: 0, use: 'released', basket: 'CartFrozen' });
      await server.shop.services.readModels.waitFor('kitchen_windows', await server.shop.store.lastCommittedPosition());
      expect(await places(orderId)).toBe(0);
      const taken = (await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from es_events where event_type = 'KitchenPlaceTaken' and data->>'orderId' = ${orderId}`)) as number;
      expect(taken).toBe(1);
    });

    it('after taking the place for a slot that then passed: the place, the units and the use go back', async () => {
      const { customer, orderId, voucherId } = await readyWithVoucher();
      await customer.payByPhone().expect(200);
      const slot = (await customer.get('/api/orderSlots').expect(200)).body.slots[0] as string;
      await customer.post('/api/orderTime', { scheduled_for: slot }).expect(200);
      await cutOffAt('OrderSubmitted', orderId, () => customer.complete());
      await afterMinutes(15); // the slot is within the store's wait now: it cannot be placed
      expect(await outcome(orderId, voucherId)).toEqual({ placed: false, soldToOrder: 0, use: 'released', basket: 'CartFrozen' });
      await server.shop.services.readModels.waitFor('kitchen_windows', await server.shop.store.lastCommittedPosition());
      expect(await places(orderId)).toBe(0);
    });
  });
});
