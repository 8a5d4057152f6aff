import request from 'supertest';
import { createInstanceRegistry } from '../../src/instances';
import { StaffPresence } from '../../src/live/staff-presence';
import { CARD_UNAVAILABLE } from '../../src/shared/payment-texts';
import { connectSse, type SseConnection } from '../support/sse-client';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { adminCookie, staffOrdersUrl } from './http';
import { shopper } from './shopper';

/** Issue 17 item 7: card is not offered while no staff screen has followed the live orders for the setting's minutes. */
describe('no unattended kitchen: card only while a staff screen is watching', () => {
  let server: TestServer;
  let now = Date.parse('2026-11-20T19:00:00.000Z'); // inside the default opening hours
  const advanceMinutes = (minutes: number) => (now += minutes * 60_000);
  let staff: string;
  const screens: SseConnection[] = [];

  beforeAll(async () => {
    // Card and PayPal need their providers' keys too: the local fake Stripe and fake PayPal stand in for them.
    server = await startTestServer({
      clock: () => new Date(now),
      env: { FAKE_CARD_PAYMENTS: 'true', FAKE_PAYPAL: 'true' },
      settings: { payment_methods: ['phone', 'card', 'paypal'], card_unattended_minutes: 10 },
    });
    staff = await adminCookie(server);
  }, 180_000);
  afterAll(async () => {
    for (const screen of screens) screen.close();
    await server?.stop();
  });

  const offered = async () => (await request(server.baseUrl).get('/api/available_payment_methods').expect(200)).body.payment_methods as string[];

  async function openStaffScreen(): Promise<SseConnection> {
    const screen = await connectSse(await staffOrdersUrl(server, staff), { cookie: staff });
    expect(screen.status).toBe(200);
    screens.push(screen);
    return screen;
  }

  it('offers no card after a start until a staff screen connects, and refuses a card checkout with the spec text', async () => {
    expect(await offered()).toEqual(['phone']);
    const customer = shopper(server);
    await customer.collectOnionBhaji({ email: 'kim@example.com', full_name: 'Kim Lee', phone_number: '07911 123456' });
    const card = await customer.post('/api/updatePayMethod', { method: 'card' });
    expect({ status: card.status, message: card.body.message }).toEqual({ status: 409, message: CARD_UNAVAILABLE });
    // Phone is still taken.
    await customer.post('/api/updatePayMethod', { method: 'phone' }).expect(200);
  });

  it('offers card while a screen is connected and for the setting after the last one left, then not', async () => {
    const screen = await openStaffScreen();
    await until(async () => (await offered()).includes('card'), 'card offered with a staff screen connected');
    // PayPal follows the same rule (issue 36).
    expect(await offered()).toEqual(['phone', 'card', 'paypal']);
    advanceMinutes(60); // connected all along: still attended
    expect(await offered()).toEqual(['phone', 'card', 'paypal']);

    screen.close();
    await until(() => server.shop.hub.clientCount('orders') === 0, 'the hub to see the screen leave');
    const leftAt = now;
    now = leftAt + 10 * 60_000;
    expect(await offered()).toEqual(['phone', 'card', 'paypal']);
    now = leftAt + 10 * 60_000 + 1000;
    expect(await offered()).toEqual(['phone']);
  });

  it('offers card while a staff screen follows the live orders on another instance of the shop (issue 42)', async () => {
    expect(await offered()).toEqual(['phone']);
    // Another instance on the same database, with a screen of its own: its registry and staff presence, as its shop's.
    const other = createInstanceRegistry(server.shop.pool, () => new Date(now));
    await other.start((error) => {
      throw error;
    });
    try {
      const presence = new StaffPresence({ clock: () => new Date(now), pool: server.shop.pool, registry: other, onError: (error) => { throw error; } });
      presence.connected();
      await presence.write();
      advanceMinutes(0.1); // past the few seconds this instance may keep the others' screens
      expect(await offered()).toEqual(['phone', 'card', 'paypal']);
      presence.disconnected();
      await presence.write();
      advanceMinutes(10.2);
      await other.beat();
      expect(await offered()).toEqual(['phone']);
    } finally {
      await other.stop();
    }
  });

  it('offers card without any screen when the setting is 0', async () => {
    const cookie = await adminCookie(server);
    await request(server.baseUrl)
      .post('/api/settings/update')
      .set({ Cookie: cookie, Origin: server.baseUrl, 'X-Requested-With': 'fetch' })
      .send({ settings: { card_unattended_minutes: 0 } })
      .expect(200);
    await until(async () => (await offered()).includes('card'), 'card offered with the check off');
  });
});
