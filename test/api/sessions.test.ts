import type { Response } from 'supertest';
import request from 'supertest';
import { sql } from 'slonik';
import { createSessionSweeper } from '../../src/http/session-sweeper';
import { startTestServer, type TestServer } from '../support/server';
import { adminCookie, cookieHeader, cookieValue, count, rawRequest, sameOrigin, setCookies, type RawAnswer } from './http';
import { isSafeMethod, recordMountedRoutes, type RouteEntry } from './routes';
import { shopper } from './shopper';

const KORMA = 13; // £9.50
const POSTCODE_COOKIE = 'shop.postcode';

/** A path to call for a route: parameters get a placeholder value. */
const SAMPLE_PARAMETERS: Record<string, string> = { postcode: 'LS6%202AA', id: '00000000-0000-4000-8000-000000000000' };
const concrete = (route: RouteEntry) => route.path.replace(/:(\w+)/g, (_match, name: string) => SAMPLE_PARAMETERS[name] ?? '1');

/** A session cookie the answer gives the browser (a cleared one, with an empty value, does not count). */
const sessionCookieSet = (answer: Response | RawAnswer) => setCookies(answer).some((cookie) => /^(__Host-)?shop\.sid=[^;]/.test(cookie));

const sessionRows = async (server: TestServer) =>
  (await server.shop.pool.any(sql.unsafe`select id, data::text as data, expires_at::text as expires_at from sessions order by id`)).map((row) => JSON.stringify(row));

describe('sessions', () => {
  let server: TestServer;
  const mountedRoutes = recordMountedRoutes();

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  const loginAsAdmin = () => adminCookie(server);

  describe('no GET creates or writes one', () => {
    it('finds the GET routes in the running app', () => {
      const reading = mountedRoutes().filter((route) => route.method === 'GET');
      expect(reading.map((route) => route.path)).toEqual(expect.arrayContaining(['/api/postcode-distance/:postcode', '/api/menu', '/api/me']));
    });

    it('leaves the sessions table as it was and sets no session cookie, for a caller without a cookie, a guest with a basket and the admin', async () => {
      const reading = mountedRoutes().filter((route) => route.method === 'GET');
      const added = await request(server.baseUrl).post('/api/moveProductStockToBasket').set(sameOrigin(server)).send({ id: KORMA, quantity: 1 });
      expect(added.status).toBe(200);
      const callers: Record<string, Record<string, string>> = {
        'no cookie': {},
        'a guest with a basket': { Cookie: cookieHeader(added) },
        admin: { Cookie: await loginAsAdmin() },
      };
      const writes: string[] = [];
      for (const [caller, headers] of Object.entries(callers)) {
        for (const route of reading) {
          const before = await sessionRows(server);
          // Event streams never end: take the status line and hang up.
          const answer = await rawRequest(server.baseUrl, { path: concrete(route), headers, headersOnly: route.path.startsWith('/events/') });
          expect({ caller, route: route.path, failed: answer.status >= 500 }).toEqual({ caller, route: route.path, failed: false });
          if (sessionCookieSet(answer)) writes.push(`${caller}: GET ${route.path} set a session cookie`);
          if (JSON.stringify(await sessionRows(server)) !== JSON.stringify(before)) writes.push(`${caller}: GET ${route.path} wrote a session row`);
        }
      }
      expect(writes).toEqual([]);
    });

    it('checks a postcode 200 times without a cookie and stores no session', async () => {
      const before = await count(server, 'sessions');
      for (let call = 0; call < 200; call++) {
        const answer = await request(server.baseUrl).get('/api/postcode-distance/LS6%202AA');
        expect(answer.status).toBe(200);
        expect(sessionCookieSet(answer)).toBe(false);
      }
      expect(await count(server, 'sessions')).toBe(before);
    });
  });

  describe('POSTs that need no session create none', () => {
    it('stores no session for any state-changing route called without a cookie and with an empty body', async () => {
      const changing = mountedRoutes().filter((route) => !isSafeMethod(route.method));
      expect(changing.length).toBeGreaterThan(10);
      const before = await count(server, 'sessions');
      const created: string[] = [];
      for (const route of changing) {
        const answer = await request(server.baseUrl)[route.method.toLowerCase() as 'post'](concrete(route)).set(sameOrigin(server)).send({});
        expect({ route: route.path, failed: answer.status >= 500 }).toEqual({ route: route.path, failed: false });
        if (sessionCookieSet(answer)) created.push(`${route.method} ${route.path}`);
      }
      expect(created).toEqual([]);
      expect(await count(server, 'sessions')).toBe(before);
    });

    it.each([
      ['/api/log', { level: 'info', message: 'menu shown' }],
      ['/api/log-info', { message: 'menu shown' }],
      ['/api/log-error', { message: 'menu failed', error: 'TypeError: x is undefined' }],
      ['/api/getCartFromSession', {}],
      ['/api/deliveryChargesSummary', {}],
      ['/api/product/getAvailableStock', { productId: KORMA }],
      ['/api/clearCart', {}],
    ])('answers %s without a session and stores none', async (path, body) => {
      const before = await count(server, 'sessions');
      const answer = await request(server.baseUrl).post(path).set(sameOrigin(server)).send(body);
      expect(answer.status).toBe(200);
      expect(sessionCookieSet(answer)).toBe(false);
      expect(await count(server, 'sessions')).toBe(before);
    });

    it('stores no session for a refused checkout command (the guest id is kept only once an event is written)', async () => {
      const before = await count(server, 'sessions');
      const saved = await request(server.baseUrl).post('/api/saveCartAsOrder').set(sameOrigin(server)).send({});
      expect(saved.status).toBe(400);
      const updated = await request(server.baseUrl).post('/api/updateOrder').set(sameOrigin(server)).send({ ta_method: 'COLLECT', postage: 0, total_cost: 0 });
      expect(updated.status).toBeGreaterThanOrEqual(400);
      expect(updated.status).toBeLessThan(500);
      expect(sessionCookieSet(saved) || sessionCookieSet(updated)).toBe(false);
      expect(await count(server, 'sessions')).toBe(before);
    });

    it('keeps the guest id once a basket is opened, and writes its events under it', async () => {
      const added = await request(server.baseUrl).post('/api/moveProductStockToBasket').set(sameOrigin(server)).send({ id: KORMA, quantity: 1 });
      expect(added.status).toBe(200);
      expect(sessionCookieSet(added)).toBe(true);
      const id = decodeURIComponent(cookieValue(added, 'shop.sid')!);
      const data = (await server.shop.pool.oneFirst(sql.unsafe`select data from sessions where id = ${id}`)) as { guestId: string; cartId: string };
      expect(data.guestId).toMatch(/^[0-9a-f-]{36}$/);
      const actors = await server.shop.pool.anyFirst(sql.unsafe`
        select distinct metadata->>'actor' from es_events where stream_name = ${`cart-${data.cartId}`}`);
      expect(actors).toEqual([`customer:${data.guestId}`]);
    });
  });

  describe('the checked postcode', () => {
    /** The Cookie header with the postcode cookie (and its signature) as given, and the basket's session. */
    const withPostcode = (session: string, value: string | undefined, signature: string | undefined) =>
      [session, value !== undefined && `${POSTCODE_COOKIE}=${value}`, signature !== undefined && `${POSTCODE_COOKIE}.sig=${signature}`].filter(Boolean).join('; ');

    it('reaches checkout from a signed cookie, not the session, and is forgotten once the order is placed', async () => {
      const customer = shopper(server);
      const before = await count(server, 'sessions');
      const checked = await customer.checkPostcode('LS8 1AA').expect(200);
      expect(checked.body).toMatchObject({ postcode: 'LS8 1AA', miles: 2.37, inside_area: true });
      expect(sessionCookieSet(checked)).toBe(false);
      expect(cookieValue(checked, POSTCODE_COOKIE)).toBeTruthy();
      expect(cookieValue(checked, `${POSTCODE_COOKIE}.sig`)).toBeTruthy();
      expect(setCookies(checked).find((cookie) => cookie.startsWith(`${POSTCODE_COOKIE}=`))).toMatch(/httponly/i);
      expect(await count(server, 'sessions')).toBe(before);

      await customer.addUnits(KORMA, 2);
      expect((await customer.get('/api/calc_delivery').expect(200)).body.delivery_charge).toBe(350);
      await customer.save().expect(200);
      const chosen = await customer.method('DELIVER', 350, 2250, 'LS8 1AA').expect(200);
      expect(chosen.body.order).toMatchObject({ ta_method: 'DELIVER', postage: 350, postcode: 'LS8 1AA', total_cost: 2250 });
      // Read through the store: the postcode is personal data, sealed in the stored event (issue 15).
      const { events } = await server.shop.store.read(`order-${chosen.body.order.id}`);
      const recorded = events.find((event) => event.type === 'TakeawayMethodChosen')!.data;
      expect(recorded).toMatchObject({ method: 'DELIVER', postcode: 'LS8 1AA', miles: 2.37, postagePence: 350 });
      const stored = await server.shop.pool.oneFirst(sql.unsafe`
        select data::text from es_events where event_type = 'TakeawayMethodChosen' and data->>'orderId' = ${chosen.body.order.id}`);
      expect(stored).not.toContain('LS8');
      await customer
        .form({ email: 'sam@example.com', full_name: 'Sam Smith', phone_number: '07911 123456', address_1: '1 Roundhay Road', town_city: 'Leeds', postcode: 'LS8 1AA' })
        .expect(200);
      await customer.payByPhone().expect(200);
      const done = await customer.complete().expect(200);
      expect(done.body.order).toMatchObject({ ta_method: 'DELIVER', postage: 350, total_cost: 2250 });
      expect(setCookies(done).some((cookie) => new RegExp(`^${POSTCODE_COOKIE}=;`).test(cookie))).toBe(true);
    });

    it('refuses a cookie whose miles were altered, one without its signature, and a signed check of another postcode', async () => {
      // A customer delivering to LS8 1AA (2.37 miles, £3.50) tries to pay the band of LS2 9JT (0.76 miles, £1.50).
      const customer = shopper(server);
      const checked = await customer.checkPostcode('LS8 1AA').expect(200);
      const value = cookieValue(checked, POSTCODE_COOKIE)!;
      const signature = cookieValue(checked, `${POSTCODE_COOKIE}.sig`)!;
      const near = await request(server.baseUrl).get('/api/postcode-distance/LS2%209JT').expect(200);
      // The basket's session cookie, to send with postcode cookies of the test's choosing.
      const basketOnly = cookieHeader(await customer.add(KORMA).expect(200));
      expect(basketOnly).toContain('shop.sid=');
      await customer.add(KORMA).expect(200);
      await customer.save().expect(200);

      const altered = Buffer.from(JSON.stringify({ postcode: 'LS8 1AA', miles: 0.76 })).toString('base64url');
      const attempts: Array<[string, string]> = [
        ['altered miles, old signature', withPostcode(basketOnly, altered, signature)],
        ['altered miles, no signature', withPostcode(basketOnly, altered, undefined)],
        ['the true value, no signature', withPostcode(basketOnly, value, undefined)],
        ['a signature of another value', withPostcode(basketOnly, value, cookieValue(near, `${POSTCODE_COOKIE}.sig`))],
      ];
      for (const [attempt, cookie] of attempts) {
        const charge = await request(server.baseUrl).get('/api/calc_delivery').set('Cookie', cookie);
        expect({ attempt, status: charge.status, message: charge.body.message }).toEqual({
          attempt,
          status: 400,
          message: 'Enter your postcode to check if we can deliver to you',
        });
        const chosen = await request(server.baseUrl)
          .post('/api/updateOrder')
          .set(sameOrigin(server))
          .set('Cookie', cookie)
          .send({ ta_method: 'DELIVER', postage: 150, total_cost: 2050, postcode: 'LS8 1AA' });
        expect({ attempt, status: chosen.status, message: chosen.body.message }).toEqual({
          attempt,
          status: 400,
          message: 'Please check your postcode again before choosing delivery',
        });
      }

      // LS2 9JT's genuine signed check is bound to LS2 9JT: it prices no delivery to LS8 1AA.
      const nearCookie = withPostcode(basketOnly, cookieValue(near, POSTCODE_COOKIE), cookieValue(near, `${POSTCODE_COOKIE}.sig`));
      const swapped = await request(server.baseUrl)
        .post('/api/updateOrder')
        .set(sameOrigin(server))
        .set('Cookie', nearCookie)
        .send({ ta_method: 'DELIVER', postage: 150, total_cost: 2050, postcode: 'LS8 1AA' });
      expect(swapped.status).toBe(400);
      expect(swapped.body.message).toBe('Please check your postcode again before choosing delivery');

      // The genuine cookie still prices LS8 1AA at its own band.
      const genuine = await request(server.baseUrl)
        .post('/api/updateOrder')
        .set(sameOrigin(server))
        .set('Cookie', withPostcode(basketOnly, value, signature))
        .send({ ta_method: 'DELIVER', postage: 350, total_cost: 2250, postcode: 'LS8 1AA' });
      expect(genuine.status).toBe(200);
      expect(genuine.body.order).toMatchObject({ postage: 350, postcode: 'LS8 1AA' });
    });
  });

  describe('expired sessions are swept', () => {
    const expiredCount = async () =>
      (await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from sessions where expires_at <= now()`)) as number;

    async function insertSessions(prefix: string, rows: number, expiresIn: string) {
      await server.shop.pool.query(sql.unsafe`
        insert into sessions (id, data, expires_at)
        select ${prefix} || g, '{}'::jsonb, now() + ${expiresIn}::interval from generate_series(1, ${rows}) g`);
    }

    it('deletes every expired row in batches and keeps the live ones', async () => {
      await insertSessions('expired-', 2500, '-1 minute');
      await insertSessions('live-', 3, '1 hour');
      const live = await count(server, 'sessions') - 2500;
      const result = await createSessionSweeper(server.shop.pool, { batchSize: 1000 }).sweep();
      expect(result).toEqual({ deleted: 2500, batches: 3 });
      expect(await expiredCount()).toBe(0);
      expect(await count(server, 'sessions')).toBe(live);
      expect(await server.shop.pool.anyFirst(sql.unsafe`select id from sessions where id like 'live-%' order by id`)).toEqual(['live-1', 'live-2', 'live-3']);
    });

    it("neither waits for nor blocks on a row another transaction holds, and takes it on the next sweep", async () => {
      await insertSessions('held-', 10, '-1 second');
      const sweeper = server.shop.sessionSweeper;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const holding = server.shop.pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`select id from sessions where id = 'held-1' for update`);
        locked();
        await released;
      });
      await isLocked;
      try {
        expect(await sweeper.sweep()).toEqual({ deleted: 9, batches: 1 });
      } finally {
        release();
        await holding;
      }
      expect(await sweeper.sweep()).toEqual({ deleted: 1, batches: 1 });
      expect(await expiredCount()).toBe(0);
    });
  });
});
