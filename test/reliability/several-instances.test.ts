import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { startFakeStripe, type FakeStripe } from '../../src/fake-stripe/server';
import { newCustomers, shopper } from '../api/shopper';
import { createTestDatabase, SEEDED_EARLY_TEMPLATE_DATABASE, type TestDatabase } from '../support/database';
import { startFakeSmtp } from '../support/fake-smtp';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy';
import { TEST_ADMIN, TEST_SETTINGS, testShopEnv } from '../support/server';
import { connectSse, type SseConnection, type SseMessage } from '../support/sse-client';
import { until } from '../support/until';

const WEBHOOK_SECRET = 'whsec_test_instances';
/** Fourteen minutes before the demo hours' closing time (23:00, London = UTC in November): the banners count down. */
const CLOCK_START = '2026-11-30T22:46:00.000Z';
const CHILD = path.join(__dirname, 'support', 'instance-child.ts');
const someone = newCustomers('instances', 123_700);

/** A kitchen screen: its stream now, and what it had on the streams it had before. */
interface Screen {
  connection: SseConnection;
  before: SseMessage[];
}

interface Instance {
  child: ChildProcess;
  url: string;
}

/** Starts one shop instance in its own process (so that SIGKILL hits it) and waits until it serves. */
function startInstance(env: Record<string, string>): Promise<Instance> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { execArgv: ['--import', 'tsx'], env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let errors = '';
    child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('message', (message: { url: string }) => resolve({ child, url: message.url }));
    child.once('exit', (code) => reject(new Error(`a shop instance exited with ${code} before serving:\n${errors}`)));
  });
}

function killed(instance: Instance, signal: NodeJS.Signals): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    instance.child.once('exit', () => resolve());
    instance.child.kill(signal);
  });
}

/** Moves an instance's clock on, as the minutes of an evening pass. */
function advance(instance: Instance, ms: number): Promise<void> {
  return new Promise((resolve) => {
    instance.child.once('message', () => resolve());
    instance.child.send({ advanceMs: ms });
  });
}

/**
 * Issue 42 item 2: three instances of the shop on one database behind a round-robin balancer, with no sticky
 * sessions: every request of a customer or of the kitchen goes to the next instance. Then one instance is killed
 * with SIGKILL while checkouts are in flight on it.
 */
describe('three shop instances behind a round-robin balancer', () => {
  let database: TestDatabase;
  let proxy: RoundRobinProxy;
  let fake: FakeStripe;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let db: pg.Client;
  const instances: Instance[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-instances-'));
  const screens: Screen[] = [];
  const placed: string[] = [];
  let admin: ReturnType<typeof shopper>;
  let adminCookie = '';
  let dishes: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase({ template: SEEDED_EARLY_TEMPLATE_DATABASE });
    proxy = await startRoundRobinProxy();
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    smtp = await startFakeSmtp();
    const env = testShopEnv(database.url, dataDir, {
      PUBLIC_ORIGIN: proxy.url,
      TRUSTED_PROXY_HOPS: '1',
      CLOCK_START,
      STRIPE_SECRET_KEY: 'sk_test_shop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_shop',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      SMTP_URL: smtp.url,
      MAIL_LEASE_SECONDS: '2',
      // The store clock looks every second rather than every minute, so that a test can count its notices.
      STORE_CLOCK_TICK_SECONDS: '1',
    });
    instances.push(...(await Promise.all([0, 1, 2].map(() => startInstance(env)))));
    proxy.targets.push(...instances.map((instance) => instance.url));
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    for (const screen of screens) screen.connection.close();
    await Promise.all(instances.map((instance) => killed(instance, 'SIGINT')));
    await db?.end();
    await proxy?.close();
    await fake?.close();
    await smtp?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A kitchen screen's stream of the live orders: a token for the admin's session, then the stream. */
  async function openScreen(lastEventId?: number): Promise<SseConnection> {
    const token = await admin.post('/broadcasting/auth', { channel_name: 'private-orders' }).expect(200);
    const connection = await connectSse(`${proxy.url}/events/orders?auth=${encodeURIComponent(token.body.auth as string)}`, { lastEventId, cookie: adminCookie });
    expect(connection.status).toBe(200);
    return connection;
  }

  /** The instances the last `count` requests went to. */
  const lastTargets = (count: number) => proxy.forwarded.slice(-count).map((entry) => entry.target);

  it('a staff login holds on every instance in turn, and the kitchen follows the live orders on each', async () => {
    admin = shopper({ baseUrl: proxy.url });
    const login = await admin.post('/api/login', { email: TEST_ADMIN.email, password: TEST_ADMIN.password }).expect(200);
    adminCookie = (login.headers['set-cookie'] as unknown as string[]).map((cookie) => cookie.split(';')[0]).join('; ');
    for (let turn = 0; turn < 3; turn++) await admin.get('/api/todaysOrders').expect(200);
    expect(new Set(lastTargets(3)).size).toBe(3);
    const saved = await admin.post('/api/settings/update', { settings: { ...TEST_SETTINGS, payment_methods: ['phone', 'card'], vouchers_enabled: true } }).expect(200);
    expect(saved.body.message).toBe('Settings saved');
    for (let turn = 0; turn < 3; turn++) expect((await admin.get('/api/available_payment_methods').expect(200)).body.payment_methods).toEqual(['phone', 'card']);

    // Three kitchen screens: each asks for its token and opens its stream, each on the next instance.
    for (let screen = 0; screen < 3; screen++) screens.push({ before: [], connection: await openScreen() });
    const streams = proxy.forwarded.filter((entry) => entry.path.startsWith('/events/orders')).map((entry) => entry.target);
    expect(new Set(streams).size).toBe(3);
    const menu = (await request(proxy.url).get('/api/menu').expect(200)).body as { products?: Array<{ id: number; variants: unknown[] }> };
    dishes = (menu.products ?? []).filter((product) => product.variants.length === 0).slice(0, 3).map((product) => product.id);
    expect(dishes).toHaveLength(3);
  });

  it('a basket moved on each instance in turn reads whole on every one, and its phone order reaches every screen', async () => {
    const customer = shopper({ baseUrl: proxy.url });
    const expected = new Map<number, number>();
    for (const dish of [dishes[0]!, dishes[1]!, dishes[0]!, dishes[2]!, dishes[1]!]) {
      await customer.add(dish).expect(200);
      expected.set(dish, (expected.get(dish) ?? 0) + 1);
      // Read back on each of the three instances.
      for (let turn = 0; turn < 3; turn++) {
        const basket = (await customer.post('/api/getCartFromSession').expect(200)).body as { cartItems: Array<{ id: number; quantity: number }> };
        expect(new Map(basket.cartItems.map((line) => [line.id, line.quantity]))).toEqual(expected);
      }
    }
    await customer.post('/api/moveProductStockToBasket', { id: dishes[2], variant: null, quantity: -1 }).expect(200);
    expected.delete(dishes[2]!);
    for (let turn = 0; turn < 3; turn++) {
      const basket = (await customer.post('/api/getCartFromSession').expect(200)).body as { cartItems: Array<{ id: number; quantity: number }> };
      expect(new Map(basket.cartItems.filter((line) => line.quantity > 0).map((line) => [line.id, line.quantity]))).toEqual(expected);
    }
    const orderId = await checkOutByPhone(customer);
    placed.push(orderId);
    await everyScreenHas([orderId]);
  });

  it('a card payment with a voucher, each step on the next instance', async () => {
    const code = 'INSTANCES10';
    await admin.post('/api/vouchers', { code, terms: { description: '10% off', benefit: { kind: 'percent', percent: 10 } } }).expect(200);
    const customer = shopper({ baseUrl: proxy.url });
    const details = someone();
    await customer.collectOnionBhaji(details);
    const orderId = (await customer.post('/api/fetchOrder').expect(200)).body.order.id as string;
    await customer.post('/try-to-apply-voucher', { code, email: details.email, orderId }).expect(200);
    const session = await customer.post('/api/createCheckoutSession', { unique_id: 'x', production: false }).expect(200);
    const intentId = (session.body.clientSecret as string).split('_secret_')[0];
    await fetch(`${fake.url}/v1/payment_intents/${intentId}/confirm`, { method: 'POST', body: new URLSearchParams({ card: '4242424242424242' }) });
    await customer.post('/complete-order', { payment_method: 'CARD', status: 'succeeded', message: '', id: intentId }).expect(200);
    placed.push(orderId);
    // The kitchen hears of the order, then opens it (on whichever instance): the order read model has it by then.
    await everyScreenHas([orderId]);
    const order = (await admin.get(`/api/fetchOrder/${orderId}`).expect(200)).body;
    expect(JSON.stringify(order)).toContain(code);
  });

  it("the admins' verified replay runs once, and every instance reads its report", async () => {
    const started = await admin.post('/api/operations/verify', { projection: 'all' }).expect(202);
    expect(started.body.verify.state).toBe('running');
    // The next request lands on another instance: it sees the same run, and will not start a second.
    const again = await admin.post('/api/operations/verify', { projection: 'all' });
    if (again.status === 409) expect(again.body.message).toBe('A verify is running already: wait for its report.');
    else expect((await admin.get('/api/operations/verify').expect(200)).body.verify.startedAt).not.toBe(started.body.verify.startedAt);
    await until(async () => (await admin.get('/api/operations/verify').expect(200)).body.verify.state !== 'running', 'the verify to finish', { timeoutMs: 20_000 });
    const reports = [];
    for (let turn = 0; turn < 3; turn++) reports.push((await admin.get('/api/operations/verify').expect(200)).body.verify);
    expect(new Set(proxy.forwarded.slice(-3).map((entry) => entry.target)).size).toBe(3);
    for (const report of reports) expect(report).toEqual(reports[0]);
    expect(reports[0]).toMatchObject({ state: 'agrees', projection: 'all' });
  });

  it('the closing notice goes out once a tick, not once per instance', async () => {
    const banners = await Promise.all([0, 1, 2].map(() => connectSse(`${proxy.url}/events/store`)));
    try {
      const closing = (banner: SseConnection) => banner.messages.filter((message) => message.event === 'ClosingTime');
      await until(() => banners.every((banner) => closing(banner).length >= 5), 'five closing notices on every banner', { timeoutMs: 12_000 });
      for (const banner of banners) {
        const times = closing(banner).map((message) => message.receivedAt!);
        // One a tick (a second): the fifth comes at least three seconds after the first, in the fifth tick. Three
        // instances each ticking would send three a second: five within two seconds.
        expect(times[4]! - times[0]!).toBeGreaterThan(2500);
        expect(closing(banner)[0]!.data).toMatchObject({ message: expect.stringMatching(/^--- Closing in approx\. \d+ minutes ---$/) });
      }
    } finally {
      for (const banner of banners) banner.close();
    }
  });

  it('one instance killed mid-checkout: nothing acknowledged is lost, its screen resumes elsewhere, one mail per order', async () => {
    const customers = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(async () => {
        const customer = shopper({ baseUrl: proxy.url });
        await customer.collectOnionBhaji(someone());
        const paying = await customer.payByPhone();
        expect({ status: paying.status, body: paying.body }).toMatchObject({ status: 200 });
        return customer;
      }),
    );
    const before = proxy.forwarded.length;
    const answers = customers.map((customer) => customer.complete().then((answer) => answer.status, () => 0));
    // Once every checkout has been sent on, the instance holding the first of them dies with them in flight.
    await until(async () => proxy.forwarded.slice(before).filter((entry) => entry.path === '/complete-order').length === customers.length, 'every checkout to be sent on');
    const victim = instances.find((instance) => instance.url === proxy.forwarded.slice(before).find((entry) => entry.path === '/complete-order')!.target)!;
    await killed(victim, 'SIGKILL');
    const statuses = await Promise.all(answers);
    const acknowledged = statuses.filter((status) => status === 200).length;
    // The customers whose answer was lost press again, on the instances left.
    const orderIds: string[] = [];
    for (const [index, customer] of customers.entries()) {
      if (statuses[index] !== 200) await customer.complete().expect(200);
      const order = (await customer.post('/api/fetchOrder').expect(200)).body.order as { id: string; status: string };
      orderIds.push(order.id);
    }
    expect(acknowledged).toBeGreaterThan(0);
    for (const orderId of orderIds) {
      const stored = await db.query('select count(*)::int as count from orders where order_id = $1 and submitted_at is not null', [orderId]);
      expect(stored.rows[0].count).toBe(1);
    }
    placed.push(...orderIds);

    // The screen on the dead instance ended; it reconnects through the balancer from its last message.
    const survivors = instances.filter((instance) => instance !== victim);
    await Promise.all(survivors.map((instance) => advance(instance, 3 * 60_000)));
    await everyScreenHas(placed);

    // One mail per order, sent once: a mail the dead instance was sending is sent by another after its lease.
    const mails = async () => (await db.query<{ mail_id: string; order_id: string; sent: boolean }>(
      "select mail_id, order_id, sent_at is not null as sent from mail_outbox where order_id = any($1::uuid[])", [placed])).rows;
    await until(async () => (await mails()).filter((mail) => mail.sent).length === placed.length, 'a mail to be sent for every order', { timeoutMs: 20_000 });
    const rows = await mails();
    expect(rows.map((mail) => mail.order_id).sort()).toEqual([...placed].sort());
    // Delivery is at least once: an instance killed between the mail server's yes and marking the row sent leaves
    // it to be sent again, with the same Message-ID, which mail clients show once.
    for (const mail of rows) expect(smtp.received.filter((message) => message.data.includes(`<${mail.mail_id}@takeaway-shop>`)).length).toBeGreaterThanOrEqual(1);
  }, 60_000);

  /** Saves the basket as an order to collect (with the default 10 % off) and places it, to pay by phone. */
  async function checkOutByPhone(customer: ReturnType<typeof shopper>): Promise<string> {
    const order = (await customer.save().expect(200)).body.order as { id: string; items_total: number };
    const discount = -Math.round(order.items_total / 10);
    await customer.method('COLLECT', discount, order.items_total + discount).expect(200);
    await customer.form(someone()).expect(200);
    await customer.payByPhone().expect(200);
    await customer.complete().expect(200);
    return order.id;
  }

  /** The orders a screen has been told of, before and since it last reconnected. */
  const newOrders = (screen: Screen) =>
    [...screen.before, ...screen.connection.messages].filter((message) => message.event === 'NewOrder').map((message) => (message.data as { id: string }).id);

  /** A screen whose stream ended opens it again through the balancer, from the last message it had. */
  async function reconnect(screen: Screen): Promise<Screen> {
    const before = [...screen.before, ...screen.connection.messages];
    const lastEventId = before.findLast((message) => message.id !== undefined)?.id;
    return { before, connection: await openScreen(lastEventId) };
  }

  /** Every kitchen screen has had NewOrder for each order; a screen whose instance died reconnects meanwhile. */
  async function everyScreenHas(orderIds: string[]): Promise<void> {
    const ended = screens.map(() => false);
    screens.forEach((screen, index) => void screen.connection.ended.then(() => (ended[index] = true)));
    const missing = () => screens.map((screen) => orderIds.filter((orderId) => !newOrders(screen).includes(orderId)));
    await until(
      async () => {
        for (const [index, screen] of screens.entries()) {
          if (!ended[index]) continue;
          ended[index] = false;
          screens[index] = await reconnect(screen);
          void screens[index]!.connection.ended.then(() => (ended[index] = true));
        }
        return missing().every((orders) => orders.length === 0);
      },
      'every screen to show every order',
      { timeoutMs: 15_000 },
    ).catch((error: Error) => {
      throw new Error(`${error.message}; missing per screen: ${JSON.stringify(missing())}`);
    });
  }
}); 
