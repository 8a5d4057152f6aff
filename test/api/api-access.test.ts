import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'slonik';
import request from 'supertest';
import { createUserRepository } from '../../src/identity/users';
import { API_ACCESS_TEXTS, API_SCOPES } from '../../src/shared/api-scopes';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';
import { cookieHeader, expectNoInternals, sameOrigin } from './http';
import { recordMountedRoutes } from './routes';
import { newCustomers, shopper } from './shopper';

/**
 * Issue 41: personal access tokens (staff spec §2, §7), the bearer check, scopes and the rate limit per token, the
 * public API `/api/v1` (reads, then writes through the staff screens' commands) and its OpenAPI document. One shop.
 */
describe('API credentials and the public API', () => {
  let server: TestServer;
  const clock = testClock('2026-11-20T19:00:00.000Z'); // 19:00 in London, inside the default hours
  const mountedRoutes = recordMountedRoutes();
  const cookies: Record<'staff' | 'otherStaff' | 'sous' | 'admin' | 'customer', string> = { staff: '', otherStaff: '', sous: '', admin: '', customer: '' };
  const customerDetails = newCustomers('api', 100_200);

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { LIMIT_API_REQUESTS: '40/60' } });
    const users = createUserRepository(server.shop.pool);
    const accounts = {
      staff: { email: 'cook@example.com', password: 'cook long password', role: 'staff' as const },
      otherStaff: { email: 'porter@example.com', password: 'porter long password', role: 'staff' as const },
      sous: { email: 'sous@example.com', password: 'sous long password', role: 'staff' as const },
      customer: { email: 'diner@example.com', password: 'diner long password', role: 'customer' as const },
    };
    for (const [who, account] of Object.entries(accounts)) {
      await users.create(account);
      const login = await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send({ email: account.email, password: account.password }).expect(200);
      cookies[who as keyof typeof accounts] = cookieHeader(login);
    }
    cookies.admin = cookieHeader(await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send(server.admin).expect(200));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  const as = (who: keyof typeof cookies) => ({
    get: (url: string) => request(server.baseUrl).get(url).set('Cookie', cookies[who]),
    post: (url: string, body: object) => request(server.baseUrl).post(url).set(sameOrigin(server)).set('Cookie', cookies[who]).send(body),
    delete: (url: string) => request(server.baseUrl).delete(url).set(sameOrigin(server)).set('Cookie', cookies[who]),
  });
  const bearer = (token: string) => ({
    get: (url: string) => request(server.baseUrl).get(url).set('Authorization', `Bearer ${token}`),
    post: (url: string, body?: object) => request(server.baseUrl).post(url).set('Authorization', `Bearer ${token}`).send(body),
    put: (url: string, body: object) => request(server.baseUrl).put(url).set('Authorization', `Bearer ${token}`).send(body),
  });
  const put = (who: keyof typeof cookies, url: string, body: object) => request(server.baseUrl).put(url).set(sameOrigin(server)).set('Cookie', cookies[who]).send(body);
  const newToken = async (who: keyof typeof cookies, scopes: string[], name = 'Till') => {
    const made = await as(who).post('/oauth/personal-access-tokens', { name, scopes }).expect(200);
    return made.body as { token: { id: string; name: string; scopes: string[] }; accessToken: string };
  };

  it('lets each staff login make, list and revoke its own tokens, shown once and kept only as a hash; customers get none', async () => {
    expect((await as('staff').get('/oauth/scopes').expect(200)).body).toEqual(API_SCOPES.map(({ id, description }) => ({ id, description })));
    expect((await as('staff').get('/oauth/personal-access-tokens').expect(200)).body).toEqual([]);

    const made = await newToken('staff', ['menu:read', 'orders:read', 'menu:read']);
    expect(made.accessToken).toMatch(/^tks_pat_[A-Za-z0-9_-]{43}$/);
    expect(made.token).toMatchObject({ name: 'Till', scopes: ['menu:read', 'orders:read'], last_used_at: null });
    const listed = (await as('staff').get('/oauth/personal-access-tokens').expect(200)).body;
    expect(listed).toEqual([made.token]);
    expect(JSON.stringify(listed)).not.toContain(made.accessToken);
    // Neither the events nor any table hold the token's text.
    const stored = await server.shop.store.readAll({ limit: 100_000 });
    expect(JSON.stringify(stored.map((event) => event.data))).not.toContain(made.accessToken.slice(8));
    expect(await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from api_tokens where token_hash = encode(sha256(${made.accessToken}::bytea), 'hex')`)).toBe(1);

    // Bad input: the field named, nothing made.
    const before = stored.length;
    const refusals = await Promise.all([
      as('staff').post('/oauth/personal-access-tokens', { name: '  ', scopes: [] }),
      as('staff').post('/oauth/personal-access-tokens', { name: 'Till', scopes: ['everything'] }),
      as('staff').post('/oauth/personal-access-tokens', { name: 'x'.repeat(101), scopes: [] }),
      as('staff').post('/oauth/personal-access-tokens', { name: 'Till', scopes: [], extra: 1 }),
      as('staff').post('/oauth/personal-access-tokens', { scopes: [] }),
    ]);
    expect(refusals.map((response) => [response.status, response.body.message])).toEqual([
      [400, 'name: The name field is required.'],
      [400, expect.stringMatching(/^scopes: /)],
      [400, expect.stringMatching(/^name: /)],
      [400, expect.any(String)],
      [400, expect.stringMatching(/^name: /)],
    ]);
    refusals.forEach((response) => expectNoInternals(response.text));
    // Customers have no API credentials; a guest must sign in.
    expect((await as('customer').post('/oauth/personal-access-tokens', { name: 'Mine', scopes: [] })).status).toBe(403);
    expect((await as('customer').get('/oauth/personal-access-tokens')).status).toBe(403);
    expect((await request(server.baseUrl).get('/oauth/scopes')).status).toBe(401);
    expect((await server.shop.store.readAll({ limit: 100_000 })).length).toBe(before);

    // Another member of staff neither sees nor revokes it; the admin sees everyone's and may revoke any.
    expect((await as('otherStaff').get('/oauth/personal-access-tokens').expect(200)).body).toEqual([]);
    expect((await as('otherStaff').delete(`/oauth/personal-access-tokens/${made.token.id}`)).body).toEqual({ status: false, message: API_ACCESS_TEXTS.noSuchToken });
    expect((await as('staff').get('/api/staff/api-tokens')).status).toBe(403);
    const everyone = (await as('admin').get('/api/staff/api-tokens').expect(200)).body.tokens;
    expect(everyone).toEqual([{ ...made.token, owner_email: 'cook@example.com' }]);
    await as('admin').delete(`/oauth/personal-access-tokens/${made.token.id}`).expect(204);
    expect((await as('staff').get('/oauth/personal-access-tokens').expect(200)).body).toEqual([]);
    expect((await bearer(made.accessToken).get('/api/v1/menu')).status).toBe(401);
    // Its owner revokes their own; again is no change; an id that is none is not found.
    const second = await newToken('staff', []);
    await as('staff').delete(`/oauth/personal-access-tokens/${second.token.id}`).expect(204);
    await as('staff').delete(`/oauth/personal-access-tokens/${second.token.id}`).expect(204);
    expect((await as('staff').delete('/oauth/personal-access-tokens/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await as('staff').delete('/oauth/personal-access-tokens/nope')).status).toBe(400);
  });

  it('opens /api/v1 only to a valid bearer token with the route\'s scope, counts its calls, and notes its last use', async () => {
    const reader = await newToken('staff', ['menu:read']);
    expect((await request(server.baseUrl).get('/api/v1/menu')).body).toEqual({ status: false, message: 'An API token is needed: send it as Authorization: Bearer <token>' });
    // A session cookie is no credential here.
    expect((await as('admin').get('/api/v1/menu')).status).toBe(401);
    expect((await bearer('tks_pat_not-a-token-at-all-0000000').get('/api/v1/menu')).status).toBe(401);
    expect((await request(server.baseUrl).get('/api/v1/menu').set('Authorization', `Basic ${reader.accessToken}`)).status).toBe(401);
    expect((await bearer(reader.accessToken).get('/api/v1/orders')).body).toEqual({ status: false, message: 'This API token does not have the orders:read scope' });

    clock.advanceMinutes(1);
    const menu = (await bearer(reader.accessToken).get('/api/v1/menu').expect(200)).body;
    expect(menu.status).toBe(true);
    expect(menu.data.products[0]).toEqual(expect.objectContaining({ id: expect.any(Number), name: expect.any(String), price: expect.any(Number), status: 'active', stock: expect.any(Number), available: expect.any(Number) }));
    const listed = (await as('staff').get('/oauth/personal-access-tokens').expect(200)).body.find((token: { id: string }) => token.id === reader.token.id);
    expect(listed.last_used_at).toBe(clock().toISOString());

    // The limit per token (40 a minute here): the 41st call is refused with Retry-After; another token is not.
    for (let call = 2; call <= 40; call++) await bearer(reader.accessToken).get('/api/v1/menu').expect(200);
    const over = await bearer(reader.accessToken).get('/api/v1/menu');
    expect(over.status).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    const another = await newToken('staff', ['menu:read'], 'Another');
    await bearer(another.accessToken).get('/api/v1/menu').expect(200);

    // A disabled owner's tokens stop at once.
    const sous = await newToken('sous', ['menu:read']);
    await bearer(sous.accessToken).get('/api/v1/menu').expect(200);
    const sousId = (await server.shop.pool.oneFirst(sql.unsafe`select id from users where email = 'sous@example.com'`)) as string;
    await as('admin').post(`/api/accounts/${sousId}/disable`, {}).expect(200);
    expect((await bearer(sous.accessToken).get('/api/v1/menu')).status).toBe(401);
  });

  it('reads orders a page at a time, with personal data only under orders:read:personal, and changes them as the kitchen does', async () => {
    const placed: string[] = [];
    for (let n = 0; n < 3; n++) {
      const customer = shopper(server);
      await customer.collectOnionBhaji(customerDetails());
      await customer.payByPhone().expect(200);
      placed.push((await customer.complete().expect(200)).body.order.id);
      clock.advanceMinutes(1);
    }
    const plain = await newToken('staff', ['orders:read']);
    const personal = await newToken('staff', ['orders:read', 'orders:read:personal', 'orders:write']);

    const first = (await bearer(plain.accessToken).get('/api/v1/orders?limit=2').expect(200)).body;
    expect(first.data.map((order: { id: string }) => order.id)).toEqual([placed[2], placed[1]]);
    expect(first.data[0]).toMatchObject({ status: 'AWAITING-PAYMENT', method: 'COLLECT', total: 355, customer: null, items: [expect.objectContaining({ product_id: 1, quantity: 1 })] });
    expect(JSON.stringify(first)).not.toContain('Kim Lee');
    const second = (await bearer(plain.accessToken).get(`/api/v1/orders?limit=2&cursor=${first.next_cursor}`).expect(200)).body;
    expect(second.data.map((order: { id: string }) => order.id)).toEqual([placed[0]]);
    expect(second.next_cursor).toBeNull();
    const day = (await bearer(plain.accessToken).get('/api/v1/orders?day=2026-11-19').expect(200)).body;
    expect(day).toEqual({ status: true, data: [], next_cursor: null });
    for (const bad of ['limit=0', 'limit=101', 'limit=two', 'day=20-11-2026', 'cursor=%21', 'cursor=abc']) {
      const refused = await bearer(plain.accessToken).get(`/api/v1/orders?${bad}`);
      expect([bad, refused.status, refused.body.message]).toEqual([bad, 400, expect.stringMatching(/^(limit|day|cursor): /)]);
    }
    const one = (await bearer(personal.accessToken).get(`/api/v1/orders/${placed[0]}`).expect(200)).body.data;
    expect(one.customer).toMatchObject({ full_name: 'Kim Lee', email: expect.stringMatching(/^api-\d+@example.com$/) });
    expect((await bearer(plain.accessToken).get('/api/v1/orders/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await bearer(plain.accessToken).get('/api/v1/orders/not-an-id')).status).toBe(400);

    // Writes: the kitchen's own commands and rules, under the token's owner's name.
    expect((await bearer(plain.accessToken).post(`/api/v1/orders/${placed[0]}/print`)).status).toBe(403);
    const unpaid = await bearer(personal.accessToken).post(`/api/v1/orders/${placed[0]}/print`);
    expect([unpaid.status, unpaid.body.message]).toEqual([409, expect.stringContaining('Mark this order paid before printing it')]);
    await request(server.baseUrl).post('/api/ta/markPaid').set(sameOrigin(server)).set('Cookie', cookies.staff).send({ orderId: placed[0] }).expect(200);
    expect((await bearer(personal.accessToken).post(`/api/v1/orders/${placed[0]}/print`, { via: 'x' })).status).toBe(400);
    expect((await bearer(personal.accessToken).post(`/api/v1/orders/${placed[0]}/print`).expect(200)).body.data.status).toBe('PRINTED');
    expect((await bearer(personal.accessToken).post(`/api/v1/orders/${placed[0]}/notify`).expect(200)).body.data.notified_at).toBe(clock().toISOString());
    expect((await bearer(personal.accessToken).post(`/api/v1/orders/${placed[0]}/notify`)).status).toBe(409);
    expect((await bearer(personal.accessToken).post(`/api/v1/orders/${placed[0]}/complete`).expect(200)).body.data.status).toBe('COMPLETE');
    const { events } = await server.shop.store.read(`order-${placed[0]}`);
    const cookId = (await server.shop.pool.oneFirst(sql.unsafe`select id from users where email = 'cook@example.com'`)) as string;
    expect(events.filter((event) => ['OrderPrinted', 'CustomerNotified', 'OrderCompleted'].includes(event.type)).map((event) => event.metadata.actor)).toEqual([cookId, cookId, cookId]);
  });

  it('changes the store and the menu\'s availability through the staff screens\' commands', async () => {
    const store = await newToken('staff', ['store:write']);
    const menuWriter = await newToken('staff', ['menu:write', 'menu:read']);
    expect((await bearer(store.accessToken).put('/api/v1/store/status', { status: 'busy' }).expect(200)).body).toEqual({ status: true });
    expect((await request(server.baseUrl).get('/api/settings/order_status')).body).toMatchObject({ value: 'busy' });
    expect((await bearer(store.accessToken).put('/api/v1/store/status', { status: 'asleep' })).status).toBe(400);
    expect((await bearer(store.accessToken).put('/api/v1/store/delivery', { delivering: 'yes' })).status).toBe(400);
    await bearer(store.accessToken).put('/api/v1/store/delivery', { delivering: true }).expect(200);
    expect((await request(server.baseUrl).get('/api/deliveringStatus')).body).toMatchObject({ delivering: true });
    await bearer(store.accessToken).put('/api/v1/store/delivery', { delivering: false }).expect(200);
    expect((await request(server.baseUrl).get('/api/deliveringStatus')).body).toMatchObject({ delivering: false });
    expect((await bearer(store.accessToken).put('/api/v1/menu/products/1/availability', { status: 'out-of-stock' })).status).toBe(403);

    await bearer(menuWriter.accessToken).put('/api/v1/menu/products/1/availability', { status: 'out-of-stock' }).expect(200);
    const menu = (await bearer(menuWriter.accessToken).get('/api/v1/menu').expect(200)).body.data;
    expect(menu.products.find((product: { id: number }) => product.id === 1).status).toBe('out-of-stock');
    expect((await bearer(menuWriter.accessToken).put('/api/v1/menu/products/99999/availability', { status: 'active' })).status).toBe(404);
    expect((await bearer(menuWriter.accessToken).put('/api/v1/menu/variants/abc/availability', { status: 'active' })).status).toBe(400);
    const variant = menu.products.flatMap((product: { variants: Array<{ id: number }> }) => product.variants)[0];
    await bearer(menuWriter.accessToken).put(`/api/v1/menu/variants/${variant.id}/availability`, { status: 'out-of-stock' }).expect(200);
    await bearer(menuWriter.accessToken).put('/api/v1/menu/products/1/availability', { status: 'active' }).expect(200);
  });

  it('registers OAuth clients with an exact https redirect, the secret shown once and kept as a hash; each login its own', async () => {
    expect((await as('staff').get('/oauth/clients').expect(200)).body).toEqual([]);
    const made = (await as('staff').post('/oauth/clients', { name: 'Till', redirect: 'https://till.example/callback' }).expect(200)).body;
    expect(made).toEqual({ id: expect.any(String), name: 'Till', redirect: 'https://till.example/callback', secret: expect.stringMatching(/^tks_cs_[A-Za-z0-9_-]{43}$/) });
    expect((await as('staff').get('/oauth/clients').expect(200)).body).toEqual([{ ...made, secret: null }]);
    const stored = await server.shop.store.readAll({ limit: 100_000 });
    expect(JSON.stringify(stored.map((event) => event.data))).not.toContain(made.secret.slice(7));
    expect(await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from oauth_clients where secret_hash = encode(sha256(${made.secret}::bytea), 'hex')`)).toBe(1);

    const refusals = await Promise.all([
      as('staff').post('/oauth/clients', { name: '', redirect: 'https://till.example/callback' }),
      as('staff').post('/oauth/clients', { name: 'Till', redirect: '' }),
      as('staff').post('/oauth/clients', { name: 'Till', redirect: 'http://till.example/callback' }),
      as('staff').post('/oauth/clients', { name: 'Till', redirect: 'https://till.example/callback#x' }),
      as('staff').post('/oauth/clients', { name: 'Till', redirect: 'not a url' }),
      put('staff', `/oauth/clients/${made.id}`, { name: 'Till', redirect: 'javascript:alert(1)' }),
    ]);
    expect(refusals.map((response) => [response.status, response.body.message])).toEqual([
      [400, 'name: The name field is required.'],
      [400, 'redirect: The redirect field is required.'],
      [400, 'redirect: The redirect must be an https address (or http on localhost).'],
      [400, 'redirect: The redirect must not contain a fragment.'],
      [400, 'redirect: The redirect must be a valid URL.'],
      [400, 'redirect: The redirect must be an https address (or http on localhost).'],
    ]);
    expect((await as('customer').post('/oauth/clients', { name: 'Mine', redirect: 'https://x.example/' })).status).toBe(403);

    await put('staff', `/oauth/clients/${made.id}`, { name: 'Till 2', redirect: 'http://localhost:8080/cb' }).expect(200);
    expect((await as('staff').get('/oauth/clients').expect(200)).body).toEqual([{ id: made.id, name: 'Till 2', redirect: 'http://localhost:8080/cb', secret: null }]);
    // Another login neither sees, changes nor deletes it.
    expect((await as('otherStaff').get('/oauth/clients').expect(200)).body).toEqual([]);
    expect((await put('otherStaff', `/oauth/clients/${made.id}`, { name: 'Mine', redirect: 'https://x.example/' })).body).toEqual({ status: false, message: API_ACCESS_TEXTS.noSuchClient });
    expect((await as('otherStaff').delete(`/oauth/clients/${made.id}`)).status).toBe(404);
    await as('staff').delete(`/oauth/clients/${made.id}`).expect(204);
    await as('staff').delete(`/oauth/clients/${made.id}`).expect(204);
    expect((await as('staff').get('/oauth/clients').expect(200)).body).toEqual([]);
    expect((await put('staff', `/oauth/clients/${made.id}`, { name: 'Back', redirect: 'https://x.example/' })).status).toBe(404);
  });

  it('runs the authorization code flow with PKCE S256 only, and refuses each way it can go wrong', async () => {
    const client = (await as('staff').post('/oauth/clients', { name: 'Till', redirect: 'https://till.example/cb' }).expect(200)).body;
    const pkce = () => {
      const verifier = randomBytes(48).toString('base64url');
      return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
    };
    const query = (challenge: string, overrides: Record<string, string> = {}) =>
      new URLSearchParams({ response_type: 'code', client_id: client.id, redirect_uri: 'https://till.example/cb', scope: 'menu:read', state: 'xyz', code_challenge: challenge, code_challenge_method: 'S256', ...overrides });
    const approve = async (challenge: string) => {
      const request = Object.fromEntries(query(challenge));
      const answer = (await as('staff').post('/api/oauth/authorize', { request, approve: true }).expect(200)).body;
      const redirect = new URL(answer.redirect);
      expect([redirect.origin + redirect.pathname, redirect.searchParams.get('state')]).toEqual(['https://till.example/cb', 'xyz']);
      return redirect.searchParams.get('code')!;
    };
    const token = (form: Record<string, string>) =>
      request(server.baseUrl).post('/oauth/token').type('form').send({ client_id: client.id, client_secret: client.secret, ...form });
    const exchange = (code: string, verifier: string, overrides: Record<string, string> = {}) =>
      token({ grant_type: 'authorization_code', code, redirect_uri: 'https://till.example/cb', code_verifier: verifier, ...overrides });

    // The consent screen's question: the application and the scopes asked, for a signed-in member of staff.
    const first = pkce();
    expect((await as('staff').get(`/api/oauth/authorize?${query(first.challenge)}`).expect(200)).body).toEqual({
      status: true,
      client: { id: client.id, name: 'Till' },
      scopes: [{ id: 'menu:read', description: 'Read the menu, with stock' }],
    });
    expect((await request(server.baseUrl).get(`/api/oauth/authorize?${query(first.challenge)}`)).status).toBe(401);
    expect((await as('customer').get(`/api/oauth/authorize?${query(first.challenge)}`)).status).toBe(403);
    for (const [overrides, message] of [
      [{ redirect_uri: 'https://till.example:8443/cb' }, /^redirect_uri: /],
      [{ redirect_uri: 'https://till.example/cb/other' }, /^redirect_uri: /],
      [{ code_challenge_method: 'plain' }, /^code_challenge_method: /],
      [{ code_challenge: '' }, /PKCE/],
      [{ client_id: '00000000-0000-4000-8000-000000000000' }, /^client_id: /],
      [{ response_type: 'token' }, /^response_type: /],
    ] as const) {
      const refused = await as('staff').get(`/api/oauth/authorize?${query(first.challenge, overrides)}`);
      expect([overrides, refused.status, refused.body.message]).toEqual([overrides, 400, expect.stringMatching(message)]);
    }
    const denied = (await as('staff').post('/api/oauth/authorize', { request: Object.fromEntries(query(first.challenge)), approve: false }).expect(200)).body;
    expect(denied.redirect).toBe('https://till.example/cb?error=access_denied&state=xyz');

    // A wrong verifier, a wrong redirect: refused (and the code spent).
    expect((await exchange(await approve(first.challenge), pkce().verifier)).body).toMatchObject({ error: 'invalid_grant' });
    const second = pkce();
    expect((await exchange(await approve(second.challenge), second.verifier, { redirect_uri: 'https://till.example/other' })).status).toBe(400);
    // An expired code (60 s).
    const third = pkce();
    const late = await approve(third.challenge);
    clock.advance(61_000);
    expect((await exchange(late, third.verifier)).status).toBe(400);
    // A wrong client secret.
    const fourth = pkce();
    expect((await exchange(await approve(fourth.challenge), fourth.verifier, { client_secret: 'tks_cs_wrong' })).status).toBe(401);

    // No other grant: client credentials alone get nothing.
    expect((await token({ grant_type: 'client_credentials' })).status).toBe(401);

    // The flow: tokens for 15 minutes, the granted scope only, then the authorized application listed.
    const good = pkce();
    const code = await approve(good.challenge);
    const granted = (await exchange(code, good.verifier).expect(200)).body;
    expect(granted.expires_in).toBeGreaterThanOrEqual(899);
    expect(granted).toMatchObject({ token_type: 'Bearer', scope: 'menu:read', refresh_token: expect.stringMatching(/^tks_ort_/) });
    await bearer(granted.access_token).get('/api/v1/menu').expect(200);
    expect((await bearer(granted.access_token).get('/api/v1/orders')).status).toBe(403);
    expect((await as('staff').get('/oauth/tokens').expect(200)).body).toEqual([{ id: client.id, client: { id: client.id, name: 'Till' }, scopes: ['menu:read'] }]);
    expect((await as('otherStaff').get('/oauth/tokens').expect(200)).body).toEqual([]);
    // The same code again: refused, and what it gave is revoked.
    expect((await exchange(code, good.verifier)).status).toBe(400);
    expect((await bearer(granted.access_token).get('/api/v1/menu')).status).toBe(401);

    // Refresh rotation: the new pair works; the old refresh token replayed is refused and revokes the family.
    const fresh = pkce();
    const pair = (await exchange(await approve(fresh.challenge), fresh.verifier).expect(200)).body;
    const rotated = (await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token }).expect(200)).body;
    expect(rotated.refresh_token).not.toBe(pair.refresh_token);
    expect((await bearer(pair.access_token).get('/api/v1/menu')).status).toBe(401);
    await bearer(rotated.access_token).get('/api/v1/menu').expect(200);
    expect((await token({ grant_type: 'refresh_token', refresh_token: pair.refresh_token })).status).toBe(400);
    expect((await bearer(rotated.access_token).get('/api/v1/menu')).status).toBe(401);
    expect((await token({ grant_type: 'refresh_token', refresh_token: rotated.refresh_token })).status).toBe(400);

    // RFC 7009 revocation by the client; the access token's 15 minutes; the Revoke of the authorized application.
    const last = pkce();
    const revocable = (await exchange(await approve(last.challenge), last.verifier).expect(200)).body;
    await request(server.baseUrl).post('/oauth/revoke').type('form').send({ token: revocable.access_token, token_type_hint: 'access_token', client_id: client.id, client_secret: client.secret }).expect(200);
    expect((await bearer(revocable.access_token).get('/api/v1/menu')).status).toBe(401);
    const revokeRefresh = (secret: string) =>
      request(server.baseUrl).post('/oauth/revoke').type('form').send({ token: revocable.refresh_token, token_type_hint: 'refresh_token', client_id: client.id, client_secret: secret });
    expect((await revokeRefresh('tks_cs_wrong')).status).toBe(401);
    await revokeRefresh(client.secret).expect(200);
    expect((await token({ grant_type: 'refresh_token', refresh_token: revocable.refresh_token })).status).toBe(400);
    const timed = pkce();
    const expiring = (await exchange(await approve(timed.challenge), timed.verifier).expect(200)).body;
    clock.advanceMinutes(16);
    expect((await bearer(expiring.access_token).get('/api/v1/menu')).status).toBe(401);
    const refreshed = (await token({ grant_type: 'refresh_token', refresh_token: expiring.refresh_token }).expect(200)).body;
    await bearer(refreshed.access_token).get('/api/v1/menu').expect(200);
    await as('staff').delete(`/oauth/tokens/${client.id}`).expect(204);
    expect((await as('staff').get('/oauth/tokens').expect(200)).body).toEqual([]);
    expect((await bearer(refreshed.access_token).get('/api/v1/menu')).status).toBe(401);
    // Nothing of a code or token is stored but hashes.
    const stored = JSON.stringify(await server.shop.pool.any(sql.unsafe`select * from oauth_tokens`));
    expect(stored).not.toContain(refreshed.refresh_token);
  });

  it('documents every v1 route in its OpenAPI 3.1 document and reference page, and no route that is not there', async () => {
    const document = (await request(server.baseUrl).get('/api/v1/openapi.json').expect(200)).body;
    expect(document.openapi).toBe('3.1.0');
    const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    const mounted = mountedRoutes()
      .filter((route) => route.path.startsWith('/api/v1/') && !['/api/v1/openapi.json', '/api/v1/reference'].includes(route.path))
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`)
      .sort();
    expect(documented).toEqual(mounted);
    expect(mounted.length).toBeGreaterThanOrEqual(10);
    // Each documented operation names the scope the route checks, and the inputs it parses.
    expect(document.paths['/api/v1/orders'].get).toMatchObject({ security: [{ bearer: ['orders:read'] }], parameters: expect.arrayContaining([expect.objectContaining({ name: 'cursor', in: 'query' })]) });
    expect(document.paths['/api/v1/store/status'].put.requestBody.content['application/json'].schema).toMatchObject({ properties: { status: { enum: ['open', 'busy', 'slammed', 'closed'] } } });
    const page = (await request(server.baseUrl).get('/api/v1/reference').expect(200)).text;
    for (const operation of documented) expect(page).toContain(operation.replace(/^(\w+) /, '$1 '));
  });
});
