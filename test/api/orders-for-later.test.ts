import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { createUserRepository } from '../../src/identity/users';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { newCustomers, shopper } from './shopper';

/**
 * Issue 37 over HTTP: a slot booked at the checkout, a window cap that holds under a race, a cancelled order's
 * place given back, and an order for later waiting as SCHEDULED until its slot less the lead.
 */
describe('orders for later and kitchen window caps', () => {
  let server: TestServer;
  let now = Date.parse('2026-11-27T18:00:00.000Z'); // a Friday, inside the default hours 17:00-23:00
  const customer = newCustomers('later', 200_000);
  const at1930 = '2026-11-27T19:30:00.000Z';

  beforeAll(async () => {
    server = await startTestServer({ clock: () => new Date(now), settings: { window_order_cap: 6 } });
    await createUserRepository(server.shop.pool).create({ email: 'cook@example.com', password: 'cook long password', role: 'staff' });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  let signedIn: ReturnType<typeof shopper> | undefined;
  /** The kitchen's screen, signed in once: a login's password hash is slow on purpose. */
  async function staff() {
    if (signedIn) return signedIn;
    signedIn = shopper(server);
    await signedIn.post('/api/login', { email: 'cook@example.com', password: 'cook long password' }).expect(200);
    return signedIn;
  }

  /** A customer at the checkout with a basket to collect, paying by phone, for `slot`. */
  async function atCheckoutFor(slot: string | null) {
    const browser = shopper(server);
    await browser.collectOnionBhaji(customer());
    await browser.payByPhone().expect(200);
    await browser.post('/api/orderTime', { scheduled_for: slot }).expect(200);
    return browser;
  }

  const placesIn = async (window: string) =>
    (await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from kitchen_window_places where window_start = ${window}`)) as number;
  const ordersFor = async (slot: string) =>
    (await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from orders where scheduled_for = ${slot} and status <> 'checkout'`)) as number;
  const offered = async () => (await shopper(server).get('/api/orderSlots').expect(200)).body as { asap_minutes: number; slots: string[] };

  it('offers 15-minute slots from now plus the wait, and the chosen one is on the order', async () => {
    const offer = await offered();
    expect(offer.asap_minutes).toBe(31);
    expect(offer.slots[0]).toBe('2026-11-27T18:45:00.000Z');
    const browser = await atCheckoutFor(at1930);
    const order = (await browser.post('/api/fetchOrder').expect(200)).body.order;
    expect(order.scheduled_for).toBe(at1930);
    await browser.post('/api/orderTime', { scheduled_for: '2026-11-27T18:30:00.000Z' }).expect(409, /18:30 can no longer be booked; 18:45 and 19:00 have room/);
    await browser.post('/api/orderTime', { scheduled_for: 'tonight' }).expect(400);
  });

  it('a window with room for 6 takes exactly 6 of 20 racing checkouts; the others are offered the next slots, and the read model agrees', async () => {
    const browsers = await Promise.all(Array.from({ length: 20 }, () => atCheckoutFor(at1930)));
    const answers = await Promise.all(browsers.map((browser) => browser.complete()));
    const placed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(placed).toHaveLength(6);
    expect(new Set(refused.map((answer) => `${answer.status} ${answer.body.message}`))).toEqual(new Set(['409 19:30 is full; 19:45 and 20:00 have room']));
    const head = await server.shop.store.lastCommittedPosition();
    await server.shop.services.readModels.waitFor('kitchen_windows', head);
    await server.shop.services.readModels.waitFor('orders', head);
    expect(await placesIn(at1930)).toBe(6);
    expect(await ordersFor(at1930)).toBe(6);
    expect((await offered()).slots).not.toContain(at1930);
    // A refused one placed nothing: it may book the next slot offered and order.
    const again = browsers[answers.indexOf(refused[0])];
    await again.post('/api/orderTime', { scheduled_for: '2026-11-27T19:45:00.000Z' }).expect(200);
    await again.complete().expect(200);
  });

  it('a cancelled order gives its place back, and the slot is offered again', async () => {
    const [placedId] = (await server.shop.pool.anyFirst(sql.unsafe`select order_id from orders where scheduled_for = ${at1930} and status = 'AWAITING-PAYMENT' limit 1`)) as string[];
    await (await staff()).post('/api/ta/cancelUnpaid', { orderId: placedId }).expect(200);
    await until(async () => (await placesIn(at1930)) === 5, 'the cancelled order’s place to go back');
    expect((await offered()).slots).toContain(at1930);
  });

  it('a paid order refunded in full before its ticket was printed gives its place back', async () => {
    const browser = await atCheckoutFor('2026-11-27T21:00:00.000Z');
    const order = (await browser.complete().expect(200)).body.order as { id: string };
    const manager = shopper(server);
    await manager.post('/api/login', { email: server.admin.email, password: server.admin.password }).expect(200);
    await manager.post('/api/ta/markPaid', { orderId: order.id }).expect(200);
    await until(async () => (await placesIn('2026-11-27T21:00:00.000Z')) === 1, 'the order to hold its place');
    await manager.post(`/api/orders/${order.id}/refunds`, { requestId: randomUUID(), lines: [0], reason: 'cannot_cook' }).expect(200);
    await until(async () => (await placesIn('2026-11-27T21:00:00.000Z')) === 0, 'the refunded order’s place to go back');
  });

  it('an order for later waits as SCHEDULED, due at its slot, and becomes NEW at the slot less the lead', async () => {
    const browser = await atCheckoutFor('2026-11-27T20:30:00.000Z');
    const order = (await browser.complete().expect(200)).body.order as { id: string };
    const kitchen = await staff();
    const paid = (await kitchen.post('/api/ta/markPaid', { orderId: order.id }).expect(200)).body;
    expect(JSON.stringify(paid)).toContain('"status":"SCHEDULED"');
    const row = async () => ((await kitchen.get('/api/todaysOrders').expect(200)).body as Array<{ id: string; status: string; scheduled_for: string; due_by: string }>).find((one) => one.id === order.id)!;
    expect(await row()).toMatchObject({ status: 'SCHEDULED', scheduled_for: '2026-11-27T20:30:00.000Z', due_by: '2026-11-27T20:30:00.000Z' });
    const progress = (await browser.get(`/api/orders/${order.id}/progress`).expect(200)).body.progress;
    expect(progress).toMatchObject({ scheduledFor: '2026-11-27T20:30:00.000Z', expected: { readyBy: '2026-11-27T20:30:00.000Z' } });
    now = Date.parse('2026-11-27T20:09:00.000Z');
    await server.shop.processes.runDue();
    expect((await row()).status).toBe('SCHEDULED');
    now = Date.parse('2026-11-27T20:10:00.000Z');
    await server.shop.processes.runDue();
    await server.shop.processes.runDue();
    await until(async () => (await row()).status === 'NEW', 'the order to come to the kitchen');
  });

  it('a slot that passed while the customer was at the checkout is refused with the next ones', async () => {
    now = Date.parse('2026-11-27T20:10:00.000Z');
    const browser = await atCheckoutFor('2026-11-27T20:45:00.000Z');
    now = Date.parse('2026-11-27T20:20:00.000Z');
    await browser.complete().expect(409, /20:45 can no longer be booked; 21:00 and 21:15 have room/);
  });
});
