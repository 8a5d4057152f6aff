import request from 'supertest';
import { LIMIT_DEFAULTS } from '../../src/limits';
import { HUMAN_CHECK_REQUIRED } from '../../src/shared/login-texts';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Behind the production proxy (one trusted hop by default), limits key on the address the proxy saw. The
 * client writes the left part of X-Forwarded-For; rotating it must not buy anyone a fresh limit (issue 13).
 */
describe('limits behind the production proxy', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example', DEMO_MENU: 'false' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const fromProxy = (n: number, address = '203.0.113.7') => ({
    'X-Forwarded-Proto': 'https',
    'X-Forwarded-For': `10.9.${n % 250}.${Math.floor(n / 250) + 1}, ${address}`,
    'X-Requested-With': 'fetch',
    Origin: 'https://shop.example',
  });

  it('does not let a rotated X-Forwarded-For escape the login human check', async () => {
    const attempt = (n: number, password: string) =>
      request(server.baseUrl).post('/api/login').set(fromProxy(n)).send({ email: server.admin.email, password });
    for (let n = 1; n <= LIMIT_DEFAULTS.login_failures.max; n++) expect((await attempt(n, 'wrong password')).status).toBe(401);
    const rotated = await attempt(99, server.admin.password);
    expect(rotated.status).toBe(403);
    expect(rotated.body.message).toBe(HUMAN_CHECK_REQUIRED);
    // The owner, behind the same proxy from another address, is not held.
    const owner = await request(server.baseUrl).post('/api/login').set(fromProxy(1, '198.51.100.20')).send(server.admin);
    expect(owner.status).toBe(200);
  });

  it('limits the human-check challenges one address may fetch, whatever X-Forwarded-For says', async () => {
    const fetch = (n: number) => request(server.baseUrl).get('/api/human-check').set(fromProxy(n, '203.0.113.9'));
    for (let n = 1; n <= LIMIT_DEFAULTS.human_check_challenges.max; n++) expect((await fetch(n)).status).toBe(200);
    expect((await fetch(1000)).status).toBe(429);
  });

  it('does not let a rotated X-Forwarded-For escape the log-line limit', async () => {
    const send = (n: number) => request(server.baseUrl).post('/api/log').set(fromProxy(n, '203.0.113.8')).send({ level: 'info', message: `line ${n}` });
    for (let n = 1; n <= LIMIT_DEFAULTS.log_lines.max; n++) expect((await send(n)).status).toBe(200);
    expect((await send(1000)).status).toBe(429);
    const elsewhere = await request(server.baseUrl).post('/api/log').set(fromProxy(1, '198.51.100.21')).send({ message: 'hello' });
    expect(elsewhere.status).toBe(200);
  });
});
