import { createHmac, randomBytes } from 'node:crypto';
import request from 'supertest';
import { sql } from 'slonik';
import { createDatabasePool } from '../../src/db/pool';
import { ensureAdmin } from '../../src/identity/bootstrap';
import { MAX_ACCOUNT_FAILURES, MAX_ADDRESS_FAILURES, WINDOW_MINUTES } from '../../src/identity/login-throttle';
import { verifyPassword } from '../../src/identity/passwords';
import { createUserRepository } from '../../src/identity/users';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startTestServer, type TestServer } from '../support/server';
import { cookieHeader, cookieValue, count, sameOrigin, setCookies } from './http';

const SESSION_KEY = `identity-test-key-${randomBytes(16).toString('hex')}`;
const COOKIE = 'shop.sid';

/** What a browser would send for a session id the server signed (or an attacker who knew the key). */
function signedCookie(id: string, name = COOKIE): string {
  const signature = createHmac('sha1', SESSION_KEY).update(`${name}=${id}`).digest('base64url');
  return `${name}=${id}; ${name}.sig=${signature}`;
}

const sessionIdOf = (cookie: string) => /(?:^|; )shop\.sid=([^;]*)/.exec(cookie)?.[1];

describe('identity over HTTP', () => {
  let server: TestServer;
  let now = new Date('2030-03-01T12:00:00Z');
  const clock = () => now;
  /** Moves "now" past the throttling window, so each test starts with no recent failures. */
  const nextWindow = () => {
    now = new Date(now.getTime() + (WINDOW_MINUTES + 1) * 60_000);
  };

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { SESSION_KEYS: SESSION_KEY } });
  });

  afterAll(async () => {
    await server?.stop();
  });

  beforeEach(nextWindow);

  const users = () => createUserRepository(server.shop.pool);

  async function newCustomer(password = `pw-${randomBytes(8).toString('hex')}`) {
    const email = `customer-${randomBytes(4).toString('hex')}@test.example`;
    const user = await users().create({ email, password, role: 'customer' });
    return { ...user, password, credentials: { email, password } };
  }

  const login = (credentials: { email: string; password: string }, cookie?: string) => {
    const call = request(server.baseUrl).post('/api/login').set(sameOrigin(server));
    if (cookie) call.set('Cookie', cookie);
    return call.send(credentials);
  };

  const me = async (cookie?: string) => {
    const call = request(server.baseUrl).get('/api/me');
    if (cookie) call.set('Cookie', cookie);
    const response = await call;
    expect(response.status).toBe(200);
    return response.body.user as { id: string; email: string; role: string } | null;
  };

  const sessionRow = (id: string) =>
    server.shop.pool.maybeOne(sql.unsafe`select data from sessions where id = ${id}`) as Promise<{
      data: Record<string, unknown>;
    } | null>;

  describe('login', () => {
    it('signs the admin in and answers who they are', async () => {
      const response = await login(server.admin);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        status: true,
        user: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), email: server.admin.email, role: 'admin' },
      });
      const cookie = cookieHeader(response);
      expect(await me(cookie)).toEqual(response.body.user);
      expect(await me()).toBeNull();
    });

    it('finds the account whatever the case of the email', async () => {
      const response = await login({ email: `  ${server.admin.email.toUpperCase()} `, password: server.admin.password });
      expect(response.status).toBe(200);
      expect(response.body.user.email).toBe(server.admin.email);
    });

    it('sets an HttpOnly, SameSite=Lax cookie carrying only an opaque id of at least 128 bits', async () => {
      const response = await login(server.admin);
      const session = setCookies(response).find((cookie) => cookie.startsWith(`${COOKIE}=`))!;
      expect(session).toBeDefined();
      const attributes = session.split(';').map((part) => part.trim().toLowerCase());
      expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));

      const id = cookieValue(response, COOKIE)!;
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(Buffer.from(id, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
      const decoded = Buffer.from(id, 'base64url').toString('latin1');
      for (const secret of [response.body.user.id, server.admin.email, 'userId', 'admin']) {
        expect(id).not.toContain(secret);
        expect(decoded).not.toContain(secret);
      }
      // The session itself is in Postgres under that id.
      expect((await sessionRow(id))?.data).toMatchObject({ userId: response.body.user.id });
    });

    it('treats a cookie with a forged or missing signature as a guest', async () => {
      const response = await login(server.admin);
      const id = cookieValue(response, COOKIE)!;
      expect(await me(signedCookie(id))).toMatchObject({ role: 'admin' });
      expect(await me(`${COOKIE}=${id}`)).toBeNull();
      expect(await me(`${COOKIE}=${id}; ${COOKIE}.sig=${'A'.repeat(27)}`)).toBeNull();
    });

    it('answers a wrong password and an unknown email the same way', async () => {
      const wrongPassword = await login({ email: server.admin.email, password: `${server.admin.password}!` });
      const unknownEmail = await login({ email: 'nobody@test.example', password: server.admin.password });
      expect(wrongPassword.status).toBe(401);
      expect(unknownEmail.status).toBe(401);
      expect(wrongPassword.body).toEqual({ status: false, message: 'Incorrect email or password' });
      expect(unknownEmail.body).toEqual(wrongPassword.body);
      expect(setCookies(wrongPassword)).toEqual([]);
      expect(setCookies(unknownEmail)).toEqual([]);
    });
  });

  describe('session lifecycle', () => {
    it('gives a new session id at login: the cookie from before stops working', async () => {
      const customer = await newCustomer();
      const first = await login(customer.credentials);
      expect(first.status).toBe(200);
      const before = cookieHeader(first);
      expect(await me(before)).toMatchObject({ id: customer.id, role: 'customer' });

      const second = await login(server.admin, before);
      expect(second.status).toBe(200);
      const after = cookieHeader(second);
      expect(sessionIdOf(after)).toBeDefined();
      expect(sessionIdOf(after)).not.toBe(sessionIdOf(before));
      expect(await me(after)).toMatchObject({ role: 'admin' });
      expect(await me(before)).toBeNull();
      expect(await sessionRow(sessionIdOf(before)!)).toBeNull();
    });

    it('gives a guest a new session id at login: the basket comes along, the guest cookie stops working', async () => {
      const customer = await newCustomer();
      const menu = await request(server.baseUrl).get('/api/menu');
      const productId = menu.body.products[0].id as number;
      const added = await request(server.baseUrl)
        .post('/api/moveProductStockToBasket')
        .set(sameOrigin(server))
        .send({ id: productId, quantity: 1 });
      expect(added.status).toBe(200);
      const guestCookie = cookieHeader(added);
      const guestId = sessionIdOf(guestCookie)!;
      const cartId = added.body.cart.cartId as string;
      expect(await sessionRow(guestId)).toMatchObject({ data: { cartId } });

      const response = await login(customer.credentials, guestCookie);
      expect(response.status).toBe(200);
      const signedIn = cookieHeader(response);
      expect(sessionIdOf(signedIn)).toBeDefined();
      expect(sessionIdOf(signedIn)).not.toBe(guestId);
      expect(await sessionRow(guestId)).toBeNull();

      const cartOf = async (cookie: string) => {
        const answer = await request(server.baseUrl)
          .post('/api/getCartFromSession')
          .set(sameOrigin(server))
          .set('Cookie', cookie)
          .send({});
        expect(answer.status).toBe(200);
        return answer.body as { cartId: string | null; userId: string | null; cartItems: Array<{ id: number; quantity: number }> };
      };
      expect(await cartOf(signedIn)).toMatchObject({
        cartId,
        userId: customer.id,
        cartItems: [expect.objectContaining({ id: productId, quantity: 1 })],
      });
      const stale = await cartOf(guestCookie);
      expect(stale.cartId).not.toBe(cartId);
      expect(stale.cartItems).toEqual([]);
      expect(await me(guestCookie)).toBeNull();
    });

    it('never adopts a session id chosen by someone else', async () => {
      const planted = `planted-${randomBytes(8).toString('hex')}`;
      const response = await login(server.admin, signedCookie(planted));
      expect(response.status).toBe(200);
      expect(cookieValue(response, COOKIE)).not.toBe(planted);
      expect(await sessionRow(planted)).toBeNull();
      expect(await me(signedCookie(planted))).toBeNull();
    });

    it('makes the old cookie anonymous after logout', async () => {
      const response = await login(server.admin);
      const cookie = cookieHeader(response);
      const id = sessionIdOf(cookie)!;
      expect(await me(cookie)).toMatchObject({ role: 'admin' });

      const logout = await request(server.baseUrl).post('/api/logout').set(sameOrigin(server)).set('Cookie', cookie);
      expect(logout.status).toBe(200);
      expect(logout.body).toEqual({ status: true });
      expect(cookieValue(logout, COOKIE)).toBe('');
      expect(await sessionRow(id)).toBeNull();
      // A browser that ignored the cleared cookie and sends the old one is still a guest.
      expect(await me(cookie)).toBeNull();
    });
  });

  describe('throttling', () => {
    const wrong = (email: string) => login({ email, password: 'not-the-password' });

    it('refuses the 11th failed login for one account with a 429, even with the right password', async () => {
      const customer = await newCustomer();
      const spellings = [customer.email, customer.email.toUpperCase(), ` ${customer.email}`];
      for (let attempt = 0; attempt < MAX_ACCOUNT_FAILURES; attempt++) {
        const response = await wrong(spellings[attempt % spellings.length]);
        expect({ attempt, status: response.status }).toEqual({ attempt, status: 401 });
      }
      const eleventh = await wrong(customer.email);
      expect(eleventh.status).toBe(429);
      expect(eleventh.body).toEqual({ status: false, message: expect.stringContaining('Too many failed logins') });
      const retryAfter = Number(eleventh.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_MINUTES * 60);

      const rightPassword = await login(customer.credentials);
      expect(rightPassword.status).toBe(429);
      expect(setCookies(rightPassword)).toEqual([]);

      // Other accounts are not locked out by it.
      expect((await login(server.admin)).status).toBe(200);
    });

    it('lets the account log in again once the window has passed', async () => {
      const customer = await newCustomer();
      for (let attempt = 0; attempt < MAX_ACCOUNT_FAILURES; attempt++) await wrong(customer.email);
      expect((await login(customer.credentials)).status).toBe(429);

      now = new Date(now.getTime() + (WINDOW_MINUTES - 1) * 60_000);
      expect((await login(customer.credentials)).status).toBe(429);

      now = new Date(now.getTime() + 2 * 60_000);
      const response = await login(customer.credentials);
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ id: customer.id, role: 'customer' });
    });

    it('counts failures for an email that has no account, answering exactly as for a real one', async () => {
      const email = `ghost-${randomBytes(4).toString('hex')}@test.example`;
      for (let attempt = 0; attempt < MAX_ACCOUNT_FAILURES; attempt++) expect((await wrong(email)).status).toBe(401);
      const eleventh = await wrong(email);
      expect(eleventh.status).toBe(429);
    });

    it('refuses an address that has failed for 50 accounts, whichever account it tries next', async () => {
      const attempts = Array.from({ length: MAX_ADDRESS_FAILURES }, (_, n) => `spray-${n}-${randomBytes(3).toString('hex')}@test.example`);
      const answers = await Promise.all(attempts.map((email) => wrong(email)));
      expect(answers.map((response) => response.status)).toEqual(attempts.map(() => 401));
      expect((await wrong(`spray-next@test.example`)).status).toBe(429);
      expect((await login(server.admin)).status).toBe(429);
      nextWindow();
      expect((await login(server.admin)).status).toBe(200);
    });

    it('allows no more than 10 failures per account even when the guesses arrive all at once', async () => {
      const customer = await newCustomer();
      const answers = await Promise.all(Array.from({ length: 40 }, () => wrong(customer.email)));
      const statuses = answers.map((response) => response.status);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(MAX_ACCOUNT_FAILURES);
      expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
      const recorded = await server.shop.pool.oneFirst(
        sql.unsafe`select count(*)::int from login_failures where account = ${customer.email}`,
      );
      expect(recorded).toBeLessThanOrEqual(MAX_ACCOUNT_FAILURES);
    });
  });

  describe('stored passwords', () => {
    it('stores Argon2id hashes with at least OWASP cost, never the password', async () => {
      const customer = await newCustomer('a customer password 123');
      const rows = (await server.shop.pool.any(sql.unsafe`select email, password_hash from users`)) as Array<{
        email: string;
        password_hash: string;
      }>;
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const row of rows) {
        const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row.password_hash);
        expect({ email: row.email, argon2id: match !== null }).toEqual({ email: row.email, argon2id: true });
        expect(Number(match![1])).toBeGreaterThanOrEqual(19_456);
        expect(Number(match![2])).toBeGreaterThanOrEqual(2);
      }
      const everything = JSON.stringify(
        await server.shop.pool.any(sql.unsafe`
          select (select json_agg(u) from users u) as users, (select json_agg(s) from sessions s) as sessions,
                 (select json_agg(f) from login_failures f) as failures`),
      );
      expect(everything).not.toContain(server.admin.password);
      expect(everything).not.toContain(customer.password);
      expect(everything).not.toContain('not-the-password');
    });
  });
});

describe('login throttling behind the production proxy', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example', DEMO_MENU: 'false' },
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('refuses the 11th failure for one account whichever address the attempts come from', async () => {
    const attempt = (address: string, password: string) =>
      request(server.baseUrl)
        .post('/api/login')
        .set({ 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': address, 'X-Requested-With': 'fetch' })
        .send({ email: server.admin.email, password });
    for (let n = 1; n <= MAX_ACCOUNT_FAILURES; n++) {
      expect((await attempt(`203.0.113.${n}`, 'wrong password')).status).toBe(401);
    }
    const addresses = (await server.shop.pool.anyFirst(sql.unsafe`select distinct address from login_failures`)) as readonly string[];
    expect(addresses).toHaveLength(MAX_ACCOUNT_FAILURES);
    expect((await attempt('198.51.100.7', 'wrong password')).status).toBe(429);
    expect((await attempt('198.51.100.8', server.admin.password)).status).toBe(429);
  });
});

describe('first start', () => {
  let database: TestDatabase;
  let server: TestServer | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('creates an admin with a generated password announced once, and nothing on the next start', async () => {
    const pool = await createDatabasePool(database.url);
    try {
      const users = createUserRepository(pool);
      const announced: string[] = [];
      const start = () => ensureAdmin(users, { email: 'owner@test.example', announce: (line) => announced.push(line) });

      await start();
      expect(announced).toHaveLength(1);
      const password = /with the password (\S+) /.exec(announced[0])?.[1];
      expect(password).toBeDefined();
      expect(password!.length).toBeGreaterThanOrEqual(16);
      const owner = await users.findByEmail('owner@test.example');
      expect(owner).toMatchObject({ role: 'admin' });
      expect(owner!.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(owner!.password_hash).not.toContain(password);
      expect(await verifyPassword(owner!.password_hash, password!)).toBe(true);

      await start();
      expect(announced).toHaveLength(1);
      expect(await users.countWithRole('admin')).toBe(1);

      // A real start on the same database, with ADMIN_* for another account, leaves the existing admin alone.
      server = await startTestServer({ database, env: { DEMO_MENU: 'false' } });
      expect(await count(server, 'users')).toBe(1);
      expect(await users.findByEmail(server.admin.email)).toBeNull();
      const response = await request(server.baseUrl)
        .post('/api/login')
        .set(sameOrigin(server))
        .send({ email: 'owner@test.example', password });
      expect(response.status).toBe(200);
      expect(response.body.user).toMatchObject({ email: 'owner@test.example', role: 'admin' });
    } finally {
      await pool.end();
    }
  });

  it('does not print a password that came from ADMIN_PASSWORD', async () => {
    const fresh = await createTestDatabase();
    const pool = await createDatabasePool(fresh.url);
    try {
      const announced: string[] = [];
      const password = 'a configured password';
      await ensureAdmin(createUserRepository(pool), {
        email: 'configured@test.example',
        password,
        announce: (line) => announced.push(line),
      });
      expect(announced).toHaveLength(1);
      expect(announced[0]).not.toContain(password);
      expect(announced[0]).toContain('configured@test.example');
    } finally {
      await pool.end();
      await fresh.drop();
    }
  });
});
