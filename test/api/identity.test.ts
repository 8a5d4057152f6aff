import { createHmac, randomBytes } from 'node:crypto';
import request from 'supertest';
import { sql } from 'slonik';
import { createDatabasePool } from '../../src/db/pool';
import { createHumanCheck, postgresSolvedChallenges } from '../../src/human-check';
import { ensureAdmin } from '../../src/identity/bootstrap';
import { LIMIT_DEFAULTS } from '../../src/limits';
import { HUMAN_CHECK_REQUIRED } from '../../src/shared/login-texts';
import { solveHumanCheck } from './human-check';
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

/** The hourly cap of attempts, set low here so the test of it stays short. */
const ATTEMPTS_CAP = 12;

const sessionIdOf = (cookie: string) => /(?:^|; )shop\.sid=([^;]*)/.exec(cookie)?.[1];

describe('identity over HTTP', () => {
  let server: TestServer;
  let now = new Date('2030-03-01T12:00:00Z');
  const clock = () => now;
  /** Moves "now" past the throttling window, so each test starts with no recent failures. */
  const nextWindow = () => {
    now = new Date(now.getTime() + (LIMIT_DEFAULTS.login_attempts.windowSeconds + 60) * 1000);
  };

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      env: { SESSION_KEYS: SESSION_KEY, TRUSTED_PROXY_HOPS: '1', LIMIT_LOGIN_ATTEMPTS: `${ATTEMPTS_CAP}/3600` },
    });
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
        user: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), email: server.admin.email, role: 'admin', mustChangePassword: false, totpEnabled: false },
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
    /** Each test's own addresses, sent as the trusted proxy would (TRUSTED_PROXY_HOPS=1 here). */
    let from = '';
    beforeEach(() => {
      from = `198.51.100.${Math.floor(Math.random() * 200) + 1}`;
    });
    const attempt = (body: Record<string, unknown>, address = from, cookie?: string) => {
      const call = request(server.baseUrl).post('/api/login').set(sameOrigin(server)).set('X-Forwarded-For', address);
      if (cookie) call.set('Cookie', cookie);
      return call.send(body);
    };
    const wrong = (email: string, address = from) => attempt({ email, password: 'not-the-password' }, address);
    const humanCheckAsked = { status: false, message: HUMAN_CHECK_REQUIRED };

    it('asks for a human check after 5 failures for one account from one address, and never locks the account', async () => {
      const customer = await newCustomer();
      const spellings = [customer.email, customer.email.toUpperCase(), ` ${customer.email}`];
      for (let n = 0; n < LIMIT_DEFAULTS.login_failures.max; n++) {
        const response = await wrong(spellings[n % spellings.length]);
        expect({ n, status: response.status }).toEqual({ n, status: 401 });
      }
      const sixth = await wrong(customer.email);
      expect(sixth.status).toBe(403);
      expect(sixth.body).toEqual(humanCheckAsked);
      const rightPassword = await attempt(customer.credentials);
      expect(rightPassword.status).toBe(403);
      expect(setCookies(rightPassword)).toEqual([]);

      const checked = await attempt({ ...customer.credentials, human_check: await solveHumanCheck(server.baseUrl) });
      expect(checked.status).toBe(200);
      expect(checked.body.user).toMatchObject({ id: customer.id });
      // The failures were taken back: the next login needs no check.
      expect((await attempt(customer.credentials)).status).toBe(200);
    });

    it('accepts a solved human check once, and refuses a forged one', async () => {
      const customer = await newCustomer();
      for (let n = 0; n < LIMIT_DEFAULTS.login_failures.max; n++) await wrong(customer.email);
      const solved = await solveHumanCheck(server.baseUrl);
      expect((await attempt({ email: customer.email, password: 'still wrong', human_check: solved })).status).toBe(401);
      expect((await attempt({ ...customer.credentials, human_check: solved })).body).toEqual(humanCheckAsked);
      const forged = JSON.parse(Buffer.from(await solveHumanCheck(server.baseUrl), 'base64').toString());
      forged.solution.derivedKey = forged.solution.derivedKey.replace(/^./, (c: string) => (c === '0' ? '1' : '0'));
      const refused = await attempt({ ...customer.credentials, human_check: Buffer.from(JSON.stringify(forged)).toString('base64') });
      expect(refused.body).toEqual(humanCheckAsked);
    });

    it('refuses a solved human check replayed on another instance of the shop on the same database, and sweeps it once expired', async () => {
      const customer = await newCustomer();
      for (let n = 0; n < LIMIT_DEFAULTS.login_failures.max; n++) await wrong(customer.email);
      const solved = await solveHumanCheck(server.baseUrl);
      expect((await attempt({ email: customer.email, password: 'still wrong', human_check: solved })).status).toBe(401);
      // Another instance: the human check as the shop builds it (same key), on a pool of its own.
      const pool = await createDatabasePool(server.database.url, { maximumPoolSize: 1 });
      try {
        const otherInstance = createHumanCheck({ secret: SESSION_KEY, work: { cost: 1, maxNumber: 50 }, now: clock, solved: postgresSolvedChallenges(pool) });
        expect(await otherInstance.verify(solved)).toBe(false);
        const nonce = JSON.parse(Buffer.from(solved, 'base64').toString()).challenge.parameters.nonce as string;
        const kept = () => pool.oneFirst(sql.unsafe`select count(*)::int from human_check_solutions where nonce = ${nonce}`);
        expect(await kept()).toBe(1);
        // Past its expiry (10 minutes), the next solved challenge sweeps its row away.
        now = new Date(now.getTime() + 11 * 60 * 1000);
        expect(await otherInstance.verify(await solveHumanCheck(server.baseUrl))).toBe(true);
        expect(await kept()).toBe(0);
      } finally {
        await pool.end();
      }
    });

    it("lets the owner in from another address while an attacker's failures ask the attacker for a human check", async () => {
      const customer = await newCustomer();
      for (let n = 0; n < LIMIT_DEFAULTS.login_failures.max + 3; n++) await wrong(customer.email, '203.0.113.66');
      expect((await wrong(customer.email, '203.0.113.66')).body).toEqual(humanCheckAsked);
      expect((await attempt(customer.credentials, '198.51.100.250')).status).toBe(200);
    });

    it('after 10 failures for one account from many addresses asks every new address for a check, but a known device gets straight in', async () => {
      const customer = await newCustomer();
      const device = cookieHeader(await attempt(customer.credentials).expect(200));
      for (let n = 1; n <= LIMIT_DEFAULTS.login_account_failures.max; n++) expect((await wrong(customer.email, `203.0.113.${n}`)).status).toBe(401);
      expect((await attempt(customer.credentials, '192.0.2.10')).body).toEqual(humanCheckAsked);
      const known = await attempt(customer.credentials, '192.0.2.11', device);
      expect(known.status).toBe(200);
      // A device cookie is for the account it logged in to.
      const other = await newCustomer();
      for (let n = 1; n <= LIMIT_DEFAULTS.login_account_failures.max; n++) await wrong(other.email, `203.0.113.${n}`);
      expect((await attempt(other.credentials, '192.0.2.12', device)).body).toEqual(humanCheckAsked);
    });

    it('counts failures for an email that has no account, answering exactly as for a real one', async () => {
      const email = `ghost-${randomBytes(4).toString('hex')}@test.example`;
      for (let n = 0; n < LIMIT_DEFAULTS.login_failures.max; n++) expect((await wrong(email)).status).toBe(401);
      expect((await wrong(email)).body).toEqual(humanCheckAsked);
    });

    it('asks an address that failed for 50 accounts for a human check on every login, rather than locking it', async () => {
      const emails = Array.from({ length: LIMIT_DEFAULTS.login_address_failures.max }, (_, n) => `spray-${n}-${randomBytes(3).toString('hex')}@test.example`);
      const answers = await Promise.all(emails.map((email) => wrong(email)));
      expect(answers.map((response) => response.status)).toEqual(emails.map(() => 401));
      expect((await attempt(server.admin)).body).toEqual(humanCheckAsked);
      expect((await attempt({ ...server.admin, human_check: await solveHumanCheck(server.baseUrl) })).status).toBe(200);
    });

    it('lets at most 5 guesses at one account reach the password check without a human check, even all at once', async () => {
      const customer = await newCustomer();
      const answers = await Promise.all(Array.from({ length: 40 }, () => wrong(customer.email)));
      const statuses = answers.map((response) => response.status);
      expect(statuses.filter((status) => status === 401).length).toBe(LIMIT_DEFAULTS.login_failures.max);
      expect(statuses.filter((status) => status !== 401 && status !== 403 && status !== 429)).toEqual([]);
    });

    it('refuses more than the hourly cap of attempts from one address for one account with a 429, checked or not', async () => {
      const customer = await newCustomer();
      for (let n = 0; n < ATTEMPTS_CAP; n++) expect([401, 403]).toContain((await wrong(customer.email)).status);
      const over = await attempt({ ...customer.credentials, human_check: await solveHumanCheck(server.baseUrl) });
      expect(over.status).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      // The owner elsewhere is not held by that cap (the account's failures ask for a check there).
      expect((await attempt({ ...customer.credentials, human_check: await solveHumanCheck(server.baseUrl) }, '192.0.2.99')).status).toBe(200);
    });
  });

  describe('stored passwords', () => {
    it('stores Argon2id hashes with at least OWASP cost, never the password', async () => {
      const customer = await newCustomer('a customer password 123');
      const rows = (await server.shop.pool.any(sql.unsafe`select email_key as email, password_hash from account_credentials`)) as Array<{
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
                 (select json_agg(f) from login_failures f) as failures, (select json_agg(e) from es_events e) as events,
                 (select json_agg(c) from account_credentials c) as credentials`),
      );
      expect(everything).not.toContain(server.admin.password);
      expect(everything).not.toContain(customer.password);
      expect(everything).not.toContain('not-the-password');
    });
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
      // Stored straight into the tables, as before accounts had streams: the real start below adopts it.
      const registered: Array<{ mustChangePassword: boolean }> = [];
      const register = (input: { email: string; password: string; role: 'admin'; mustChangePassword: boolean }) => {
        registered.push(input);
        return users.create(input);
      };
      const start = () => ensureAdmin(users, { email: 'owner@test.example', announce: (line) => announced.push(line), register });

      await start();
      expect(announced).toHaveLength(1);
      // A generated password must be changed at first sign-in (the web app shows a banner until it is).
      expect(registered).toMatchObject([{ mustChangePassword: true }]);
      const password = /with the password (\S+) /.exec(announced[0])?.[1];
      expect(password).toBeDefined();
      expect(password!.length).toBeGreaterThanOrEqual(16);
      const owner = await users.findByEmail('owner@test.example');
      expect(owner).toMatchObject({ role: 'admin' });
      expect(owner!.password_hash!.startsWith('$argon2id$')).toBe(true);
      expect(owner!.password_hash).not.toContain(password);
      expect(await verifyPassword(owner!.password_hash!, password!)).toBe(true);

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
      const users = createUserRepository(pool);
      await ensureAdmin(users, {
        email: 'configured@test.example',
        password,
        register: (input) => {
          expect(input.mustChangePassword).toBe(false);
          return users.create(input);
        },
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
