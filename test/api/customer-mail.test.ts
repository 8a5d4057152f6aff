import { randomUUID } from 'node:crypto';
import pino from 'pino';
import request from 'supertest';
import { sql } from 'slonik';
import { customerMailReactor } from '../../modules/order/mail/customer-mail';
import { orderStream } from '../../modules/order/core/events';
import { startFakeSmtp } from '../support/fake-smtp';
import { startTestServer, type TestServer } from '../support/server';
import { managerAndStaffCookies, sameOrigin } from './http';
import { shopper } from './shopper';

const details = { email: 'sam@example.com', full_name: 'Sam Smith', phone_number: '07911 123456' };

/** Customer mail goes through the outbox: the order never waits for, or fails with, the mail server. */
describe('customer mail through the outbox', () => {
  let server: TestServer;
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    server = await startTestServer({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
  });

  /** The suite's manager and staff logins, made once. */
  let logins: ReturnType<typeof managerAndStaffCookies> | undefined;
  const staffLogins = () => (logins ??= managerAndStaffCookies(server));

  async function placeOrder() {
    const customer = shopper(server);
    await customer.collectOnionBhaji(details);
    await customer.payByPhone().expect(200);
    return (await customer.complete().expect(200)).body.order as { id: string; ref: string };
  }

  it('places the order while the mail server turns mail away, and sends the confirmation once it takes it', async () => {
    smtp.reply('421 4.3.2 service not available, try later');
    const order = await placeOrder();
    await server.shop.mailSettled();
    expect(smtp.received.filter((mail) => mail.data.includes(order.ref))).toEqual([]);
    const queued = await server.shop.pool.one(sql.unsafe`
      select kind, recipient, attempts, sent_at is null as unsent, last_error from mail_outbox where order_id = ${order.id}`);
    expect(queued).toMatchObject({ kind: 'order-confirmation', recipient: 'sam@example.com', attempts: 1, unsent: true });
    expect(queued.last_error).toContain('421');

    // The retry falls due (the first delay is 10 s): bring it forward rather than wait.
    await server.shop.pool.query(sql.unsafe`update mail_outbox set next_attempt_at = now() where order_id = ${order.id}`);
    await server.shop.mailSettled();
    const sent = smtp.received.filter((mail) => mail.data.includes(order.ref));
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toEqual(['<sam@example.com>']);
    expect(sent[0].data).toContain('Please call us on');
  });

  it("names each dish's allergens in the confirmation, as the catalogue holds them", async () => {
    const order = await placeOrder();
    await server.shop.mailSettled();
    const mail = smtp.received.find((received) => received.data.includes(order.ref));
    // The demo menu's Onion Bhaji contains milk.
    expect(mail?.data).toContain('Allergens: Milk');
  });

  it('names a variant’s own allergens on its line, and not on its sibling’s', async () => {
    // A manager says the Madras's King Prawn variant holds crustaceans; the dish itself declares none.
    const { manager } = await staffLogins();
    type Dish = { id: number; name: string; allergens: string[]; variants: Array<{ id: number; name: string; incremental_price: number; weighting: number; allergens: string[] }> };
    const madras = ((await request(server.baseUrl).get('/api/menu').expect(200)).body.products as Dish[]).find((product) => product.name === 'Madras')!;
    expect(madras.allergens).toEqual([]);
    const prawn = madras.variants.find((variant) => variant.name === 'King Prawn')!;
    const chicken = madras.variants.find((variant) => variant.name === 'Chicken')!;
    await request(server.baseUrl).post(`/api/catalogue/variants/${prawn.id}`).set(sameOrigin(server)).set('Cookie', manager)
      .send({ name: prawn.name, incremental_price: prawn.incremental_price, weighting: prawn.weighting, allergens: ['crustaceans'], allergens_declared: true }).expect(200);

    const customer = shopper(server);
    for (const variant of [chicken, prawn]) await customer.post('/api/moveProductStockToBasket', { id: madras.id, variant: variant.id, quantity: 1 }).expect(200);
    await customer.save().expect(200);
    await customer.method('COLLECT', -229, 2061).expect(200);
    await customer.form({ ...details, email: 'prawn@example.com', phone_number: '07911 123460' }).expect(200);
    await customer.payByPhone().expect(200);
    const order = (await customer.complete().expect(200)).body.order as { ref: string };
    await server.shop.mailSettled();
    const mail = smtp.received.find((received) => received.data.includes(order.ref));
    // The text part, its soft line breaks undone (quoted-printable), one dish line and its allergens after it.
    const text = (mail?.data ?? '').replace(/=\r?\n/g, '');
    const after = (variant: string) => text.slice(text.search(new RegExp(`Madras[^\\n]*${variant}`)));
    expect(after('King Prawn')).toMatch(/^[^\n]*\r?\n[^\n]*Allergens: Crustaceans/);
    expect(after('Chicken')).toMatch(/^[^\n]*\r?\n[^\n]*Allergens: no allergens declared as present/);
  });

  it('a phone order refunded by a manager: money given back by hand, the row and the tally follow, the customer mailed once', async () => {
    const order = await placeOrder();
    const { manager, staff } = await staffLogins();
    const as = (cookie: string) => ({ ...sameOrigin(server), Cookie: cookie });
    await request(server.baseUrl).post('/api/ta/markPaid').set(as(staff)).send({ orderId: order.id }).expect(200);
    const tally = async () => (await request(server.baseUrl).get('/api/todaysOrderTally').set(as(staff)).expect(200)).body as number;
    const before = await tally();
    const refund = { requestId: randomUUID(), lines: [0], reason: 'customer_asked', note: 'Changed their mind' };
    const answer = await request(server.baseUrl).post(`/api/orders/${order.id}/refunds`).set(as(manager)).send(refund).expect(200);
    expect(answer.body.order).toMatchObject({ refunded: 355, refund_standing: 'FULL', refundable: 0, refund_failed: 0 });
    // The same request again (a resend) is the same refund; a staff login may not refund.
    await request(server.baseUrl).post(`/api/orders/${order.id}/refunds`).set(as(manager)).send(refund).expect(200);
    await request(server.baseUrl).post(`/api/orders/${order.id}/refunds`).set(as(staff)).send({ ...refund, requestId: randomUUID() }).expect(403);
    await server.shop.services.readModels.waitFor('orders', await server.shop.store.lastCommittedPosition());
    expect(await tally()).toBe(before - 355);
    await server.shop.mailSettled();
    const unfolded = (data: string) => data.replace(/\r?\n[ \t]+/g, ' ').replace(/=\r?\n/g, '');
    const refundMails = smtp.received.map((mail) => unfolded(mail.data)).filter((data) => data.includes(order.ref) && data.includes('We have refunded'));
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]).toContain('We have given it back to you by hand.');
    expect(refundMails[0]).not.toContain('card');
  });

  it('queues one mail per placed order, also when the customer presses the button twice', async () => {
    const customer = shopper(server);
    await customer.collectOnionBhaji({ ...details, email: 'twice@example.com' });
    await customer.payByPhone().expect(200);
    const [first, second] = await Promise.all([customer.complete(), customer.complete()]);
    expect([first.status, second.status]).toEqual([200, 200]);
    await server.shop.mailSettled();
    const mails = smtp.received.filter((mail) => mail.to.includes('<twice@example.com>'));
    expect(mails).toHaveLength(1);
  });

  it('mails nothing for an event more than a day old (a first start over an old store), and the rest once each', async () => {
    const order = await placeOrder();
    await server.shop.mailSettled();
    const { events } = await server.shop.store.read(orderStream(order.id));
    const submitted = events.find((event) => event.type === 'OrderSubmitted')!;
    const reactor = customerMailReactor(server.shop.services, { catalogue: async () => ({ categories: [], products: [] }) }, () => 'https://shop.example/order-status');
    const mails = () =>
      server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from mail_outbox where order_id = ${order.id}`) as Promise<number>;
    // As the runner applies it: the mails composed first, then queued in the transaction.
    const replay = async (at: string, id: string = randomUUID()) => {
      const events = [{ ...submitted, id, metadata: { ...submitted.metadata, at } }];
      const prepared = await reactor.prepare!(events);
      await server.shop.pool.transaction((tx) => reactor.applyAll!(events, { tx, publish: async () => undefined, prepared }));
    };
    expect(await mails()).toBe(1);

    await replay(new Date(server.shop.services.clock().getTime() - 25 * 60 * 60 * 1000).toISOString());
    expect(await mails()).toBe(1);
    await replay(submitted.metadata.at, submitted.id); // the same event again: already queued
    expect(await mails()).toBe(1);
    await replay(server.shop.services.clock().toISOString());
    expect(await mails()).toBe(2);
  });
});

/** Issue 15: a mail server's refusal names the address; the log, which erasure cannot reach, never does. */
describe('a refused mail in the log', () => {
  it('logs the mail id and the codes, not the address or the server answer', async () => {
    const smtp = await startFakeSmtp();
    const lines: string[] = [];
    const server = await startTestServer({ env: { SMTP_URL: smtp.url }, logger: pino({ level: 'trace' }, { write: (line: string) => void lines.push(line) }) });
    try {
      smtp.reply('550 5.1.1 <refused.person@example.com>: Recipient address rejected');
      const customer = shopper(server);
      await customer.collectOnionBhaji({ ...details, email: 'refused.person@example.com' });
      await customer.payByPhone().expect(200);
      await customer.complete().expect(200);
      await server.shop.mailSettled();
      const failed = lines.filter((line) => line.includes('mail failed'));
      expect(failed).toHaveLength(1);
      expect(JSON.parse(failed[0])).toMatchObject({ responseCode: 550, msg: 'mail failed for good' });
      expect(lines.join('\n')).not.toContain('refused.person');
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});
