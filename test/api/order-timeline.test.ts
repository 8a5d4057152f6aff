import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { createUserRepository } from '../../src/identity/users';
import type { OrderTimeline, TimelineEntry } from '../../src/shared/order-timeline';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';
import { until } from '../support/until';
import { shopper } from './shopper';

/** An order's timeline (issue 40 item 1): its events in order with their words, who did them, and the personal data's gate. */
describe('an order’s timeline', () => {
  let server: TestServer;
  const clock = testClock('2026-11-20T19:00:00.000Z'); // 19:00 in London
  const person = { email: 'timeline-kim@example.com', full_name: 'Kim Timeline', phone_number: '07911 200424' };

  beforeAll(async () => {
    server = await startTestServer({ clock });
    const users = createUserRepository(server.shop.pool);
    await users.create({ email: 'cook@example.com', password: 'cook long password', role: 'staff' });
    await users.create({ email: 'boss@example.com', password: 'boss long password', role: 'manager' });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  const signedIn = async (email: string, password: string) => {
    const agent = shopper(server);
    await agent.post('/api/login', { email, password }).expect(200);
    return agent;
  };
  const caughtUp = async () => {
    const head = await server.shop.store.lastCommittedPosition();
    for (const projection of ['audit', 'orders']) await server.shop.services.readModels.waitFor(projection, head);
  };
  /** Set by the first step: the order it tells, and the admin and manager signed in. */
  let told: { orderId: string; admin: ReturnType<typeof shopper>; manager: ReturnType<typeof shopper> };
  const mailsOf = async (orderId: string) => (await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from mail_outbox where order_id = ${orderId}`)) as number;

  it('tells a phone order paid and refunded in order, in words, with who did each; masks personal data for a manager, shows it to an admin after step-up, "[erased]" after erasure; staff get 403', async () => {
    const customer = shopper(server);
    await customer.collectOnionBhaji(person);
    await customer.payByPhone().expect(200);
    const orderId = (await customer.complete().expect(200)).body.order.id as string;
    const manager = await signedIn('boss@example.com', 'boss long password');
    await manager.post('/api/ta/markPaid', { orderId }).expect(200);
    await manager.post(`/api/orders/${orderId}/refunds`, { requestId: randomUUID(), lines: [0], reason: 'cannot_cook' }).expect(200);
    await caughtUp();
    await until(async () => (await mailsOf(orderId)) >= 2, 'the confirmation and refund mails to be queued');

    // The search by the kitchen's short reference leads to it, in any case.
    const ref = orderId.slice(0, 8);
    const found = (await manager.get(`/api/order-search?ref=${ref.toLowerCase()}`).expect(200)).body.orders;
    expect(found).toEqual([expect.objectContaining({ orderId, ref: ref.toUpperCase() })]);
    await manager.get('/api/order-search?ref=not-a-ref').expect(400);
    expect((await manager.get(`/api/order-search?ref=${ref}${encodeURIComponent('\u0000')}`).expect(400)).body.message).toMatch(/^ref: /);

    const timeline = (await manager.get(`/api/orders/${orderId}/timeline`).expect(200)).body.timeline as OrderTimeline;
    expect(timeline).toMatchObject({ orderId, ref: ref.toUpperCase(), personal: 'masked' });
    const entries = timeline.entries;
    const first = (type: string) => entries.find((entry) => entry.type === type) as TimelineEntry;
    const order = ['StockReserved', 'OrderPlaced', 'TakeawayMethodChosen', 'DeliveryDetailsGiven', 'PaymentMethodChosen', 'StockSold', 'OrderSubmitted', 'OrderPaid', 'OrderRefunded'];
    const at = order.map((type) => entries.findIndex((entry) => entry.type === type));
    expect(at.every((index) => index >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // Commit order is the order of the positions; each time is London's, 24-hour.
    const positions = entries.filter((entry) => entry.kind === 'event').map((entry) => entry.raw.position as string);
    expect([...positions].sort()).toEqual(positions);
    expect(first('OrderSubmitted').time).toBe('20/11/2026 19:00');

    expect(first('StockReserved')).toMatchObject({ stream: 'stock-1', words: 'Onion Bhaji: 1 unit held for the basket', who: { kind: 'customer', label: 'The customer' } });
    expect(first('StockSold').words).toBe('Onion Bhaji: 1 unit sold');
    expect(first('TakeawayMethodChosen').words).toBe('Collection chosen, £0.40 off for collecting');
    expect(first('OrderSubmitted')).toMatchObject({ words: 'Order placed (pay by phone), total £3.55, awaiting payment', who: { label: 'The customer' } });
    expect(first('OrderPaid')).toMatchObject({ who: { kind: 'staff', label: 'boss@example.com (manager)' } });
    expect(first('OrderRefunded')).toMatchObject({ words: 'Refund 1: £3.55 (all of it), given back by hand, dishes back in stock. Reason: The kitchen cannot cook it', who: { label: 'boss@example.com (manager)' } });
    expect(entries.some((entry) => entry.type === 'CartCheckedOut' && entry.words === 'Basket checked out into the order')).toBe(true);
    // The mails, each tied to the event it tells about.
    const confirmation = entries.find((entry) => entry.kind === 'mail' && entry.words.startsWith('Order confirmation mail')) as TimelineEntry;
    expect(confirmation.links).toEqual([{ id: first('OrderSubmitted').id, label: 'What the mail tells about' }]);
    expect(first('OrderSubmitted').links).toContainEqual({ id: confirmation.id, label: 'The mail about it' });
    expect(entries.some((entry) => entry.kind === 'mail' && entry.words.startsWith('Refund mail'))).toBe(true);

    // Masked for a manager: not one personal datum anywhere in the answer, the fields read "[hidden]".
    const masked = JSON.stringify(timeline);
    for (const value of Object.values(person)) expect(masked).not.toContain(value);
    expect(first('DeliveryDetailsGiven').raw.data).toMatchObject({ email: '[hidden]', fullName: '[hidden]', phone: '[hidden]' });

    // Staff below a manager, and a guest, get nothing; a manager not the personal data.
    const cook = await signedIn('cook@example.com', 'cook long password');
    await cook.get(`/api/orders/${orderId}/timeline`).expect(403);
    await cook.get(`/api/orders/${orderId}/timeline/personal`).expect(403);
    await cook.get(`/api/order-search?ref=${ref}`).expect(403);
    await shopper(server).get(`/api/orders/${orderId}/timeline`).expect(401);
    await manager.get(`/api/orders/${orderId}/timeline/personal`).expect(403);
    await manager.get(`/api/orders/${randomUUID()}/timeline`).expect(404);

    // An admin who just entered the password sees them; five minutes on, the password is asked for again.
    const admin = await signedIn(server.admin.email, server.admin.password);
    const shown = (await admin.get(`/api/orders/${orderId}/timeline/personal`).expect(200)).body.timeline as OrderTimeline;
    expect(shown.personal).toBe('shown');
    expect(shown.entries.find((entry) => entry.type === 'DeliveryDetailsGiven')!.raw.data).toMatchObject({ email: person.email, fullName: person.full_name });
    clock.advanceMinutes(6);
    expect((await admin.get(`/api/orders/${orderId}/timeline/personal`).expect(403)).body.code).toBe('step_up_required');

    // After erasure the fields read "[erased]", to the admin too; the money and the dishes stay.
    await admin.post('/api/account/confirm-password', { password: server.admin.password }).expect(200);
    await admin.post('/api/privacy/erase', { orderId }).expect(200);
    await caughtUp();
    const erased = (await admin.get(`/api/orders/${orderId}/timeline/personal`).expect(200)).body.timeline as OrderTimeline;
    expect(erased.entries.find((entry) => entry.type === 'DeliveryDetailsGiven')!.raw.data).toMatchObject({ email: '[erased]', fullName: '[erased]' });
    expect(erased.entries.find((entry) => entry.type === 'PersonalDataErased')).toMatchObject({ words: 'Personal data erased on request', who: { kind: 'staff' } });
    expect(erased.entries.find((entry) => entry.type === 'OrderRefunded')!.words).toBe(first('OrderRefunded').words);
    told = { orderId, admin, manager };
  });

  it('the stream browser (item 2): an admin lists categories and streams, and pages one forwards and backwards, by type and time; masked; managers get 403', async () => {
    const { orderId, admin, manager } = told;
    const stream = `order-${orderId}`;
    const categories = (await admin.get('/api/streams/categories').expect(200)).body.categories as Array<{ category: string; streams: number }>;
    expect(categories).toContainEqual(expect.objectContaining({ category: 'order', streams: 1 }));
    expect((await admin.get('/api/streams?category=order').expect(200)).body.streams).toEqual([expect.objectContaining({ stream })]);
    expect((await admin.get(`/api/streams?category=order&after=${stream}`).expect(200)).body.streams).toEqual([]);

    const page = async (query: string) => (await admin.get(`/api/streams/${stream}/events?${query}`).expect(200)).body.page as { events: Array<{ revision: number; type: string; data: Record<string, unknown> }>; next: number | null };
    const all = await page('limit=200');
    const revisions = all.events.map((event) => event.revision);
    expect(revisions).toEqual(revisions.map((_, index) => index));
    expect(all.next).toBeNull();
    const first = await page('limit=3');
    expect(first.events.map((event) => event.revision)).toEqual([0, 1, 2]);
    expect((await page(`limit=3&from=${first.next}`)).events.map((event) => event.revision)).toEqual([3, 4, 5]);
    const last = revisions.at(-1)!;
    const backwards = await page('direction=backwards&limit=2');
    expect(backwards.events.map((event) => event.revision)).toEqual([last, last - 1]);
    expect((await page(`direction=backwards&limit=2&from=${backwards.next}`)).events.map((event) => event.revision)).toEqual([last - 2, last - 3]);
    expect((await page('type=OrderRefunded')).events.map((event) => event.type)).toEqual(['OrderRefunded']);
    expect((await page('since=2026-11-20T19:01:00Z')).events).toEqual([]);
    expect((await page('since=2026-11-20T18:59:00Z&until=2026-11-20T19:00:00Z')).events.length).toBe(all.events.length);
    // Personal fields are masked (here already erased), never in clear.
    expect(all.events.find((event) => event.type === 'DeliveryDetailsGiven')!.data).toMatchObject({ email: expect.stringMatching(/^\[(hidden|erased)\]$/) });

    await admin.get(`/api/streams/${stream}/events?direction=sideways`).expect(400);
    await admin.get('/api/streams?category=Order%00').expect(400);
    await manager.get('/api/streams/categories').expect(403);
    await manager.get('/api/streams?category=order').expect(403);
    await manager.get(`/api/streams/${stream}/events`).expect(403);
  });
});
