import { execFile } from 'node:child_process';
import http from 'node:http';
import { promisify } from 'node:util';
import { sql } from 'slonik';
import request from 'supertest';
import { totpCode, TOTP_PERIOD_SECONDS } from '../../src/identity/totp';
import { LIMIT_DEFAULTS } from '../../src/limits';
import { LiveHub } from '../../src/live/hub';
import { notifyLiveHubs, outboxPublisher } from '../../src/live/outbox';
import { resetProjection } from '../../src/projections/runner';
import { startTestServer, TEST_MASTER_KEY, type TestServer } from '../support/server';
import { connectSse } from '../support/sse-client';
import { until } from '../support/until';
import { adminCookie, cookieHeader, sameOrigin, staffOrdersUrl } from './http';

/** Issue 15 items 1 and 2 over real HTTP: invitations, roles, disabling, one's own password, step-up, one-time codes. */
describe('staff logins', () => {
  /**
   * Events that change an account (sign-ins aside): a refusal must add none. Counted on the account streams only,
   * so the shop's own background work (timers, the store clock) cannot make a refusal look like a change.
   */
  const accountChanges = async () =>
    (await server.shop.pool.oneFirst(sql.unsafe`
      select count(*)::int from es_events where stream_name like 'account-%' and event_type <> 'LoggedIn'`)) as number;
  let server: TestServer;
  let now = new Date('2026-11-23T15:00:00.000Z');
  let admin: string;
  const api = () => request(server.baseUrl);
  const post = (path: string, cookie: string | undefined, body: object = {}) => {
    const call = api().post(path).set(sameOrigin(server));
    if (cookie) call.set('Cookie', cookie);
    return call.send(body);
  };
  const get = (path: string, cookie?: string) => {
    const call = api().get(path);
    if (cookie) call.set('Cookie', cookie);
    return call;
  };
  const login = async (email: string, password: string) => {
    const response = await post('/api/login', undefined, { email, password });
    return { response, cookie: response.status === 200 ? cookieHeader(response) : '' };
  };
  const person = async (email: string, cookie = admin) =>
    (await get('/api/accounts', cookie).expect(200)).body.people.find((row: { email: string }) => row.email === email) as { id: string; role: string; status: string; lastLoginAt: string | null; totpEnabled: boolean };
  /** The link of the newest invitation mail to `email`, as the outbox holds it. */
  const invitationLink = async (email: string) => {
    const body = (await server.shop.pool.oneFirst(sql.unsafe`
      select body_text from mail_outbox where recipient = ${email} and kind = 'invitation' order by queued_at desc, mail_id limit 1`)) as string;
    return new URL(/http\S+\/invitation\/\S+/.exec(body)![0]);
  };
  const tokenPath = (link: URL) => `/api${link.pathname}`;
  const register = (email: string, password: string, role: 'staff' | 'manager' | 'admin', mustChangePassword = false) =>
    server.shop.accounts.register({ email, password, role, mustChangePassword }, { actor: 'test-set-up', now: now.toISOString(), correlationId: 'test' });
  const invite = (cookie: string, email: string, role: string) => post('/api/accounts/invite', cookie, { email, role });

  beforeAll(async () => {
    server = await startTestServer({ clock: () => now, env: { DEMO_MENU: 'false' } });
    admin = await adminCookie(server);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('invites a cook by mail: the link sets a password once, shows the rules, and signs the cook in as they choose it', async () => {
    const invited = await invite(admin, 'cook@example.com', 'staff');
    expect(invited.status).toBe(200);
    const link = await invitationLink('cook@example.com');
    expect(link.origin).toBe(server.baseUrl);

    const page = await get(tokenPath(link));
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ email: 'cook@example.com', role: 'staff', passwordRules: expect.stringContaining('12 characters') });
    expect(await person('cook@example.com')).toMatchObject({ role: 'staff', status: 'invited', lastLoginAt: null });

    expect((await post(tokenPath(link), undefined, { password: 'short' })).status).toBe(400);
    expect((await login('cook@example.com', 'short')).response.status).toBe(401);
    const accepted = await post(tokenPath(link), undefined, { password: 'a long kitchen password' });
    expect(accepted.status).toBe(200);
    // Signed in at once (issue 38 item 7): the answer's session is the cook's.
    expect(accepted.body).toMatchObject({ user: { email: 'cook@example.com', role: 'staff' } });
    const signedIn = cookieHeader(accepted);
    expect((await get('/api/me', signedIn).expect(200)).body.user).toMatchObject({ email: 'cook@example.com', role: 'staff' });
    expect((await get('/api/todaysOrders', signedIn)).status).toBe(200);
    const cook = await login('cook@example.com', 'a long kitchen password');
    expect(cook.response.status).toBe(200);
    expect((await get('/api/todaysOrders', cook.cookie)).status).toBe(200);
    expect((await get('/api/accounts', cook.cookie)).status).toBe(403);
    expect(await person('cook@example.com')).toMatchObject({ status: 'active', lastLoginAt: now.toISOString() });

    // The used link: a clear refusal, and nothing changes (the old password still works).
    const events = await accountChanges();
    const reused = await post(tokenPath(link), undefined, { password: 'a different long password' });
    expect(reused).toMatchObject({ status: 409, body: { message: expect.stringMatching(/already been used/) } });
    expect((await get(tokenPath(link))).status).toBe(409);
    expect(await accountChanges()).toBe(events);
    expect((await login('cook@example.com', 'a different long password')).response.status).toBe(401);
    expect((await login('cook@example.com', 'a long kitchen password')).response.status).toBe(200);
  });

  it('refuses an expired link 48 hours on, and a replaced one once re-invited; a forged one is not found', async () => {
    await invite(admin, 'late@example.com', 'staff');
    const first = await invitationLink('late@example.com');
    now = new Date(now.getTime() + 48 * 60 * 60 * 1000);
    const expired = await post(tokenPath(first), undefined, { password: 'a long late password' });
    expect(expired).toMatchObject({ status: 409, body: { message: expect.stringMatching(/expired/) } });
    expect((await login('late@example.com', 'a long late password')).response.status).toBe(401);

    admin = await adminCookie(server);
    await invite(admin, 'late@example.com', 'staff');
    const second = await invitationLink('late@example.com');
    expect(second.pathname).not.toBe(first.pathname);
    expect((await get(tokenPath(first))).body.message).toMatch(/replaced/);
    expect((await get(`/api/invitation/${second.pathname.split('/').at(-1)!.slice(0, -3)}abc`)).status).toBe(404);
    expect((await post(tokenPath(second), undefined, { password: 'a long late password' })).status).toBe(200);
  });

  it('lets a manager invite staff but never a manager or an admin, nor change a role: refused, nothing changed', async () => {
    await register('boss@example.com', 'boss long password', 'manager');
    const boss = (await login('boss@example.com', 'boss long password')).cookie;
    const before = await accountChanges();
    for (const role of ['manager', 'admin']) {
      const refused = await invite(boss, `${role}.hopeful@example.com`, role);
      expect(refused.status).toBe(403);
    }
    const cook = await person('cook@example.com');
    expect((await post(`/api/accounts/${cook.id}/role`, boss, { role: 'manager' })).status).toBe(403);
    expect((await post(`/api/accounts/${cook.id}/role`, boss, { role: 'admin' })).status).toBe(403);
    expect(await accountChanges()).toBe(before);
    expect(await person('cook@example.com')).toMatchObject({ role: 'staff' });
    expect(await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from mail_outbox where recipient like '%hopeful%'`)).toBe(0);
    expect(await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from account_credentials where email_key like '%hopeful%'`)).toBe(0);

    expect((await invite(boss, 'porter@example.com', 'staff')).status).toBe(200);
    // Staff reach no account route that changes anyone.
    const cookie = (await login('cook@example.com', 'a long kitchen password')).cookie;
    expect((await invite(cookie, 'friend@example.com', 'staff')).status).toBe(403);
    expect((await post(`/api/accounts/${cook.id}/disable`, cookie)).status).toBe(403);
  });

  it('never demotes or disables the last active admin', async () => {
    const me = await person(server.admin.email);
    const demoted = await post(`/api/accounts/${me.id}/role`, admin, { role: 'manager' });
    expect(demoted).toMatchObject({ status: 409, body: { message: expect.stringMatching(/last active admin/) } });

    await register('second.admin@example.com', 'second admin password', 'admin');
    const second = (await login('second.admin@example.com', 'second admin password')).cookie;
    const disabled = await post(`/api/accounts/${me.id}/disable`, second);
    expect(disabled.status).toBe(200);
    const secondId = (await person('second.admin@example.com', second)).id;
    // The one admin left cannot leave the shop without one.
    expect((await post(`/api/accounts/${secondId}/role`, second, { role: 'staff' })).body.message).toMatch(/last active admin/);
    expect((await post(`/api/accounts/${me.id}/enable`, second)).status).toBe(200);
    admin = await adminCookie(server);
    expect((await post(`/api/accounts/${secondId}/role`, admin, { role: 'manager' })).status).toBe(200);
    expect(await person('second.admin@example.com')).toMatchObject({ role: 'manager' });
  });

  it('lets only one of two admins who disable each other at once succeed: one admin is always left', async () => {
    await register('x.admin@example.com', 'x admin long password', 'admin');
    const x = (await login('x.admin@example.com', 'x admin long password')).cookie;
    const mainId = (await person(server.admin.email)).id;
    const xId = (await person('x.admin@example.com')).id;
    const answers = await Promise.all([post(`/api/accounts/${xId}/disable`, admin), post(`/api/accounts/${mainId}/disable`, x)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const activeAdmins = await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from users where role = 'admin' and status = 'active'`);
    expect(activeAdmins).toBe(1);
    // Put back as it was: the one left enables the other, and the main admin signs in again.
    const [survivor, disabledId] = answers[0].status === 200 ? [admin, xId] : [x, mainId];
    expect((await post(`/api/accounts/${disabledId}/enable`, survivor)).status).toBe(200);
    admin = await adminCookie(server);
    expect((await post(`/api/accounts/${xId}/disable`, admin)).status).toBe(200);
  });

  it('ends a disabled account’s sessions at once: its old cookie and its live stream lose access', async () => {
    const cook = (await login('cook@example.com', 'a long kitchen password')).cookie;
    expect((await get('/api/todaysOrders', cook)).status).toBe(200);
    let ended = false;
    const stream = http.get(await staffOrdersUrl(server, cook), { headers: { Accept: 'text/event-stream', Cookie: cook } }, (response) => {
      expect(response.statusCode).toBe(200);
      response.resume();
      response.on('end', () => (ended = true));
    });
    await until(() => server.shop.hub.clientCount('orders') > 0, 'the cook’s live stream');
    const watching = await connectSse(await staffOrdersUrl(server, admin), { cookie: admin });

    const id = (await person('cook@example.com')).id;
    expect((await post(`/api/accounts/${id}/disable`, admin)).status).toBe(200);
    await until(() => ended, 'the cook’s live stream to end');
    stream.destroy();
    // The hub alone reads AccessEnded: the other staff screens are not told whose access ended. A message sent
    // after it arrives first, so nothing sent before it is still on its way.
    await server.shop.pool.transaction((tx) => outboxPublisher(tx)('orders', 'CardRefund', {}));
    await notifyLiveHubs(server.shop.pool);
    expect((await watching.waitForCount(1)).map((message) => message.event)).toEqual(['CardRefund']);
    watching.close();
    expect((await get('/api/todaysOrders', cook)).status).toBe(401);
    expect((await get('/api/me', cook)).body.user).toBeNull();
    expect(await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from sessions where data->>'userId' = ${id}`)).toBe(0);
    // A disabled login answers exactly as a wrong password does: a different answer would confirm the password.
    const answer = ({ response }: Awaited<ReturnType<typeof login>>) => ({ status: response.status, body: response.body, cookies: response.headers['set-cookie'] });
    const disabledAnswer = answer(await login('cook@example.com', 'a long kitchen password'));
    expect(disabledAnswer).toEqual(answer(await login('cook@example.com', 'not the kitchen password')));
    expect(disabledAnswer).toMatchObject({ status: 401, body: { message: 'Incorrect email or password' } });
    expect((await post(`/api/accounts/${id}/enable`, admin)).status).toBe(200);
    expect((await login('cook@example.com', 'a long kitchen password')).response.status).toBe(200);
  });

  it('ends the disabled person’s live stream on another instance too', async () => {
    const id = (await person('porter@example.com')).id;
    await post(`/api/accounts/${id}/enable`, admin).expect(200);
    // A second instance's hub on the same database, holding the porter's stream.
    const otherHub = new LiveHub({ pool: server.shop.pool, databaseUrl: server.shop.databaseUrl, pollIntervalMs: 50 });
    await otherHub.start();
    const otherInstance = http.createServer((req, res) => void otherHub.attach('orders', req, res, id));
    await new Promise<void>((resolve) => otherInstance.listen(0, '127.0.0.1', resolve));
    try {
      let ended = false;
      const { port } = otherInstance.address() as { port: number };
      const stream = http.get(`http://127.0.0.1:${port}/`, { headers: { Accept: 'text/event-stream' } }, (response) => {
        response.resume();
        response.on('end', () => (ended = true));
      });
      await until(() => otherHub.clientCount('orders') > 0, 'the stream on the other instance');
      expect((await post(`/api/accounts/${id}/disable`, admin)).status).toBe(200);
      await until(() => ended, 'the other instance to end the stream');
      stream.destroy();
    } finally {
      otherInstance.closeAllConnections();
      await new Promise((resolve) => otherInstance.close(resolve));
      await otherHub.stop();
    }
    await post(`/api/accounts/${id}/enable`, admin).expect(200);
  });

  it('asks for the password again before a role change or disabling when it was entered more than 5 minutes ago', async () => {
    const id = (await person('porter@example.com')).id;
    now = new Date(now.getTime() + 5 * 60 * 1000 + 1000);
    const before = await accountChanges();
    const asked = await post(`/api/accounts/${id}/disable`, admin);
    expect(asked).toMatchObject({ status: 403, body: { code: 'step_up_required' } });
    expect((await post(`/api/accounts/${id}/role`, admin, { role: 'manager' })).body.code).toBe('step_up_required');
    expect(await accountChanges()).toBe(before);

    expect((await post('/api/account/confirm-password', admin, { password: 'not the password' })).status).toBe(403);
    expect((await post('/api/account/confirm-password', admin, { password: server.admin.password })).status).toBe(200);
    expect((await post(`/api/accounts/${id}/disable`, admin)).status).toBe(200);
  });

  it('changes one’s own password with the current one; the generated first password is asked to be changed', async () => {
    await register('owner@example.com', 'a generated password', 'admin', true);
    const owner = (await login('owner@example.com', 'a generated password')).cookie;
    expect((await get('/api/me', owner)).body.user).toMatchObject({ mustChangePassword: true });
    expect((await post('/api/account/password', owner, { current_password: 'wrong password!', new_password: 'the owner new password' })).status).toBe(403);
    expect((await post('/api/account/password', owner, { current_password: 'a generated password', new_password: 'short' })).status).toBe(400);
    const changed = await post('/api/account/password', owner, { current_password: 'a generated password', new_password: 'the owner new password' });
    expect(changed.status).toBe(200);
    expect((await get('/api/me', cookieHeader(changed))).body.user).toMatchObject({ mustChangePassword: false });
    expect((await login('owner@example.com', 'a generated password')).response.status).toBe(401);
    expect((await login('owner@example.com', 'the owner new password')).response.status).toBe(200);
  });

  it('ends the account’s other sessions and their live streams when its password changes, not the one that changed it', async () => {
    await register('chef@example.com', 'the chef first password', 'staff');
    const here = (await login('chef@example.com', 'the chef first password')).cookie;
    const elsewhere = (await login('chef@example.com', 'the chef first password')).cookie;
    let ended = false;
    const stream = http.get(await staffOrdersUrl(server, elsewhere), { headers: { Accept: 'text/event-stream', Cookie: elsewhere } }, (response) => {
      expect(response.statusCode).toBe(200);
      response.resume();
      response.on('end', () => (ended = true));
    });
    await until(() => server.shop.hub.clientCount('orders') > 0, 'the other session’s live stream');

    const changed = await post('/api/account/password', here, { current_password: 'the chef first password', new_password: 'the chef second password' });
    expect(changed.status).toBe(200);
    await until(() => ended, 'the other session’s live stream to end');
    stream.destroy();
    expect((await get('/api/todaysOrders', elsewhere)).status).toBe(401);
    expect((await get('/api/me', elsewhere)).body.user).toBeNull();
    // The session that changed it goes on, under a new id.
    const renewed = cookieHeader(changed);
    expect(renewed).not.toBe('');
    expect((await get('/api/todaysOrders', renewed)).status).toBe(200);
    expect((await get('/api/me', here)).body.user).toBeNull();
  });

  describe('one-time codes (TOTP)', () => {
    const step = TOTP_PERIOD_SECONDS * 1000;

    it('turn on only with a code of now, then sign-in asks for one and never takes a code twice', async () => {
      const boss = (await login('boss@example.com', 'boss long password')).cookie;
      const started = await post('/api/account/totp/start', boss);
      expect(started.status).toBe(200);
      const { secret, uri } = started.body as { secret: string; uri: string };
      expect(uri).toMatch(/^otpauth:\/\/totp\/.+secret=/);
      expect(uri).toContain(secret);

      const wrongStep = totpCode(secret, new Date(now.getTime() - 3 * step));
      expect((await post('/api/account/totp/confirm', boss, { code: wrongStep })).status).toBe(400);
      expect((await get('/api/me', boss)).body.user.totpEnabled).toBe(false);
      const code = totpCode(secret, now);
      expect((await post('/api/account/totp/confirm', boss, { code })).status).toBe(200);
      expect((await get('/api/me', boss)).body.user.totpEnabled).toBe(true);

      // Sign-in: the password, then the code. The code that turned it on is spent.
      const first = await login('boss@example.com', 'boss long password');
      expect(first.response.body).toEqual({ status: true, codeRequired: true });
      const pending = cookieHeader(first.response);
      expect((await get('/api/settings/product_categories', pending)).status).toBe(401);
      expect((await post('/api/login/code', pending, { code })).status).toBe(401);
      expect((await post('/api/login/code', pending, { code: totpCode(secret, new Date(now.getTime() + 5 * step)) })).status).toBe(401);
      now = new Date(now.getTime() + step);
      const next = totpCode(secret, now);
      const signedIn = await post('/api/login/code', pending, { code: next });
      expect(signedIn.status).toBe(200);
      const cookie = cookieHeader(signedIn);
      expect((await get('/api/accounts', cookie)).status).toBe(200);

      // Replayed from another browser: refused.
      const other = await login('boss@example.com', 'boss long password');
      expect((await post('/api/login/code', cookieHeader(other.response), { code: next })).status).toBe(401);
      // A code of an hour ago on a pending login that is over 5 minutes old: sign in again.
      now = new Date(now.getTime() + 6 * 60 * 1000);
      expect((await post('/api/login/code', cookieHeader(other.response), { code: totpCode(secret, now) })).body.message).toMatch(/log in again/);
    });

    it('are turned off by another admin when the phone is lost', async () => {
      const id = (await person('boss@example.com')).id;
      admin = await adminCookie(server);
      expect((await post(`/api/accounts/${id}/totp-off`, admin)).status).toBe(200);
      expect((await login('boss@example.com', 'boss long password')).response.body.user).toMatchObject({ totpEnabled: false });
      expect(await server.shop.pool.oneFirst(sql.unsafe`select totp_secret from account_credentials where account_id = ${id}`)).toBeNull();
    });
  });

  it('lets the last admin who lost their phone be reset on the server: npm run reset-totp -- <email>', async () => {
    admin = await adminCookie(server);
    const { secret } = (await post('/api/account/totp/start', admin)).body as { secret: string };
    now = new Date(now.getTime() + TOTP_PERIOD_SECONDS * 1000);
    expect((await post('/api/account/totp/confirm', admin, { code: totpCode(secret, now) })).status).toBe(200);
    expect((await post('/api/login', undefined, server.admin)).body).toMatchObject({ codeRequired: true });

    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/reset-totp.ts', server.admin.email], {
      env: { ...process.env, DATABASE_URL: server.database.url, PERSONAL_DATA_MASTER_KEY: TEST_MASTER_KEY, LOG_LEVEL: 'silent' },
    });
    expect(stdout).toMatch(/One-time codes are off/);
    await until(async () => !(await person(server.admin.email)).totpEnabled, 'the read model to follow the reset');
    expect((await post('/api/login', undefined, server.admin)).body.user).toMatchObject({ totpEnabled: false });
  });

  it(`sends at most ${LIMIT_DEFAULTS.invitations_sent.max} invitations a day from one manager: the next is refused, no mail queued, nothing stored`, async () => {
    await register('sender@example.com', 'sender long password', 'manager');
    const sender = (await login('sender@example.com', 'sender long password')).cookie;
    for (let n = 1; n <= LIMIT_DEFAULTS.invitations_sent.max; n++) expect((await invite(sender, `invitee-${n}@example.com`, 'staff')).status).toBe(200);
    const before = await accountChanges();
    const refused = await invite(sender, 'one-too-many@example.com', 'staff');
    expect(refused).toMatchObject({ status: 429, body: { status: false, message: expect.stringMatching(/^Too many invitations: please try again in \d+ s$/) } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await accountChanges()).toBe(before);
    expect(await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from mail_outbox where recipient = 'one-too-many@example.com'`)).toBe(0);
    expect(await server.shop.services.personalData.subjectsByLookup('email', 'one-too-many@example.com')).toEqual([]);
    // Counted per sender: the admin still invites.
    expect((await invite(admin, 'one-too-many@example.com', 'staff')).status).toBe(200);
  });

  it('keeps passwords and secrets out of every event', async () => {
    const events = JSON.stringify(await server.shop.pool.any(sql.unsafe`select event_type, data from es_events where stream_name like 'account-%'`));
    expect(events).toContain('AccountInvited');
    for (const secret of ['a long kitchen password', 'boss long password', 'argon2', 'totp_secret', 'the owner new password']) expect(events).not.toContain(secret);
  });

  it('keeps every address out of the events in clear: the account events seal it (issue 15 item 3)', async () => {
    const emails = (await server.shop.pool.anyFirst<string>(sql.unsafe`select email from users where email <> '[erased]'`)).map((email) => email.toLowerCase());
    expect(emails).toEqual(expect.arrayContaining([server.admin.email, 'cook@example.com', 'porter@example.com', 'late@example.com', 'invitee-1@example.com']));
    const stored = (await server.shop.pool.anyFirst<string>(sql.unsafe`select row(stream_name, event_type, data, metadata)::text from es_events`)).join('\n').toLowerCase();
    expect(stored).toContain('accountinvited');
    for (const email of emails) {
      expect(stored).not.toContain(email);
      expect(stored).not.toContain(email.replace(/@.*/, '@')); // nor its local part, in any other spelling
    }
  });

  it('rebuilds the users table from the account streams as it was (npm run replay -- accounts)', async () => {
    const snapshot = async () =>
      JSON.stringify(await server.shop.pool.any(sql.unsafe`
        select id, email, role, status, must_change_password, totp_enabled, invited_until, last_login_at, created_at, state from users order by id`));
    const before = await snapshot();
    expect(before).toContain('porter@example.com');
    const runner = server.shop.runners.find((candidate) => candidate.projection.name === 'accounts')!;
    // A row spoilt by hand: only folding the streams again puts it right.
    await server.shop.pool.query(sql.unsafe`update users set role = 'customer', status = 'invited' where email = 'porter@example.com'`);
    expect(await snapshot()).not.toBe(before);
    await resetProjection(server.shop.pool, runner.projection, server.shop.store);
    await until(async () => (await snapshot()) === before, 'the rebuilt users table to equal the live one');
  });
});
