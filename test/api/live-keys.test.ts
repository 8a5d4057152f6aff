import request from 'supertest';
import { NO_KEYS_TO_SIGN } from '../../src/live/auth-routes';
import { KEYS_FROM_ENVIRONMENT } from '../../src/live/live-keys-routes';
import { NO_LIVE_KEYS_CODE, NO_LIVE_KEYS_REFUSAL } from '../../src/shared/live-keys';
import { orderChannelName } from '../../src/shared/order-channel';
import { STAFF_ORDERS_CHANNEL } from '../../src/shared/staff-channel';
import { startTestServer, type TestServer } from '../support/server';
import { connectSse } from '../support/sse-client';
import { testClock } from '../support/test-clock';
import { adminCookie, managerAndStaffCookies, sameOrigin } from './http';
import { newCustomers, shopper } from './shopper';

const someone = newCustomers('keys', 201_700);
const KEYS = { appId: 'kitchen-1', key: 'a1b2c3d4e5f6a7b8', secret: 'the-kitchen-secret-0123456789abcdefgh' };

/**
 * Issue 30 item 1: the live channel's own keys (the spec's Pusher keys). A shop that is not the demo starts without
 * them and cannot open; saved on the settings call, they sign /broadcasting/auth's tokens and the store opens; a
 * rotation keeps the old secret's tokens good for their 10 minutes.
 */
describe('live update keys gate the store', () => {
  let server: TestServer;
  let admin: string;
  const clock = testClock('2026-11-20T19:00:00.000Z'); // inside the default opening hours

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { LIVE_APP_ID: '', LIVE_APP_KEY: '', LIVE_APP_SECRET: '' }, settings: { order_status: 'closed' } });
    admin = await adminCookie(server);
  });
  afterAll(async () => server.stop());

  const post = (path: string, cookie: string, body: object = {}) => request(server.baseUrl).post(path).set(sameOrigin(server)).set('Cookie', cookie).send(body);
  const view = async () => (await request(server.baseUrl).get('/api/live-keys').set('Cookie', admin).expect(200)).body as Record<string, unknown>;

  it('without keys: the panel is told so, opening is refused in a plain sentence, and no token is signed', async () => {
    expect(await view()).toEqual({ status: true, set: false, appId: '', key: '', maskedSecret: '', fromEnvironment: false });
    const open = await post('/api/change-status', admin, { state: 'open' });
    expect({ status: open.status, body: open.body }).toEqual({ status: 409, body: { status: false, message: NO_LIVE_KEYS_REFUSAL, code: NO_LIVE_KEYS_CODE } });
    expect((await post('/api/settings/update', admin, { settings: { order_status: 'busy' } })).body.message).toBe(NO_LIVE_KEYS_REFUSAL);
    await post('/api/change-status', admin, { state: 'closed' }).expect(200);
    expect((await post('/broadcasting/auth', admin, { channel_name: STAFF_ORDERS_CHANNEL })).body.message).toBe(NO_KEYS_TO_SIGN);
  });

  it('saved by a manager (never by staff, never bad ones), they are shown masked and the store opens', async () => {
    const { staff } = await managerAndStaffCookies(server);
    expect((await post('/api/live-keys', staff, KEYS)).status).toBe(403);
    const short = await post('/api/live-keys', admin, { ...KEYS, secret: 'too-short' });
    expect({ status: short.status, message: short.body.message }).toEqual({ status: 400, message: expect.stringMatching(/The secret must be 32 to 200/) });
    const saved = await post('/api/live-keys', admin, KEYS).expect(200);
    expect(JSON.stringify(saved.body)).not.toContain(KEYS.secret);
    expect(await view()).toEqual({ status: true, set: true, appId: KEYS.appId, key: KEYS.key, maskedSecret: '••••••••efgh', fromEnvironment: false });
    await post('/api/change-status', admin, { state: 'open' }).expect(200);
    // Staff get the orders channel's token; a customer does not.
    await post('/broadcasting/auth', staff, { channel_name: STAFF_ORDERS_CHANNEL }).expect(200);
    expect((await shopper(server).post('/broadcasting/auth', { channel_name: STAFF_ORDERS_CHANNEL })).status).toBe(403);
  });

  it('a rotation keeps the old secret’s tokens good until they expire, and signs new ones with the new secret', async () => {
    const customer = shopper(server);
    await customer.collectOnionBhaji(someone());
    const orderId = (await customer.post('/api/fetchOrder').expect(200)).body.order.id as string;
    const tokenNow = async () => (await customer.post('/broadcasting/auth', { channel_name: orderChannelName(orderId) }).expect(200)).body.auth as string;
    const streamStatus = async (token: string) => {
      const stream = await connectSse(`${server.baseUrl}/events/order?auth=${encodeURIComponent(token)}`);
      stream.close();
      return stream.status;
    };
    const old = await tokenNow();
    const rotated = await post('/api/live-keys/rotate', admin).expect(200);
    expect(rotated.body).toMatchObject({ set: true, appId: KEYS.appId });
    expect(rotated.body.key).not.toBe(KEYS.key);
    const fresh = await tokenNow();
    expect(fresh).not.toBe(old);
    clock.advanceMinutes(9);
    expect(await streamStatus(old)).toBe(200);
    expect(await streamStatus(fresh)).toBe(200);
    clock.advanceMinutes(1);
    expect(await streamStatus(old)).toBe(403);
    expect(await streamStatus(await tokenNow())).toBe(200);
  });

  it('step-up: rotating needs the password entered in the last five minutes', async () => {
    clock.advanceMinutes(6);
    expect((await post('/api/live-keys/rotate', admin)).body.code).toBe('step_up_required');
  });
});

describe('live update keys from the environment', () => {
  it('are used, and the settings screen may not change them', async () => {
    const server = await startTestServer({ settings: { order_status: 'closed' } });
    try {
      const admin = await adminCookie(server);
      expect((await request(server.baseUrl).get('/api/live-keys').set('Cookie', admin).expect(200)).body).toMatchObject({ set: true, fromEnvironment: true, appId: 'test-shop' });
      const save = await request(server.baseUrl).post('/api/live-keys').set(sameOrigin(server)).set('Cookie', admin).send(KEYS);
      expect({ status: save.status, message: save.body.message }).toEqual({ status: 409, message: KEYS_FROM_ENVIRONMENT });
    } finally {
      await server.stop();
    }
  });
});
