import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import request from 'supertest';
import { STATUS_LINK_IN_MAIL, STATUS_LINK_REFUSED } from '../../src/shared/order-status-texts';
import { startTestServer, type TestServer } from '../support/server';
import { connectSse, type SseConnection } from '../support/sse-client';
import { testClock } from '../support/test-clock';
import { managerAndStaffCookies, sameOrigin } from './http';
import { newCustomers, shopper } from './shopper';

const someone = newCustomers('status', 201_500);
const PLACED_AT = '2026-11-20T19:00:00.000Z'; // inside the default opening hours

/**
 * Issue 31: where is my order. The session that placed it, and anyone holding the confirmation mail's signed link
 * (48 hours), get its steps and a token for its private live channel; nobody else gets anything, whatever they guess.
 */
describe('the order’s status, by its session and by its mail’s signed link', () => {
  let server: TestServer;
  let staff: string;
  const clock = testClock(PLACED_AT);
  const open: SseConnection[] = [];

  beforeAll(async () => {
    server = await startTestServer({ clock });
    staff = (await managerAndStaffCookies(server)).staff;
  });
  afterEach(() => {
    for (const connection of open.splice(0)) connection.close();
    clock.set(PLACED_AT);
  });
  afterAll(async () => {
    await server.stop();
  });

  async function placeOrder() {
    const customer = shopper(server);
    const details = someone();
    await customer.collectOnionBhaji(details);
    await customer.payByPhone().expect(200);
    const order = (await customer.complete().expect(200)).body.order as { id: string; ref: string };
    await server.shop.mailSettled();
    const mail = (await server.shop.pool.oneFirst(sql.unsafe`
      select body_text from mail_outbox where order_id = ${order.id} and kind = 'order-confirmation'`)) as string;
    const link = new URL(/^http\S+\/order-status\/\S+$/m.exec(mail)![0]);
    return { customer, details, order, mail, link };
  }
  /** What the status page asks with its link: the order in the link's path, the link's query as it is. */
  const progressByLink = (orderId: string, search: string) => request(server.baseUrl).get(`/api/orders/${orderId}/progress${search}`);
  const orderIdOf = (link: URL) => link.pathname.split('/').at(-1)!;
  const kitchen = (path: string, body: object) => request(server.baseUrl).post(path).set(sameOrigin(server)).set('Cookie', staff).send(body).expect(200);

  async function expectRefused(answer: request.Test) {
    const refused = await answer.expect(403);
    expect(refused.body).toEqual({ status: false, message: STATUS_LINK_REFUSED });
  }

  it('the confirmation mail links to the order’s status page, signed for 48 hours, on the shop’s own origin', async () => {
    const { order, mail, link } = await placeOrder();
    expect(mail).toContain(`${STATUS_LINK_IN_MAIL}\n${link.href}`);
    // Without PUBLIC_ORIGIN (tests, npm start) the shop's origin is this machine at its port.
    expect(link.origin).toBe(`http://localhost:${new URL(server.baseUrl).port}`);
    expect(link.pathname).toBe(`/order-status/${order.id}`);
    expect(Number(link.searchParams.get('expires')) * 1000).toBe(Date.parse(PLACED_AT) + 48 * 3600_000);
  });

  it('gives the session and the link the same steps and a channel token, which hears each step as staff act', async () => {
    const { customer, details, order, link } = await placeOrder();
    const own = await customer.get(`/api/orders/${order.id}/progress`).expect(200);
    const linked = await progressByLink(order.id, link.search).expect(200);
    expect(linked.headers['cache-control']).toBe('no-store');
    for (const answer of [own, linked]) {
      expect(answer.body).toMatchObject({ status: true, auth: expect.any(String), progress: { orderId: order.id, ref: order.ref, current: 'placed', lapseAt: '2026-11-20T19:20:00.000Z' } });
    }
    // The page of a link shows no personal data: the steps, times and the method only.
    expect(JSON.stringify(linked.body)).not.toMatch(new RegExp(`${details.email}|${details.full_name}|${details.phone_number}`));

    const stream = await connectSse(`${server.baseUrl}/events/order?auth=${encodeURIComponent(linked.body.auth)}`);
    open.push(stream);
    expect(stream.status).toBe(200);
    await kitchen('/api/ta/markPaid', { orderId: order.id });
    await kitchen('/takeaway/printOrder', { orderId: order.id, via: 'marked' });
    await kitchen('/api/ta/notifyCustomer', { id: order.id });
    await kitchen('/takeaway/orderComplete', { orderId: order.id });
    const pushed = await stream.waitForCount(4);
    expect(pushed.map(({ event, data }) => ({ event, data }))).toEqual(Array(4).fill({ event: 'OrderProgressed', data: { orderId: order.id } }));
    const done = (await progressByLink(order.id, link.search).expect(200)).body.progress;
    expect(done.steps.map((step: { step: string; reached: boolean }) => `${step.step}:${step.reached}`)).toEqual(['placed:true', 'paid:true', 'cooking:true', 'ready:true', 'completed:true']);
  });

  it('refuses in plain words, with nothing of the order, a link altered, another order’s, or none at all', async () => {
    const a = await placeOrder();
    const b = await placeOrder();
    const [expires, signature] = [a.link.searchParams.get('expires')!, a.link.searchParams.get('signature')!];
    await expectRefused(progressByLink(b.order.id, a.link.search)); // another order's id under A's signature
    await expectRefused(progressByLink(a.order.id, `?expires=${Number(expires) + 3600}&signature=${signature}`));
    await expectRefused(progressByLink(a.order.id, `?expires=${expires}&signature=${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`));
    await expectRefused(progressByLink(a.order.id, ''));
    // Another customer's session, and an order id made up: the same refusal, so guessing tells nothing.
    await expectRefused(b.customer.get(`/api/orders/${a.order.id}/progress`));
    await expectRefused(progressByLink(randomUUID(), a.link.search));
    // Each link opens its own order.
    expect((await progressByLink(orderIdOf(b.link), b.link.search).expect(200)).body.progress.orderId).toBe(b.order.id);
    expect((await progressByLink('not-an-order', a.link.search).expect(400)).body.message).toMatch(/^id: /);
  });

  it('works for 48 hours by the shop’s clock, then is refused', async () => {
    const { order, link } = await placeOrder();
    clock.advanceMinutes(48 * 60 - 1);
    await progressByLink(order.id, link.search).expect(200);
    clock.advanceMinutes(1);
    await expectRefused(progressByLink(order.id, link.search));
  });
});
