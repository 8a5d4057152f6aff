import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import request from 'supertest';
import { sql } from 'slonik';
import { paymentDecider, paymentStream } from '../../modules/payment';
import { createStockHandlers, stockStream } from '../../modules/stock';
import { voucherStream } from '../../modules/voucher';
import { startFakePayPal, type FakePayPal } from '../../src/fake-paypal/server';
import { collectPostage } from '../../src/shared/postage';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startTestServer, TEST_MASTER_KEY, type TestServer } from '../support/server';
import { until } from '../support/until';

const ROOT = path.resolve(__dirname, '..', '..');
const SEED = 20261124;
const ROUNDS = 5;
const SHOPPERS = 12;
/** Friday evening, inside the default opening hours; each round's clock starts a minute after the last. */
const EVENING = Date.parse('2026-11-20T19:00:00.000Z');
/** Enough of each dish that the shelf never runs dry: every checkout that fails was cut off. */
const LEVEL = 5000;

function seeded(seed: number) {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

/** The shop's PayPal settings, at the fake PayPal that outlives every shop process (as PayPal outlives a crash). */
const paypalEnv = (paypal: FakePayPal) => ({ PAYPAL_CLIENT_ID: paypal.clientId, PAYPAL_CLIENT_SECRET: paypal.clientSecret, PAYPAL_WEBHOOK_ID: paypal.webhookId, PAYPAL_BASE_URL: paypal.url });

function startShopChild(database: TestDatabase, dataDir: string, clockStart: number, paypal: FakePayPal): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/reliability/support/shop-child.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        SESSION_KEYS: 'crash-test-session-key-0123456789abcdefghij',
        PERSONAL_DATA_MASTER_KEY: TEST_MASTER_KEY,
        ADMIN_PASSWORD: 'crash test admin password',
        PROJECTION_POLL_MS: '50',
        LIMIT_UNPAID_ORDERS: '100000/60',
        LIMIT_BASKETS_OPENED: '100000/60',
        LIMIT_HELD_DISH_SHARE: '100',
        LIMIT_HELD_MENU_SHARE: '100',
        CLOCK_START: new Date(clockStart).toISOString(),
        ...paypalEnv(paypal),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1] });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`shop child exited with ${code} before listening:\n${output}`)));
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

interface Dish {
  id: number;
  price: number;
}

/** A customer's browser: its own cookie jar, the web app's headers; any answer but 200 throws (nobody retries). */
function customerAt(url: string) {
  const agent = request.agent(url);
  return (route: string, body: object = {}) =>
    agent.post(route).set({ 'X-Requested-With': 'fetch', Origin: url }).send(body).timeout(10_000).then((answer) => {
      if (answer.status !== 200) throw new Error(`${route}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer;
    });
}

/** Saves the basket as an order to collect, with the customer's details: answers the order's id. */
async function collectWithDetails(post: ReturnType<typeof customerAt>, customer: number): Promise<{ orderId: string; email: string }> {
  const saved = await post('/api/saveCartAsOrder');
  const itemsTotal = saved.body.order.items_total as number;
  const postage = collectPostage(itemsTotal, false, { offer: true, type: 'Percentage %', amountOrPercent: 10 }); // the default discount
  await post('/api/updateOrder', { ta_method: 'COLLECT', postage, total_cost: itemsTotal + postage, postcode: null });
  const email = `crash-${customer}@example.com`;
  await post('/api/updateOrder', { deliveryForm: { email, full_name: 'Sam Smith', phone_number: `07911 ${100_000 + customer}` } });
  return { orderId: saved.body.order.id as string, email };
}

/**
 * One customer placing one order, request by request, as the web app does: by phone, or about one in three with
 * PayPal (issue 36: the server makes the PayPal order, the payer approves it at PayPal, the server captures it on
 * /complete-order). The first failure (the shop was killed) ends it: nobody retries.
 */
async function checkOut(url: string, dishes: Dish[], random: () => number, customer: number, paypal: FakePayPal): Promise<string> {
  const post = customerAt(url);
  const lines = 1 + Math.floor(random() * 3);
  for (let line = 0; line < lines; line++) {
    const dish = dishes[Math.floor(random() * dishes.length)];
    const units = 1 + Math.floor(random() * 2);
    for (let unit = 0; unit < units; unit++) await post('/api/moveProductStockToBasket', { id: dish.id, variant: null, quantity: 1 });
  }
  await collectWithDetails(post, customer);
  if (random() < 0.35) {
    const created = await post('/api/paypal/create-order');
    await paypal.approve(created.body.id as string);
    return (await post('/complete-order', { payment_method: 'PAYPAL', status: 'APPROVED', id: created.body.id })).body.order.id as string;
  }
  await post('/api/updateOrder', { payment_method: 'PHONE', status: 'AWAITING-PAYMENT' });
  return (await post('/complete-order', { payment_method: 'PHONE' })).body.order.id as string;
}

/**
 * Issue 35: a manager takes the phone payment of a placed order and refunds its first line before the ticket is
 * printed, so that line's units go back on the shelf (a kill may cut the refund between its record and its steps).
 */
async function payAndRefundFirstLine(manager: ReturnType<typeof customerAt>, orderId: string): Promise<void> {
  await manager('/api/ta/markPaid', { orderId });
  await manager(`/api/orders/${orderId}/refunds`, { requestId: randomUUID(), lines: [0], reason: 'cannot_cook' });
}

/** A customer with one unit of `dish` and a voucher code applied, one step from pressing Place order. */
async function readyWithCode(url: string, dish: Dish, code: string, customer: number) {
  const post = customerAt(url);
  await post('/api/moveProductStockToBasket', { id: dish.id, variant: null, quantity: 1 });
  const { orderId, email } = await collectWithDetails(post, customer);
  const applied = await post('/try-to-apply-voucher', { code, email, orderId });
  if (applied.body.status !== true) throw new Error(`the code ${code} was not applied: ${JSON.stringify(applied.body)}`);
  await post('/api/updateOrder', { payment_method: 'PHONE', status: 'AWAITING-PAYMENT' });
  return { orderId, place: () => post('/complete-order', { payment_method: 'PHONE' }) };
}

/**
 * Holds back in Postgres every sale of `dish` (its StockSold sleeps in a trigger) until the shop is killed and
 * the statement ended: only the voucher checkouts buy that dish.
 */
async function holdBackSales(db: pg.Client, dish: Dish): Promise<() => Promise<void>> {
  await db.query(`create function hold_back_sale() returns trigger language plpgsql as $$
    begin
      if new.event_type = 'StockSold' and new.stream_name = '${stockStream(dish.id)}' then perform pg_sleep(600); end if;
      return new;
    end $$`);
  await db.query('create trigger hold_back_sale before insert on es_events for each row execute function hold_back_sale()');
  return async () => {
    await db.query('drop trigger hold_back_sale on es_events');
    await db.query('drop function hold_back_sale()');
  };
}

/**
 * Presses Place order for a customer with a voucher whose sale is held back (holdBackSales): resolves once the
 * voucher's use is reserved and the sale waits, the point at which a kill cuts the checkout off between the two.
 */
async function placeUntilSaleWaits(db: pg.Client, ready: { orderId: string; place(): Promise<unknown> }, voucherId: string): Promise<void> {
  void ready.place().catch(() => undefined);
  await until(async () => {
    const { rows } = await db.query<{ cut: boolean }>(
      `select exists (select 1 from es_events where stream_name = $1 and event_type = 'VoucherUseReserved' and data->>'orderId' = $2)
          and exists (select 1 from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep') as cut`,
      [voucherStream(voucherId), ready.orderId],
    );
    return rows[0].cut;
  }, 'the use to be reserved and the sale to wait');
}

/** After the kill: the held-back sale's statement ends with the shop, so it never commits. */
async function endHeldSales(db: pg.Client): Promise<void> {
  await db.query(`select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`);
}

/**
 * Issue 13 item 2: after any crash, with nobody retrying, no unit is stranded between selling and ordering.
 * Issue 28 item 2: nor a voucher's use between its reservation and the order's placing.
 * Issue 35: nor a refunded line's units between the refund's record and their return to the shelf.
 */
describe('checkouts killed at random points', () => {
  let database: TestDatabase;
  let db: pg.Client | undefined;
  let final: TestServer | undefined;
  let current: ChildProcess | undefined;
  let paypal: FakePayPal | undefined;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-checkout-crash-'));

  beforeAll(async () => {
    database = await createTestDatabase();
    paypal = await startFakePayPal();
  });
  afterAll(async () => {
    if (current) await killed(current);
    await db?.end();
    await final?.stop();
    await database.drop();
    await paypal?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every unit on the shelf, in a live basket or in a placed order: shelf + held + placed - refunded back = initial; every voucher use reserved comes back', async () => {
    const random = seeded(SEED);
    let customers = 0;
    let placedAcknowledged = 0;
    let cutOff = 0;
    let refundsAcknowledged = 0;
    const fakePayPal = paypal!;
    // The demo menu, with the dishes used here stocked high, from a first start in this process. PayPal attempts
    // are asked about a minute after they start and lapse after five, so the last round's are due when the shop
    // starts again for good. A kitchen window cap too high to refuse anyone (issue 37): every checkout takes a
    // window's place at step 2b.
    const setUp = await startTestServer({
      database,
      clock: () => new Date(EVENING - 60_000),
      env: paypalEnv(fakePayPal),
      settings: { vouchers_enabled: true, payment_methods: ['phone', 'paypal'], card_reconcile_minutes: 1, card_lapse_minutes: 5, window_order_cap: 500 },
    });
    const menu = await request(setUp.baseUrl).get('/api/menu').expect(200);
    const stocked = (menu.body as { products: Array<{ id: number; price: number; variants: unknown[]; virtual: boolean }> }).products
      .filter((product) => product.variants.length === 0 && !product.virtual)
      .slice(0, 7);
    expect(stocked).toHaveLength(7);
    // Six dishes for the shoppers; the seventh only for the voucher checkouts, whose sale is held back.
    const dishes: Dish[] = stocked.slice(0, 6);
    const voucherDish: Dish = stocked[6];
    const stock = createStockHandlers(setUp.shop.services.commands);
    for (const dish of stocked) {
      await stock.setLevel(dish.id, null, LEVEL, { actor: 'test-set-up', now: new Date(EVENING - 60_000).toISOString(), correlationId: 'stock' });
    }
    // A batch of single-use codes, one for each round's voucher checkout.
    const manager = request.agent(setUp.baseUrl);
    const headers = { 'X-Requested-With': 'fetch', Origin: setUp.baseUrl };
    await manager.post('/api/login').set(headers).send({ email: setUp.admin.email, password: setUp.admin.password }).expect(200);
    const created = await manager.post('/api/vouchers').set(headers).send({ count: ROUNDS, terms: { description: '50p off', benefit: { kind: 'fixed', pence: 50 } } }).expect(200);
    const voucherId = created.body.voucherId as string;
    const codes = (await manager.get(`/api/vouchers/${voucherId}/codes.csv`).expect(200)).text.trim().split(/\r\n/).slice(1);
    const admin = { email: setUp.admin.email, password: setUp.admin.password };
    expect(codes).toHaveLength(ROUNDS);
    await setUp.stop();
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const letSalesGo = await holdBackSales(db, voucherDish);

    const cutOrders: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const shop = await startShopChild(database, dataDir, EVENING + round * 60_000, fakePayPal);
      current = shop.child;
      fakePayPal.sendWebhooksTo(`${shop.url}/api/webhooks/paypal`);
      let running = true;
      const withCode = readyWithCode(shop.url, voucherDish, codes[round], ++customers);
      withCode.catch(() => undefined); // awaited below, unless the round failed first
      // The manager, logged in afresh this round (refunds ask for a password entered in the last minutes).
      const manager = customerAt(shop.url);
      await manager('/api/login', admin);
      let refundsThisRound = 0;
      const shoppers = Array.from({ length: SHOPPERS }, async () => {
        while (running) {
          const customer = ++customers;
          const orderId = await checkOut(shop.url, dishes, random, customer, fakePayPal).catch(() => null);
          if (orderId) placedAcknowledged += 1;
          else cutOff += 1;
          // About one order in four is refunded at once, in the middle of the other checkouts.
          if (orderId && running && random() < 0.25) {
            await payAndRefundFirstLine(manager, orderId).then(() => ((refundsAcknowledged += 1), (refundsThisRound += 1)), () => undefined);
          }
        }
      });
      try {
        // The kill lands at a random point of the concurrent checkouts, once a voucher's use was reserved.
        // Refunds are made before the voucher's sale is held back: the held sale stalls the read models that marking
        // an order paid waits for, so a refund started after it is cut off at its first step.
        const placedBefore = placedAcknowledged;
        await until(() => placedAcknowledged >= placedBefore + 8 && refundsThisRound >= 2, 'the shoppers to be placing orders and the manager refunding', { timeoutMs: 60_000 });
        const ready = await withCode;
        await Promise.all([new Promise((resolve) => setTimeout(resolve, 100 + random() * 900)), placeUntilSaleWaits(db, ready, voucherId)]);
        await killed(shop.child);
        await endHeldSales(db);
        cutOrders.push(ready.orderId);
      } finally {
        running = false;
      }
      await Promise.all(shoppers);
    }
    current = undefined;
    await letSalesGo();
    expect(placedAcknowledged).toBeGreaterThan(20);
    expect(cutOff).toBeGreaterThanOrEqual(ROUNDS);

    // The shop starts again, later than any checkout could still be running: its process manager finishes or
    // undoes every checkout that was cut off, and gives back the voucher uses of orders never placed.
    const later = new Date(EVENING + (ROUNDS + 5) * 60_000);
    // Time moves on only when nothing could be taken and what is left waits for its time (a step that failed once
    // on a busy host, as CI is, and is retried a little later; a timer held back behind an input of its process
    // that waits), as it would for a shop left running: on a fixed clock such work is due never. Never past
    // RUNNING_UNTIL, before the first unpaid phone order lapses (20 minutes after it was placed).
    let now = later.getTime();
    const RUNNING_UNTIL = EVENING + 15 * 60_000;
    const complaints: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void complaints.push(line.trim()) });
    final = await startTestServer({ database, clock: () => new Date(now), env: paypalEnv(fakePayPal), logger });
    fakePayPal.sendWebhooksTo(`${final.baseUrl}/api/webhooks/paypal`);
    const shop = final.shop;
    // Done when nothing is left to decide or send: the shop's own worker takes rows too, so a pass that found
    // nothing may only mean the worker holds them. A decision's own rows (the timer a sale sets, the command a
    // timer issues) are queued by the reactors after it is stored: count only once they have caught up. An input
    // still waiting counts when its process has work due, which it holds back.
    type Left = { kind: string; process_id: string; what: string | null; attempts: number; at: number };
    const pendingRows = async () => {
      await shop.processes.waitFor(await shop.store.lastCommittedPosition());
      const at = new Date(now).toISOString();
      return (await shop.pool.any(sql.unsafe`
        with due as (
          select kind, process_id from process_inputs where due_at <= ${at}::timestamptz
          union select kind, process_id from process_commands)
        select kind, process_id, timer_name as what, attempts, greatest(due_at, next_attempt_at) as at from process_inputs
         where due_at <= ${at}::timestamptz or (timer_name is null and (kind, process_id) in (select kind, process_id from due))
        union all
        select kind, process_id, command->>'type', attempts, next_attempt_at from process_commands`)) as unknown as Left[];
    };
    let left: Left[] = [];
    const finished = async () => {
      const taken = await shop.processes.runDue();
      left = await pendingRows();
      if (left.length === 0) return true;
      const next = Math.min(...left.map((row) => row.at).filter((at) => at > now));
      if (taken === 0 && Number.isFinite(next)) now = Math.min(next, RUNNING_UNTIL);
      return false;
    };
    await until(finished, 'every cut-off checkout to be finished or undone', { timeoutMs: 60_000 }).catch(async (error: Error) => {
      const ids = [...new Set(left.map((row) => row.process_id))];
      const rows = await shop.pool.any(sql.unsafe`
        select kind, process_id, input_id, timer_name, due_at, next_attempt_at, attempts, seq, input from process_inputs where process_id = any(${sql.array(ids, 'text')})`);
      const streams = await Promise.all(ids.map(async (id) => (await shop.store.read(`process-checkout-${id}`).catch(() => ({ events: [] }))).events.map((event) => [event.type, event.data])));
      throw new Error(`${error.message}\nnow: ${new Date(now).toISOString()}\nleft: ${JSON.stringify(left)}\nrows: ${JSON.stringify(rows)}\nstreams: ${JSON.stringify(streams)}\nthe shop said:\n${complaints.join('\n')}`);
    });
    await shop.services.readModels.waitFor('orders', await shop.store.lastCommittedPosition());

    const placed = new Map<number, number>();
    const orders = await shop.pool.any(sql.unsafe`select items from orders where submitted_at is not null`);
    for (const { items } of orders as unknown as Array<{ items: Array<{ productId: number; quantity: number }> }>) {
      for (const item of items) placed.set(item.productId, (placed.get(item.productId) ?? 0) + item.quantity);
    }
    expect(orders.length).toBeGreaterThanOrEqual(placedAcknowledged);
    // Units a refund gave back (lines refunded before printing): on the shelf again, once each, cut off or not.
    const refundedBack = new Map<number, number>();
    const refunds = await shop.pool.any(sql.unsafe`
      select o.items, r.lines from order_refunds r join orders o using (order_id) where r.restocked`);
    for (const { items, lines } of refunds as unknown as Array<{ items: Array<{ productId: number; quantity: number }>; lines: number[] }>) {
      for (const line of lines) refundedBack.set(items[line].productId, (refundedBack.get(items[line].productId) ?? 0) + items[line].quantity);
    }
    expect(refunds.length).toBeGreaterThanOrEqual(refundsAcknowledged);
    expect(refundsAcknowledged).toBeGreaterThan(0);
    for (const dish of dishes) {
      const { events } = await shop.store.read(stockStream(dish.id));
      const initial = LEVEL;
      const sold = events.filter((event) => event.type === 'StockSold').reduce((sum, event) => sum + (event.data as { quantity: number }).quantity, 0);
      const returned = events
        .filter((event) => event.type === 'StockSaleCancelled')
        .reduce((sum, event) => sum + (event.data as { quantity: number }).quantity, 0);
      // On the shelf (held units included, whether in a live basket or not) plus in placed orders, less what
      // refunds put back on the shelf from those orders.
      const onShelf = initial - sold + returned;
      expect({ dish: dish.id, total: onShelf + (placed.get(dish.id) ?? 0) - (refundedBack.get(dish.id) ?? 0) }).toEqual({ dish: dish.id, total: initial });
    }

    // Issue 36: nobody charged without an order, no PayPal order without its money. Each PayPal capture paid the order
    // its custom_id names, placed paid by PayPal for that amount, or was refunded, once; each placed PayPal order has it.
    const placedByPayPal = new Map(
      ((await shop.pool.any(sql.unsafe`select order_id, total_pence from orders where submitted_at is not null and payment_method = 'PAYPAL'`)) as unknown as Array<{ order_id: string; total_pence: number }>)
        .map((row) => [row.order_id, row.total_pence]),
    );
    expect(placedByPayPal.size).toBeGreaterThan(0);
    const paidFor = new Set<string>();
    for (const order of fakePayPal.orders.values()) {
      const unit = order.purchase_units[0];
      const orderId = unit.custom_id!.split(':')[0];
      const payment = await shop.services.commands.load(paymentStream(orderId), paymentDecider);
      const paidBy = payment.attempts.find((one) => one.attempt === payment.paidBy);
      for (const capture of unit.payments?.captures.filter((one) => one.status !== 'DECLINED') ?? []) {
        // The shop's own refund of money no food follows is number 0; staff refunds (from 1) are of placed orders.
        const own = fakePayPal.refunds.filter((refund) => refund.capture_id === capture.id && refund.custom_id?.split(':')[1] === '0');
        const pence = Math.round(Number(capture.amount.value) * 100);
        if (paidBy?.intentId === order.id && placedByPayPal.get(orderId) === pence && own.length === 0) paidFor.add(orderId);
        else expect({ orderId, capture: capture.id, refunds: own.map((refund) => refund.status) }).toEqual({ orderId, capture: capture.id, refunds: ['COMPLETED'] });
      }
    }
    expect([...placedByPayPal.keys()].filter((orderId) => !paidFor.has(orderId))).toEqual([]);

    // Each use reserved for an order that was never placed went back, as abandoned, and its customer holds none.
    const { events: voucherEvents } = await shop.store.read(voucherStream(voucherId));
    const lastOf = (orderId: string) => voucherEvents.filter((event) => (event.data as { orderId?: string }).orderId === orderId).at(-1);
    expect(cutOrders.map((orderId) => ({ type: lastOf(orderId)?.type, reason: (lastOf(orderId)?.data as { reason?: string })?.reason }))).toEqual(
      cutOrders.map(() => ({ type: 'VoucherUseReleased', reason: 'abandoned' })),
    );
    expect(await shop.pool.oneFirst(sql.unsafe`select count(*)::int from voucher_customers where holds_use and order_id = any(${sql.array(cutOrders, 'uuid')})`)).toBe(0);
    // Every placed order that will be cooked holds exactly one kitchen window place, and no other order holds one:
    // cut-off checkouts gave theirs back or were placed with it; cancelled ones and full refunds before printing gave theirs back.
    await shop.services.readModels.waitFor('kitchen_windows', await shop.store.lastCommittedPosition());
    const holders = (await shop.pool.any(sql.unsafe`select order_id, count(*)::int as places from kitchen_window_places group by order_id`)) as unknown as Array<{ order_id: string; places: number }>;
    const toCook = (await shop.pool.anyFirst(sql.unsafe`
      select order_id from orders o where submitted_at is not null and status <> 'CANCELLED'
         and not exists (select 1 from es_events e where e.event_type = 'OrderRefunded' and e.data->>'orderId' = o.order_id::text
                            and (e.data->>'full')::boolean and (e.data->>'restocked')::boolean)`)) as string[];
    expect(holders.filter((holder) => holder.places !== 1)).toEqual([]);
    expect(holders.map((holder) => holder.order_id).sort()).toEqual([...toCook].sort());
    // So the single-use code of a checkout cut off serves the next customer.
    const again = await readyWithCode(final.baseUrl, voucherDish, codes[0], ++customers);
    expect((await again.place()).body.order).toMatchObject({ status: 'AWAITING-PAYMENT', voucher_deduction: 50 });
  }, 300_000);
});
