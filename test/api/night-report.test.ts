import { randomUUID } from 'node:crypto';
import { createUserRepository } from '../../src/identity/users';
import type { NightReport } from '../../src/shared/night-report';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';
import { newCustomers, shopper } from './shopper';

const KORMA = 13;
const someone = newCustomers('night', 200_900);
type Agent = ReturnType<typeof shopper>;

/** Tonight at a glance (issue 40 item 6): a trading day's figures from the read models and events, as JSON and CSV. */
describe('the night report', () => {
  let server: TestServer;
  let manager: Agent;
  const clock = testClock('2026-11-20T19:00:00.000Z'); // 19:00 in London, a Friday inside the default hours

  beforeAll(async () => {
    server = await startTestServer({ clock, settings: { vouchers_enabled: true } });
    const users = createUserRepository(server.shop.pool);
    await users.create({ email: 'boss@example.com', password: 'boss long password', role: 'manager' });
    await users.create({ email: 'cook@example.com', password: 'cook long password', role: 'staff' });
    manager = shopper(server);
    await manager.post('/api/login', { email: 'boss@example.com', password: 'boss long password' }).expect(200);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  const caughtUp = async () => {
    const head = await server.shop.store.lastCommittedPosition();
    for (const projection of ['audit', 'orders', 'menu']) await server.shop.services.readModels.waitFor(projection, head);
  };
  /** A phone order of one Onion Bhaji to collect (£3.55), with a voucher when given a code (£3.15). */
  async function bhaji(code?: string): Promise<string> {
    const customer = shopper(server);
    const details = someone();
    await customer.collectOnionBhaji(details);
    if (code) {
      const orderId = (await customer.post('/api/fetchOrder').expect(200)).body.order.id as string;
      await customer.post('/try-to-apply-voucher', { code, email: details.email, orderId }).expect(200);
    }
    await customer.payByPhone().expect(200);
    return (await customer.complete().expect(200)).body.order.id as string;
  }
  /** A phone order of one Korma to collect (£8.55). */
  async function korma(): Promise<string> {
    const customer = shopper(server);
    await customer.post('/api/moveProductStockToBasket', { id: KORMA, variant: null, quantity: 1 }).expect(200);
    await customer.post('/api/saveCartAsOrder').expect(200);
    await customer.post('/api/updateOrder', { ta_method: 'COLLECT', postage: -95, total_cost: 855, postcode: null }).expect(200);
    await customer.form(someone()).expect(200);
    await customer.payByPhone().expect(200);
    return (await customer.complete().expect(200)).body.order.id as string;
  }
  const at = (hhmm: string, day = '2026-11-20') => clock.set(`${day}T${hhmm}:00.000Z`); // GMT in November: London's clock
  const paid = (orderId: string) => manager.post('/api/ta/markPaid', { orderId }).expect(200);
  const printed = (orderId: string) => manager.post('/takeaway/printOrder', { orderId }).expect(200);
  const completed = (orderId: string) => manager.post('/takeaway/orderComplete', { orderId }).expect(200);
  const reportOf = async (query = '') => (await manager.get(`/api/night-report${query}`).expect(200)).body.report as NightReport;

  it('a day of orders over two hours: the figures equal the hand-computed ones; CSV through the writer; the day stays the same after the next', async () => {
    await manager.post('/api/vouchers', { code: 'NIGHT10', terms: { description: '10% off', benefit: { kind: 'percent', percent: 10 } } }).expect(200);
    // A: paid 19:02, printed 19:05 (3 min), completed 19:15 (13 min).
    const a = await bhaji();
    at('19:02');
    await paid(a);
    at('19:05');
    await printed(a);
    at('19:15');
    await completed(a);
    // B, with the voucher (40p off): paid 19:20, printed 19:25 (5 min), completed 19:45 (25 min).
    at('19:20');
    const b = await bhaji('NIGHT10');
    await paid(b);
    at('19:25');
    await printed(b);
    at('19:45');
    await completed(b);
    // C: the last Korma, paid 20:10 (it sells out), printed 20:16 (6 min), refunded whole at 20:30.
    at('20:00');
    await manager.post('/api/stock/level', { productId: KORMA, variantId: null, units: 1 }).expect(200);
    at('20:10');
    const c = await korma();
    await paid(c);
    at('20:16');
    await printed(c);
    at('20:30');
    await manager.post('/api/account/confirm-password', { password: 'boss long password' }).expect(200);
    await manager.post(`/api/orders/${c}/refunds`, { requestId: randomUUID(), lines: [0], reason: 'cannot_cook' }).expect(200);
    // Printed, it was cooked: nothing goes back on the shelf until the kitchen restocks at 20:40.
    at('20:40');
    await manager.post('/api/stock/restock', { productId: KORMA, variantId: null, units: 4 }).expect(200);
    await caughtUp();

    const dueBy = async (orderId: string) => Date.parse((await manager.get(`/api/fetchOrder/${orderId}`).expect(200)).body.order.due_by as string);
    const late = [[a, '19:15'], [b, '19:45']] as const;
    const lateness = await Promise.all(late.map(async ([id, hhmm]) => (Date.parse(`2026-11-20T${hhmm}:00.000Z`) - (await dueBy(id))) / 60_000));
    const report = await reportOf('?day=2026-11-20');
    expect(report).toEqual({
      day: '2026-11-20',
      orders: 3,
      takingsPence: 355 + 315 + 855 - 855,
      byMethod: [{ key: 'PHONE', orders: 3, takingsPence: 1525 }],
      byHour: [
        { key: '19:00', orders: 2, takingsPence: 670 },
        { key: '20:00', orders: 1, takingsPence: 855 },
      ],
      refunds: { count: 1, totalPence: 855 },
      vouchers: { count: 1, discountPence: 40 },
      paidToPrinted: { orders: 3, averageMinutes: 4.7, p90Minutes: 6 },
      paidToCompleted: { orders: 2, averageMinutes: 19, p90Minutes: 25 },
      promised: { orders: 2, onTime: lateness.filter((minutes) => minutes <= 0).length, averageMinutesLate: Math.round(((lateness[0] + lateness[1]) / 2) * 10) / 10 },
      bestSellers: [
        { dish: 'Onion Bhaji', quantity: 2, takingsPence: 790 },
        { dish: expect.stringMatching(/Korma/), quantity: 1, takingsPence: 950 },
      ],
      soldOut: [{ dish: expect.stringMatching(/Korma/), soldOutAt: '2026-11-20T20:10:00.000Z', backAt: '2026-11-20T20:40:00.000Z' }],
    });
    // Today is the default; the takings are the day's tally.
    expect(await reportOf()).toEqual(report);
    expect((await manager.get('/api/todaysOrderTally').expect(200)).body).toBe(report.takingsPence);

    const csv = (await manager.get('/api/night-report.csv?day=2026-11-20').expect(200).expect('Content-Type', /text\/csv/)).text.replace(/^\uFEFF/, '');
    expect(csv.trim().split('\r\n')).toEqual(['hour,orders,takings_pence', '19:00,2,670', '20:00,1,855', 'refunds,1,-855', 'total,3,670']);

    // The next evening: a new order, paid, and the Korma sells out again; Friday's report does not move.
    at('19:30', '2026-11-21');
    await manager.post('/api/stock/level', { productId: KORMA, variantId: null, units: 1 }).expect(200);
    await paid(await korma());
    await caughtUp();
    expect(await reportOf('?day=2026-11-20')).toEqual(report);
    const saturday = await reportOf();
    expect(saturday).toMatchObject({ day: '2026-11-21', orders: 1, takingsPence: 855, soldOut: [expect.objectContaining({ soldOutAt: '2026-11-21T19:30:00.000Z', backAt: null })] });
  });

  it('refuses a day to come and what is not a day in plain sentences; staff get 403, a guest 401', async () => {
    expect((await manager.get('/api/night-report?day=2026-11-22').expect(400)).body.message).toBe('The day has not come yet: choose today or an earlier day');
    expect((await manager.get('/api/night-report.csv?day=2026-11-22').expect(400)).body.message).toBe('The day has not come yet: choose today or an earlier day');
    expect((await manager.get('/api/night-report?day=21-11-2026').expect(400)).body.message).toMatch(/The day must be a date, as 2026-11-20/);
    await manager.get('/api/night-report?day=2026-02-30').expect(400);
    expect((await manager.get(`/api/night-report?day=${encodeURIComponent('2026-11-20\u0000')}`).expect(400)).body.message).toMatch(/^day: /);
    await manager.get('/api/night-report?day=2026-11-20&extra=1').expect(400);
    const cook = shopper(server);
    await cook.post('/api/login', { email: 'cook@example.com', password: 'cook long password' }).expect(200);
    await cook.get('/api/night-report').expect(403);
    await cook.get('/api/night-report.csv').expect(403);
    await shopper(server).get('/api/night-report').expect(401);
  });
});
