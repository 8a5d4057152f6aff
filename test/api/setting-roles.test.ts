import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { changeSettings, readSettings } from '../../modules/store';
import { createUserRepository } from '../../src/identity/users';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { cookieHeader, count, sameOrigin } from './http';
import { testClock } from '../support/test-clock';

const STAFF = { email: 'cook@example.com', password: 'cook long password' };
const MANAGER = { email: 'boss@example.com', password: 'boss long password' };

/** Issue 14 item 8: the delivery toggle saves through /api/settings/update, with a role per setting. */
describe('settings by role: staff switch delivery, managers change the rest', () => {
  let server: TestServer;
  let staff: string;
  let manager: string;
  // 19:04 in London (GMT in November), inside the default 17:00-23:00.
  const clock = testClock('2026-11-20T19:04:00.000Z');

  const update = (cookie: string, settings: Record<string, unknown>) =>
    request(server.baseUrl).post('/api/settings/update').set(sameOrigin(server)).set('Cookie', cookie).send({ settings });
  const settingsEvents = async () => (await server.shop.store.read('settings-main')).events.map(({ type, data }) => ({ type, data }));
  const setting = async (key: string) => (await request(server.baseUrl).post('/api/settings').set(sameOrigin(server)).send({ keys: [key] }).expect(200)).body.values[key];
  const logIn = async (who: { email: string; password: string }) =>
    cookieHeader(await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send(who).expect(200));

  beforeAll(async () => {
    server = await startTestServer({ clock });
    const users = createUserRepository(server.shop.pool);
    await users.create({ ...STAFF, role: 'staff' });
    await users.create({ ...MANAGER, role: 'manager' });
    staff = await logIn(STAFF);
    manager = await logIn(MANAGER);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lets staff switch delivery off and on through /api/settings/update, recorded as DeliveryToggled', async () => {
    const before = (await settingsEvents()).length;
    const off = await update(staff, { delivering_status: false }).expect(200);
    expect(off.body).toMatchObject({ status: true, message: 'Settings saved', values: { delivering_status: false } });
    expect((await request(server.baseUrl).get('/api/deliveringStatus').expect(200)).body).toMatchObject({ delivering: false, can_offer_delivery: true });
    await update(staff, { delivering_status: true }).expect(200);
    expect(await setting('delivering_status')).toBe(true);
    expect((await settingsEvents()).slice(before)).toEqual([
      { type: 'DeliveryToggled', data: { delivering: false } },
      { type: 'DeliveryToggled', data: { delivering: true } },
    ]);
  });

  it('keeps the snowfall dates (issue 39 item 6): a manager sets them, wrong dates and staff are refused, anyone reads them', async () => {
    const snow = [{ from: '2026-12-20', to: '2026-12-26' }];
    expect((await update(manager, { snowfall_dates: snow }).expect(200)).body.values).toEqual({ snowfall_dates: snow });
    expect((await request(server.baseUrl).get('/api/settings/snowfall_dates').expect(200)).body).toEqual({ status: true, value: snow });
    const before = await count(server, 'es_events');
    const wrong: Array<[unknown, string]> = [
      [[{ from: '2026-12-26', to: '2026-12-20' }], 'snowfall_dates: the snow cannot stop (20/12/2026) before it starts (26/12/2026)'],
      [[{ from: '26/12/2026', to: '2026-12-27' }], 'snowfall_dates.0.from: must be a date like 2026-12-25'],
      [[{ from: '2026-02-30', to: '2026-03-01' }], 'snowfall_dates.0.from: must be a date like 2026-12-25'],
      [[{ from: '2026-12-20', to: '2026-12-21', always: true }], 'snowfall_dates.0'],
      [Array.from({ length: 21 }, () => ({ from: '2026-12-20', to: '2026-12-21' })), 'snowfall_dates: at most 20 stretches of snow'],
    ];
    for (const [value, message] of wrong) {
      const refused = await update(manager, { snowfall_dates: value }).expect(400);
      expect({ value, message: refused.body.message }).toEqual({ value, message: expect.stringContaining(message) });
    }
    expect((await update(staff, { snowfall_dates: [] }).expect(403)).body.message).toBe('Only a manager may change snowfall_dates');
    expect(await count(server, 'es_events')).toBe(before);
    expect(await setting('snowfall_dates')).toEqual(snow);
  });

  it('refuses staff any other setting with a 403 naming it, and changes nothing', async () => {
    const before = await count(server, 'es_events');
    const refused = await update(staff, { open_time: '12:00' }).expect(403);
    expect(refused.body).toEqual({ status: false, message: 'Only a manager may change open_time' });
    await update(staff, { order_status: 'closed' }).expect(403);
    expect(await count(server, 'es_events')).toBe(before);
    expect(await setting('open_time')).toBe('17:00');
  });

  it('refuses a staff request mixing delivery with a manager-only key whole: delivery is not switched either', async () => {
    const before = await count(server, 'es_events');
    const refused = await update(staff, { delivering_status: false, close_time: '22:00', site_name: 'Taken Over' }).expect(403);
    expect(refused.body.message).toBe('Only a manager may change close_time, site_name');
    expect(await count(server, 'es_events')).toBe(before);
    expect(await setting('delivering_status')).toBe(true);
    expect(await setting('close_time')).toBe('23:00');
  });

  it('lets a manager change delivery and the rest in one save', async () => {
    await update(manager, { delivering_status: false, close_time: '22:30' }).expect(200);
    expect(await setting('delivering_status')).toBe(false);
    expect(await setting('close_time')).toBe('22:30');
    await update(manager, { delivering_status: true, close_time: '23:00' }).expect(200);
  });

  it('refuses to switch delivery on while the kitchen postcode cannot be located, unless the same save fixes it', async () => {
    await update(manager, { delivering_status: false, kitchen_postcode: 'TR1 9ZZ' }).expect(200);
    const refused = await update(staff, { delivering_status: true }).expect(409);
    expect(refused.body.message).toBe('Kitchen Postcode missing or invalid');
    expect(await setting('delivering_status')).toBe(false);
    await update(manager, { delivering_status: true, kitchen_postcode: 'LS1 4AP' }).expect(200);
    expect(await setting('delivering_status')).toBe(true);
  });

  it("shows the kitchen the day's status, delivery and hours changes: who (a staff email) and when (London time)", async () => {
    // The store the test shop opened at set-up closes at that evening's closing time (the storeHours process),
    // before the day under test; left to the shop's own worker it would close whenever the worker next looks.
    clock.set('2026-11-20T23:01:00.000Z');
    const status = async () => (await readSettings(server.shop.services.settings, ['order_status'])).order_status;
    await until(async () => (await server.shop.processes.runDue(), (await status()) === 'closed'), 'the store to close at closing time');
    // The next day (GMT in November, so 10:15 UTC is 10:15 in London): yesterday's changes are not today's.
    clock.set('2026-11-21T10:15:00.000Z');
    await update(staff, { delivering_status: false }).expect(200);
    clock.set('2026-11-21T10:20:00.000Z');
    await update(manager, { open_time: '12:00', site_name: 'Spice Garden' }).expect(200);
    clock.set('2026-11-21T10:25:00.000Z');
    await request(server.baseUrl).post('/api/change-status').set(sameOrigin(server)).set('Cookie', staff).send({ state: 'busy' }).expect(200);

    const log = await request(server.baseUrl).get('/api/todaysStoreLog').set('Cookie', staff).expect(200);
    expect(log.body).toEqual({
      status: true,
      entries: [
        { at: '2026-11-21T10:25:00.000Z', time: '10:25', who: STAFF.email, text: 'Store set to BUSY' },
        { at: '2026-11-21T10:20:00.000Z', time: '10:20', who: MANAGER.email, text: 'Opening time set to 12:00' },
        { at: '2026-11-21T10:15:00.000Z', time: '10:15', who: STAFF.email, text: 'Delivery switched off' },
      ],
    });
    await request(server.baseUrl).get('/api/todaysStoreLog?day=2026-11-20').set('Cookie', staff).expect(400);
  });

  it("names the store clock as such, and never a customer's email, whoever an event says acted", async () => {
    const customer = await createUserRepository(server.shop.pool).create({ email: 'kim@example.com', password: 'kim long password', role: 'customer' });
    const as = async (actor: string, at: string, changes: Record<string, unknown>) => {
      const { position } = await changeSettings(server.shop.services.commands, changes, { actor, now: at, correlationId: randomUUID() });
      await server.shop.services.readModels.waitFor('settings', position);
    };
    await as('system', '2026-11-21T23:00:00.000Z', { order_status: 'closed' });
    await as(customer.id, '2026-11-21T23:01:00.000Z', { close_time: '23:30' });
    clock.set('2026-11-21T23:05:00.000Z');
    const log = await request(server.baseUrl).get('/api/todaysStoreLog').set('Cookie', staff).expect(200);
    expect(log.body.entries.slice(0, 2)).toEqual([
      { at: '2026-11-21T23:01:00.000Z', time: '23:01', who: 'someone', text: 'Closing time set to 23:30' },
      { at: '2026-11-21T23:00:00.000Z', time: '23:00', who: 'the store clock', text: 'Store set to CLOSED' },
    ]);
    expect(JSON.stringify(log.body)).not.toContain('kim@');
  });
});
