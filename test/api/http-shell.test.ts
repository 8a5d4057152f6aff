import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { sql } from 'slonik';
import { WEB_DIST } from '../../src/http/static-web';
import { startTestServer, type TestServer } from '../support/server';
import {
  adminCookie,
  appendSomeEvent,
  cookieHeader,
  count,
  expectNoInternals,
  rawRequest,
  sameOrigin,
  setCookies,
  stateOf,
} from './http';
import { isSafeMethod, recordMountedRoutes, type RouteEntry } from './routes';

function contentSecurityPolicy(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0] !== '')
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** The policies of an answer: Node joins repeated headers with ', ' (a page carries two, script-inventory.ts). */
const policiesOf = (header: string | undefined): string[] => {
  expect(header).toBeDefined();
  return header!.split(/,\s*(?=script-src )/);
};

function expectStrictPolicy(headers: Record<string, string>): void {
  const [everywhere, page] = policiesOf(headers['content-security-policy']);
  const csp = contentSecurityPolicy(everywhere);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect([...csp.get('script-src')!].sort()).toEqual(["'self'", 'https://js.stripe.com', 'https://www.paypal.com']);
  expect(csp.get('default-src')).toEqual(["'self'"]);
  // A page's scripts must also carry its nonce (test/api/csp-report.test.ts).
  if (page !== undefined) expect(contentSecurityPolicy(page).get('script-src')?.[0]).toMatch(/^'nonce-/);
  expect(headers['x-content-type-options']).toBe('nosniff');
}

/** A path to call for a route: parameters get a placeholder value. */
const SAMPLE_PARAMETERS: Record<string, string> = { postcode: 'LS6%202AA', id: '00000000-0000-4000-8000-000000000000' };
/**
 * The deliberate exceptions to the CSRF and JSON guards beside the photo upload: where browsers post their own
 * reports (CSP violations), without our header and in their own content types (createApp's reportPaths).
 */
const BROWSER_REPORT_ROUTES = ['POST /api/csp-report'];

/**
 * Routes no cookie opens (issue 41): the public API, opened by a bearer token (createApp's bearerPrefixes), and an
 * OAuth client's own back-channel calls, opened by its id and secret (clientCredentialPaths). The cross-site guard
 * skips them, as a browser sends neither credential by itself: a browser's request there is refused for want of it.
 */
const isCredentialRoute = (route: RouteEntry) => route.path.startsWith('/api/v1/') || OAUTH_CLIENT_ROUTES.includes(routeName(route));
/** The OAuth client's calls, which answer a failure in OAuth's own shape (RFC 6749 §5.2): `{ error, error_description }`. */
const OAUTH_CLIENT_ROUTES = ['POST /oauth/token', 'POST /oauth/revoke'];

const concrete = (route: RouteEntry) => route.path.replace(/:(\w+)/g, (_match, name: string) => SAMPLE_PARAMETERS[name] ?? '1');

/**
 * The deliberate exceptions to the CSRF check and to JSON-only bodies: routes a payment provider calls, whose
 * credential is a signature over the raw body (issue 17). They are checked on their own below.
 */
const SIGNED_WEBHOOK_ROUTES = ['POST /api/webhooks/stripe', 'POST /api/webhooks/paypal'];
const routeName = (route: RouteEntry) => `${route.method} ${route.path}`;

describe('HTTP shell', () => {
  let server: TestServer;
  const mountedRoutes = recordMountedRoutes();
  let stateChanging: RouteEntry[];
  let reading: RouteEntry[];

  beforeAll(async () => {
    server = await startTestServer({ withWeb: true });
    stateChanging = mountedRoutes().filter((route) => !isSafeMethod(route.method) && !SIGNED_WEBHOOK_ROUTES.includes(routeName(route)));
    reading = mountedRoutes().filter((route) => route.method === 'GET');
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
  });

  const loginAsAdmin = () => adminCookie(server);

  describe('health', () => {
    it('answers /healthz while the process runs', async () => {
      const response = await request(server.baseUrl).get('/healthz');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ status: true });
    });

    it('answers /readyz with the database, the event store and every projection caught up', async () => {
      await appendSomeEvent(server);
      const response = await request(server.baseUrl).get('/readyz');
      expect(response.status).toBe(200);
      expect(response.body.status).toBe(true);
      const { database, eventStore, ...projections } = response.body.checks as Record<string, string>;
      expect({ database, eventStore }).toEqual({ database: 'ok', eventStore: 'ok' });
      expect(Object.keys(projections).sort()).toEqual(
        server.shop.runners.map((runner) => `projection:${runner.projection.name}`).sort(),
      );
      expect(Object.keys(projections).length).toBeGreaterThan(0);
      for (const state of Object.values(projections)) expect(state).toBe('caught up');
    });
  });

  describe('routing', () => {
    it('answers an unknown /api route with a 404 in the JSON error shape', async () => {
      for (const method of ['get', 'post'] as const) {
        const response = await request(server.baseUrl)[method]('/api/no-such-route').set(sameOrigin(server));
        expect(response.status).toBe(404);
        expect(response.type).toBe('application/json');
        expect(response.body).toEqual({ status: false, message: expect.any(String) });
      }
    });

    it('answers a known /api route called with the wrong method in the JSON error shape', async () => {
      const response = await request(server.baseUrl).get('/api/login');
      expect(response.status).toBe(405);
      expect(response.headers.allow).toContain('POST');
      expect(response.type).toBe('application/json');
      expect(response.body).toEqual({ status: false, message: expect.any(String) });
    });

    it('serves index.html for a page path of the single-page app', async () => {
      expect(fs.existsSync(path.join(WEB_DIST, 'index.html'))).toBe(true);
      for (const page of ['/', '/manageCart', '/login']) {
        const response = await request(server.baseUrl).get(page);
        expect(response.status).toBe(200);
        expect(response.type).toBe('text/html');
        // The menu's first screen comes rendered by the server (test/api/first-screen.test.ts); other pages empty.
        expect(response.text).toContain(page === '/' ? '<div id="root"><header' : '<div id="root"></div>');
        expect(response.headers['cache-control']).toBe('no-cache');
      }
    });

    it('serves a built asset with a long cache life, and a missing one as a 404', async () => {
      const asset = fs.readdirSync(path.join(WEB_DIST, 'assets')).find((name) => name.endsWith('.js'));
      const found = await request(server.baseUrl).get(`/assets/${asset}`);
      expect(found.status).toBe(200);
      expect(found.type).toBe('text/javascript');
      expect(found.headers['cache-control']).toContain('immutable');

      const missing = await request(server.baseUrl).get('/assets/nope.js');
      expect(missing.status).toBe(404);
      expect(missing.text).not.toContain('<div id="root">');
    });

    it('never serves a file from outside the web build', async () => {
      const secret = fs.readFileSync(path.resolve(WEB_DIST, '..', '..', 'package.json'), 'utf8');
      for (const raw of ['/../../package.json', '/assets/../../../package.json', '/%2e%2e/%2e%2e/package.json', '/..%2f..%2fpackage.json']) {
        const answer = await rawRequest(server.baseUrl, { path: raw });
        expect([400, 403, 404]).toContain(answer.status);
        expect(answer.text).not.toContain('"takeaway-shop"');
        expect(answer.text).not.toBe(secret);
        expectNoInternals(answer.text);
      }
    });
  });

  describe('security headers', () => {
    it('sends a strict CSP and nosniff on pages, API answers, errors and assets', async () => {
      for (const target of ['/', '/manageCart', '/api/me', '/healthz', '/api/no-such-route', '/assets/nope.js']) {
        const response = await request(server.baseUrl).get(target);
        expectStrictPolicy(response.headers);
      }
      const refused = await request(server.baseUrl).post('/api/login').send({});
      expect(refused.status).toBe(403);
      expectStrictPolicy(refused.headers);
    });

    it('sends no HSTS outside production (it would pin localhost to https)', async () => {
      const response = await request(server.baseUrl).get('/healthz');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    });

    it('does not open the API to other origins through CORS', async () => {
      const preflight = await request(server.baseUrl)
        .options('/api/login')
        .set('Origin', 'https://evil.example')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'content-type, x-requested-with');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-headers']).toBeUndefined();
    });
  });

  describe('error handler', () => {
    const postLogin = (body: string | object, contentType = 'application/json') =>
      request(server.baseUrl)
        .post('/api/login')
        .set(sameOrigin(server))
        .set('Content-Type', contentType)
        .send(typeof body === 'string' ? body : JSON.stringify(body));

    it('answers a schema failure with a 400 naming the field', async () => {
      const cases: Array<[object | string, string]> = [
        [{ email: 'x' }, 'email'],
        [{ email: server.admin.email }, 'password'],
        [{ email: 123, password: true }, 'email'],
        [{ email: server.admin.email, password: 'p'.repeat(2000) }, 'password'],
        [{ email: server.admin.email, password: 'secret', role: 'admin' }, 'role'],
      ];
      for (const [body, field] of cases) {
        const response = await postLogin(body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ status: false, message: expect.stringContaining(field) });
        expectNoInternals(response.text);
      }
    });

    it('answers malformed JSON and non-object JSON with a 400', async () => {
      for (const body of ['{"email":', '{email: "a@b.c"}', 'null', '[]', '"text"', '42']) {
        const response = await postLogin(body);
        expect(response.status).toBe(400);
        expect(response.body).toEqual({ status: false, message: expect.any(String) });
        expectNoInternals(response.text);
      }
    });

    it('refuses a __proto__ key without polluting any prototype', async () => {
      const before = await stateOf(server);
      const response = await postLogin(
        `{"email":${JSON.stringify(server.admin.email)},"password":${JSON.stringify(server.admin.password)},"__proto__":{"polluted":true,"role":"admin"}}`,
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toContain('__proto__');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(setCookies(response)).toEqual([]);
      expect(await stateOf(server)).toEqual(before);
    });

    it('refuses a form-encoded or text body on a state-changing route and changes nothing', async () => {
      const before = await stateOf(server);
      const form = `email=${encodeURIComponent(server.admin.email)}&password=${encodeURIComponent(server.admin.password)}`;
      const bodies: Array<[string, string]> = [
        [form, 'application/x-www-form-urlencoded'],
        [JSON.stringify({ email: server.admin.email, password: server.admin.password }), 'text/plain'],
        [form, 'multipart/form-data; boundary=x'],
      ];
      for (const [body, contentType] of bodies) {
        // Once as the cross-site form a browser would send, once with the app's own headers.
        for (const headers of [{}, sameOrigin(server)]) {
          const response = await request(server.baseUrl)
            .post('/api/login')
            .set(headers)
            .set('Content-Type', contentType)
            .send(body);
          expect(response.status).toBeGreaterThanOrEqual(400);
          expect(response.status).toBeLessThan(500);
          expect(response.body).toEqual({ status: false, message: expect.any(String) });
          expect(setCookies(response)).toEqual([]);
        }
      }
      expect(await stateOf(server)).toEqual(before);
    });

    /** The deliberate exceptions to JSON-only bodies: the routes that take a multipart form (photo uploads, the media library's). */
    const MULTIPART_ROUTES = ['POST /api/uploadImage', 'POST /api/media'];

    it('refuses a multipart body on every state-changing route but the listed photo upload, and changes nothing', async () => {
      const cookie = await loginAsAdmin();
      const before = await stateOf(server);
      const jsonOnly = 'Send the request body as JSON (Content-Type: application/json)';
      const takesMultipart: string[] = [];
      for (const route of stateChanging) {
        const response = await request(server.baseUrl)
          [route.method.toLowerCase() as 'post'](concrete(route))
          .set(sameOrigin(server))
          .set('Cookie', cookie)
          .field('email', server.admin.email)
          .field('id', '1')
          .attach('file', Buffer.from('{"quantity":1}'), 'body.json');
        expect({ route: route.path, status: response.status }).toEqual({ route: route.path, status: 400 });
        expect(response.body).toMatchObject({ status: false, message: expect.any(String) });
        if (response.body.message !== jsonOnly) takesMultipart.push(`${route.method} ${route.path}`);
      }
      expect(takesMultipart.sort()).toEqual([...MULTIPART_ROUTES, ...BROWSER_REPORT_ROUTES].sort());
      expect(await stateOf(server)).toEqual(before);
    });

    it('answers hostile bodies on every state-changing route with a 4xx, and appends nothing', async () => {
      const hostile = [
        '[]',
        'null',
        '"text"',
        '-1',
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '{"id":"1","quantity":"1","email":1,"password":["x"]}',
        '{"id":-1.5,"quantity":0.5,"productId":-1}',
        '{"id":1e308,"quantity":-99.5,"items":[{"id":1,"quantity":-1}]}',
        `{"order_extra":"${'x'.repeat(50_000)}","keys":["${'k'.repeat(10_000)}"]}`,
      ];
      const before = await count(server, 'es_events');
      for (const route of stateChanging) {
        for (const body of hostile) {
          const response = await request(server.baseUrl)
            [route.method.toLowerCase() as 'post'](concrete(route))
            .set(sameOrigin(server))
            .set('Content-Type', 'application/json')
            .send(body);
          const refused = response.status >= 400 && response.status < 500;
          const outcome = { route: route.path, body: body.slice(0, 60), refused, serverError: response.status >= 500 };
          expect(outcome).toEqual({ ...outcome, refused: true, serverError: false });
          const shape = OAUTH_CLIENT_ROUTES.includes(routeName(route)) ? { error: expect.any(String), error_description: expect.any(String) } : { status: false, message: expect.any(String) };
          if (response.status >= 400) expect(response.body).toEqual(shape);
          expectNoInternals(response.text);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(await count(server, 'es_events')).toBe(before);
    });

    it('answers a body over 100 KB with a 413, with or without Content-Length', async () => {
      const big = JSON.stringify({ email: server.admin.email, password: 'p'.repeat(110 * 1024) });
      const declared = await postLogin(big);
      expect(declared.status).toBe(413);
      expect(declared.body).toEqual({ status: false, message: expect.any(String) });

      const chunk = Buffer.from(' '.repeat(16 * 1024));
      const chunked = await rawRequest(server.baseUrl, {
        method: 'POST',
        path: '/api/login',
        headers: { ...sameOrigin(server), 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
        chunks: [Buffer.from('{"email":"a@b.example","password":"'), ...Array.from({ length: 8 }, () => chunk), Buffer.from('"}')],
      });
      expect(chunked.status).toBe(413);
      expect(JSON.parse(chunked.text)).toEqual({ status: false, message: expect.any(String) });

      // Just under the limit, the body is read and the schema answers.
      const under = await postLogin({ email: server.admin.email, password: 'p'.repeat(90 * 1024) });
      expect(under.status).toBe(400);
      expect(under.body.message).toContain('password');
    });
  });

  describe('CSRF', () => {
    it('lets a signed webhook route skip the check, and refuses it unsigned with nothing changed', async () => {
      const webhooks = mountedRoutes().filter((route) => SIGNED_WEBHOOK_ROUTES.includes(routeName(route)));
      expect(webhooks.map(routeName)).toEqual(SIGNED_WEBHOOK_ROUTES);
      const before = await stateOf(server);
      for (const route of webhooks) {
        const response = await request(server.baseUrl)
          .post(route.path)
          .set({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' })
          .send({ id: 'evt_1', type: 'payment_intent.succeeded' });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.status).toBeLessThan(500);
        expect(response.body).not.toEqual({ status: false, message: 'Cross-site request refused' });
      }
      expect(await stateOf(server)).toEqual(before);
    });

    it('finds the routes to check in the running app', () => {
      expect(stateChanging.map((route) => `${route.method} ${route.path}`)).toEqual(
        expect.arrayContaining(['POST /api/login', 'POST /api/logout', 'POST /api/moveProductStockToBasket']),
      );
      expect(reading.map((route) => route.path)).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/api/me']));
    });

    const crossSite: Array<[string, Record<string, string>]> = [
      ['a foreign Origin', { Origin: 'https://evil.example', 'X-Requested-With': 'fetch' }],
      ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site', 'X-Requested-With': 'fetch' }],
      ['Sec-Fetch-Site: same-site', { 'Sec-Fetch-Site': 'same-site', 'X-Requested-With': 'fetch' }],
      ['Origin: null', { Origin: 'null', 'X-Requested-With': 'fetch' }],
      ['a foreign Origin with a same-origin Sec-Fetch-Site', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin', 'X-Requested-With': 'fetch' }],
      ['no X-Requested-With', { 'Sec-Fetch-Site': 'same-origin' }],
      ['a wrong X-Requested-With', { 'Sec-Fetch-Site': 'same-origin', 'X-Requested-With': 'XMLHttpRequest' }],
      // DNS rebinding: a page on the attacker's name, resolved to the shop, is same-origin to itself.
      ['a rebound domain as both Host and Origin', { Host: 'rebound.example', Origin: 'http://rebound.example', 'Sec-Fetch-Site': 'same-origin', 'X-Requested-With': 'fetch' }],
    ];

    it.each(crossSite)('refuses every state-changing route but the browser-report ones with %s, appending nothing', async (_, headers) => {
      const cookie = await loginAsAdmin();
      const before = await stateOf(server);
      for (const route of stateChanging.filter((candidate) => !BROWSER_REPORT_ROUTES.includes(`${candidate.method} ${candidate.path}`))) {
        const response = await request(server.baseUrl)
          [route.method.toLowerCase() as 'post'](concrete(route))
          .set(headers)
          .set('Cookie', cookie)
          .send({ email: server.admin.email, password: server.admin.password, id: 1, quantity: 1 });
        if (isCredentialRoute(route)) {
          expect({ route: route.path, refused: [400, 401].includes(response.status) }).toEqual({ route: route.path, refused: true });
        } else {
          expect({ route: route.path, status: response.status }).toEqual({ route: route.path, status: 403 });
          expect(response.body).toEqual({ status: false, message: 'Cross-site request refused' });
        }
        expect(setCookies(response)).toEqual([]);
      }
      expect(await stateOf(server)).toEqual(before);
      // The refused logout did not end the session.
      const me = await request(server.baseUrl).get('/api/me').set('Cookie', cookie);
      expect(me.body.user).toMatchObject({ role: 'admin' });
    });

    it('lets the same calls through from the shop itself', async () => {
      for (const route of stateChanging) {
        const response = await request(server.baseUrl)
          [route.method.toLowerCase() as 'post'](concrete(route))
          .set(sameOrigin(server))
          .send({});
        expect({ route: route.path, refused: response.status === 403 || response.status >= 500 }).toEqual({
          route: route.path,
          refused: false,
        });
      }
      const cookie = await loginAsAdmin();
      const logout = await request(server.baseUrl).post('/api/logout').set(sameOrigin(server)).set('Cookie', cookie);
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ status: true });
      // A client that is not a browser sends neither Origin nor Sec-Fetch-Site.
      const script = await request(server.baseUrl)
        .post('/api/login')
        .set('X-Requested-With', 'fetch')
        .send({ email: server.admin.email, password: server.admin.password });
      expect(script.status).toBe(200);
    });

    it('changes no events when every GET route is called, by a guest with a basket, anonymously and as admin', async () => {
      const menu = await request(server.baseUrl).get('/api/menu');
      const added = await request(server.baseUrl)
        .post('/api/moveProductStockToBasket')
        .set(sameOrigin(server))
        .send({ id: menu.body.products[0].id, quantity: 1 });
      expect(added.status).toBe(200);
      const callers = { anonymous: {}, guest: { Cookie: cookieHeader(added) }, admin: { Cookie: await loginAsAdmin() } };
      const before = await count(server, 'es_events');
      expect(before).toBeGreaterThan(0);
      for (const [caller, headers] of Object.entries(callers)) {
        for (const route of reading) {
          // Event streams never end: take the status line and hang up.
          const answer = await rawRequest(server.baseUrl, { path: concrete(route), headers, headersOnly: true });
          // A route may refuse a caller or a state (an empty basket has no delivery charge), but never fail.
          expect({ caller, route: route.path, answered: answer.status >= 200 && answer.status < 500 }).toEqual({
            caller,
            route: route.path,
            answered: true,
          });
        }
      }
      expect(await count(server, 'es_events')).toBe(before);
    });
  });
});

describe('HTTP shell in production mode', () => {
  const PUBLIC_ORIGIN = 'https://shop.example';
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { NODE_ENV: 'production', PUBLIC_ORIGIN, DEMO_MENU: 'false' } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  /** What the TLS-terminating proxy in front of the shop adds. */
  const behindProxy = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'shop.example' };

  it('sends HSTS for at least a year', async () => {
    const response = await request(server.baseUrl).get('/healthz').set(behindProxy);
    const hsts = response.headers['strict-transport-security'];
    expect(hsts).toBeDefined();
    const maxAge = Number(/max-age=(\d+)/.exec(hsts)![1]);
    expect(maxAge).toBeGreaterThanOrEqual(31_536_000);
    expectStrictPolicy(response.headers);
  });

  it('names the session cookie __Host- and marks it Secure, HttpOnly and SameSite=Lax', async () => {
    const response = await request(server.baseUrl)
      .post('/api/login')
      .set(behindProxy)
      .set({ Origin: PUBLIC_ORIGIN, 'Sec-Fetch-Site': 'same-origin', 'X-Requested-With': 'fetch' })
      .send({ email: server.admin.email, password: server.admin.password });
    expect(response.status).toBe(200);
    const cookies = setCookies(response);
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      const [pair, ...attributes] = cookie.split(';').map((part) => part.trim().toLowerCase());
      expect(pair.startsWith('__host-')).toBe(true);
      expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
      expect(attributes.some((attribute) => attribute.startsWith('domain='))).toBe(false);
    }
    expect(cookies.some((cookie) => cookie.startsWith('__Host-shop.sid='))).toBe(true);
  });

  it("builds the invitation mail's link on PUBLIC_ORIGIN, not on the address the shop listens at (issue 38 item 7)", async () => {
    const headers = { ...behindProxy, Origin: PUBLIC_ORIGIN, 'Sec-Fetch-Site': 'same-origin', 'X-Requested-With': 'fetch' };
    const login = await request(server.baseUrl).post('/api/login').set(headers).send({ email: server.admin.email, password: server.admin.password }).expect(200);
    // The Secure cookie, sent by hand: the test talks plain HTTP to the shop behind its pretend proxy.
    const cookie = setCookies(login).map((set) => set.split(';')[0]).join('; ');
    await request(server.baseUrl).post('/api/accounts/invite').set(headers).set('Cookie', cookie).send({ email: 'far.cook@example.com', role: 'staff' }).expect(200);
    const mail = (await server.shop.pool.oneFirst(sql.unsafe`select body_text from mail_outbox where recipient = 'far.cook@example.com'`)) as string;
    expect(/http\S+\/invitation\/\S+/.exec(mail)![0].startsWith(`${PUBLIC_ORIGIN}/invitation/`)).toBe(true);
  });

  it('answers a login over plain HTTP with a clear message rather than a 500, and sets no cookie', async () => {
    const before = await stateOf(server);
    const response = await request(server.baseUrl)
      .post('/api/login')
      .set({ Origin: PUBLIC_ORIGIN, 'Sec-Fetch-Site': 'same-origin', 'X-Requested-With': 'fetch' })
      .send({ email: server.admin.email, password: server.admin.password });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ status: false, message: `This shop only works over HTTPS: please use ${PUBLIC_ORIGIN}` });
    expect(setCookies(response)).toEqual([]);
    expect(await stateOf(server)).toEqual(before);
  });

  it('refuses a cross-site login in production too', async () => {
    const before = await stateOf(server);
    const response = await request(server.baseUrl)
      .post('/api/login')
      .set(behindProxy)
      .set({ Origin: 'https://evil.example', 'X-Requested-With': 'fetch' })
      .send({ email: server.admin.email, password: server.admin.password });
    expect(response.status).toBe(403);
    expect(setCookies(response)).toEqual([]);
    expect(await stateOf(server)).toEqual(before);
  });
});
