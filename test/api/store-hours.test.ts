import { sql } from 'slonik';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createUserRepository } from '../../src/identity/users';
import { createStoreClock } from '../../modules/store';
import { createTestDatabase } from '../support/database';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { shopper } from './shopper';
import { testClock } from '../support/test-clock';

const ONION_BHAJI = 1;

async function storeStatus(server: TestServer): Promise<string> {
  return (await request(server.baseUrl).get('/api/settings/order_status').expect(200)).body.value as string;
}

/** The store's status changes so far, oldest first, with who made them. */
async function statusChanges(server: TestServer): Promise<Array<{ status: string; actor: string }>> {
  const { events } = await server.shop.store.read('settings-main');
  return events
    .filter((event) => event.type === 'StoreStatusChanged')
    .map((event) => ({ status: (event.data as { status: string }).status, actor: event.metadata.actor }));
}

/** The shop keeps its hours (issue 14 item 4): starts closed, staff open it, it closes once at closing time. */
describe('store hours (default 17:00-23:00, London)', () => {
  let server: TestServer;
  const clock = testClock('2026-11-20T06:20:00.000Z'); // a Friday morning, long before opening time

  beforeAll(async () => {
    // A new shop, as a restaurant installs it: its status left as a new shop has it.
    server = await startTestServer({ clock, settings: { order_status: undefined } });
    await createUserRepository(server.shop.pool).create({ email: 'cook@example.com', password: 'cook long password', role: 'staff' });
  });
  afterAll(async () => {
    await server.stop();
  });

  async function staff() {
    const agent = shopper(server);
    await agent.post('/api/login', { email: 'cook@example.com', password: 'cook long password' }).expect(200);
    return agent;
  }

  /** Moves the clock, then lets the store clock tick and the due processes run, as the shop does each minute. */
  async function at(instant: string): Promise<string | null> {
    clock.set(instant);
    const ticked = await server.shop.storeClock.tick();
    await server.shop.processes.runDue();
    return ticked;
  }

  async function untilClosed(why: string) {
    await until(async () => (await server.shop.processes.runDue(), (await storeStatus(server)) === 'closed'), why);
  }

  it('starts closed and sells nothing, even in the morning of an opening day', async () => {
    expect(await storeStatus(server)).toBe('closed');
    expect((await request(server.baseUrl).get('/store-status').expect(200)).text).toBe("CLOSED - we're not taking orders right now");
    const refused = await shopper(server).add(ONION_BHAJI).expect(409);
    expect(refused.body.message).toMatch(/closed/i);
    expect((await (await staff()).post('/api/ta/canOpen').expect(200)).body.status).toBe(false);
    expect(await at('2026-11-20T06:21:00.000Z')).toBeNull();
  });

  it('at opening time asks staff to open, and does not open by itself', async () => {
    expect(await at('2026-11-20T17:00:00.000Z')).toBe('TakeawayOpenTime');
    expect((await (await staff()).post('/api/ta/canOpen').expect(200)).body.status).toBe(true);
    expect(await at('2026-11-20T17:01:00.000Z')).toBeNull(); // once a day, not every minute
    // Nor once more from another instance's clock, or after a restart (issue 42): the call is claimed in Postgres.
    expect(await createStoreClock(server.shop.services).tick()).toBeNull();
    expect(await storeStatus(server)).toBe('closed');
    await shopper(server).add(ONION_BHAJI).expect(409);
  });

  it('once staff open, sells; warns of closing; closes once at closing time', async () => {
    clock.set('2026-11-20T17:02:00.000Z');
    await (await staff()).post('/api/change-status', { state: 'open' }).expect(200);
    await shopper(server).add(ONION_BHAJI).expect(200);
    const before = (await statusChanges(server)).length;

    expect(await at('2026-11-20T22:50:00.000Z')).toBe('ClosingTime');
    expect(await storeStatus(server)).toBe('open');
    expect(await at('2026-11-20T22:59:59.000Z')).toBe('ClosingTime');
    expect(await storeStatus(server)).toBe('open');

    clock.set('2026-11-20T23:00:00.000Z');
    await untilClosed('the store to close at closing time');
    await shopper(server).add(ONION_BHAJI).expect(409);
    for (const minute of ['23:01', '23:02', '23:30']) expect(await at(`2026-11-20T${minute}:00.000Z`)).toBeNull();
    expect((await statusChanges(server)).slice(before)).toEqual([{ status: 'closed', actor: 'system' }]);
  });

  it('reopened after closing time for a late rush, stays open past the next minutes and closes at the next closing time', async () => {
    clock.set('2026-11-20T23:40:00.000Z');
    await (await staff()).post('/api/change-status', { state: 'open' }).expect(200);
    for (const instant of ['2026-11-20T23:41:00.000Z', '2026-11-20T23:42:00.000Z', '2026-11-21T00:30:00.000Z', '2026-11-21T10:00:00.000Z']) {
      await at(instant);
      expect(await storeStatus(server)).toBe('open');
    }
    await shopper(server).add(ONION_BHAJI).expect(200);
    // Saying how busy it is changes nothing about when it closes.
    await (await staff()).post('/api/change-status', { state: 'busy' }).expect(200);
    const before = (await statusChanges(server)).length;

    expect(await at('2026-11-21T22:55:00.000Z')).toBe('ClosingTime');
    expect(await storeStatus(server)).toBe('busy');
    clock.set('2026-11-21T23:00:00.000Z');
    await untilClosed('the store to close at the next closing time');
    await at('2026-11-21T23:05:00.000Z');
    expect((await statusChanges(server)).slice(before)).toEqual([{ status: 'closed', actor: 'system' }]);
  });

  it('staff who close early and open again late are not closed by the earlier closing time', async () => {
    clock.set('2026-11-22T18:00:00.000Z');
    const cook = await staff();
    await cook.post('/api/change-status', { state: 'open' }).expect(200);
    clock.set('2026-11-22T20:00:00.000Z');
    await cook.post('/api/change-status', { state: 'closed' }).expect(200);
    clock.set('2026-11-22T23:30:00.000Z');
    await cook.post('/api/change-status', { state: 'open' }).expect(200);
    expect(await at('2026-11-22T23:31:00.000Z')).toBeNull();
    expect(await storeStatus(server)).toBe('open');
  });
});

describe('the demo shop of npm start', () => {
  let server: TestServer;

  beforeAll(async () => {
    // As `npm start`: no LIVE_APP_* keys, so the demo shop makes its own (issue 30 item 1).
    server = await startTestServer({
      clock: () => new Date('2026-11-20T06:20:00.000Z'),
      openDemoShop: true,
      env: { LIVE_APP_ID: '', LIVE_APP_KEY: '', LIVE_APP_SECRET: '' },
      settings: { order_status: undefined },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('makes its live update keys, opens at once with demo hours covering the day, so a newcomer can order', async () => {
    expect(await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from live_keys`)).toBe(1);
    expect(await storeStatus(server)).toBe('open');
    const { values } = (await request(server.baseUrl).post('/api/settings').set('X-Requested-With', 'fetch').set('Origin', server.baseUrl).send({ keys: ['open_time', 'close_time'] }).expect(200)).body;
    expect(values).toEqual({ open_time: '00:00', close_time: '23:59' });
    await shopper(server).add(ONION_BHAJI).expect(200);
  });
});

describe('a store an older version left open', () => {
  it('closes at the next closing time after the upgrade, once', async () => {
    const database = await createTestDatabase();
    const clock = testClock('2026-11-20T19:00:00.000Z');
    const first = await startTestServer({ database, clock, settings: { order_status: undefined } });
    // As a version before issue 14 stored an opening: no closing time.
    const at = clock().toISOString();
    await first.shop.store.append('settings-main', [{ id: randomUUID(), type: 'SettingChanged', data: { key: 'order_status', value: 'open' }, metadata: { actor: 'system', at, correlationId: 'old', causationId: 'old' } }], { expectedRevision: 'any' });
    await first.stop();

    const upgraded = await startTestServer({ database, clock, settings: { order_status: undefined } });
    try {
      expect(await storeStatus(upgraded)).toBe('open');
      clock.set('2026-11-20T23:00:00.000Z');
      await until(async () => (await upgraded.shop.processes.runDue(), (await storeStatus(upgraded)) === 'closed'), 'the upgraded store to close at closing time');
      expect((await statusChanges(upgraded)).map((change) => change.status)).toEqual(['open', 'open', 'closed']);
    } finally {
      await upgraded.stop();
      await database.drop();
    }
  });
});
