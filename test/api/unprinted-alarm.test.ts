import { sql } from 'slonik';
import { createUserRepository } from '../../src/identity/users';
import { startTestServer, type TestServer } from '../support/server';
import { shopper } from './shopper';

/** Issue 17 item 7: an order still unprinted after the alarm and a further setting mails the managers, once. */
describe('the unprinted-order alarm, second stage', () => {
  let server: TestServer;
  let now = Date.parse('2026-11-20T19:00:00.000Z'); // inside the default opening hours
  const advanceMinutes = (minutes: number) => (now += minutes * 60_000);
  let customers = 0;

  beforeAll(async () => {
    // The defaults: the alarm after 2 minutes unprinted, the second stage 5 minutes further.
    server = await startTestServer({ clock: () => new Date(now) });
    const users = createUserRepository(server.shop.pool);
    await users.create({ email: 'boss@example.com', password: 'boss long password', role: 'manager' });
    await users.create({ email: 'cook@example.com', password: 'cook long password', role: 'staff' });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function staff() {
    const agent = shopper(server);
    await agent.post('/api/login', { email: 'cook@example.com', password: 'cook long password' }).expect(200);
    return agent;
  }

  /** A phone order, paid now: NEW and unprinted in the kitchen from this moment. */
  async function paidOrder(): Promise<{ id: string; ref: string }> {
    const customer = shopper(server);
    customers += 1;
    await customer.collectOnionBhaji({ email: `diner-${customers}@example.com`, full_name: 'Kim Lee', phone_number: `07911 ${200_000 + customers}` });
    await customer.payByPhone().expect(200);
    const order = (await customer.complete().expect(200)).body.order as { id: string; ref: string };
    await (await staff()).post('/api/ta/markPaid', { orderId: order.id }).expect(200);
    return order;
  }

  const print = async (orderId: string) => (await staff()).post('/takeaway/printOrder', { orderId, status: 'PRINTED', via: 'browser' }).expect(200);

  const alarmMails = async (orderId: string) =>
    (await server.shop.pool.any(sql.unsafe`
      select recipient, subject, body_text from mail_outbox where kind = 'unprinted-alarm' and order_id = ${orderId} order by recipient`)) as Array<{ recipient: string; subject: string; body_text: string }>;

  /** Moves the clock and runs what fell due, twice: a timer the first pass sets may be due at once. */
  async function after(minutes: number): Promise<void> {
    advanceMinutes(minutes);
    await server.shop.processes.runDue();
    await server.shop.processes.runDue();
  }

  it('mails every manager and admin once, with the order reference and nothing about the customer, after 2 + 5 minutes', async () => {
    const order = await paidOrder();
    await after(2.5); // the first stage only (the staff screen's badge)
    expect(await alarmMails(order.id)).toEqual([]);
    await after(4);
    expect(await alarmMails(order.id)).toEqual([]);
    await after(1); // 7.5 minutes unprinted
    const mails = await alarmMails(order.id);
    expect(mails.map((mail) => mail.recipient)).toEqual(['admin@test.example', 'boss@example.com']);
    expect(mails[0].subject).toBe(`Order ${order.ref} is still not printed after 7 minutes`);
    expect(JSON.stringify(mails)).not.toMatch(/Kim|diner-|07911/);
    // Exactly once: later passes, and printing it late, add nothing.
    await after(30);
    await print(order.id);
    await after(30);
    expect(await alarmMails(order.id)).toHaveLength(2);
  });

  it('mails nobody for an order printed before the second stage, early or after the first alarm', async () => {
    const early = await paidOrder();
    await after(1);
    await print(early.id);
    const late = await paidOrder();
    await after(4); // the process for it has started and waits for the second stage
    await print(late.id);
    await after(30);
    expect(await alarmMails(early.id)).toEqual([]);
    expect(await alarmMails(late.id)).toEqual([]);
  });

  it('follows the settings as they are when the alarm is due', async () => {
    const cookie = await (async () => {
      const agent = shopper(server);
      await agent.post('/api/login', { email: 'boss@example.com', password: 'boss long password' }).expect(200);
      return agent;
    })();
    await cookie.post('/api/settings/update', { settings: { unprinted_alarm_second_stage_minutes: 20 } }).expect(200);
    const order = await paidOrder();
    await after(10);
    expect(await alarmMails(order.id)).toEqual([]);
    await after(13); // 23 minutes: past 2 + 20
    expect(await alarmMails(order.id)).toHaveLength(2);
  });
});
