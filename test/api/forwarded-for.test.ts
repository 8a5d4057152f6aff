import http from 'node:http';
import request from 'supertest';
import { LIMIT_DEFAULTS, LIVE_STREAMS_PER_SESSION, TOO_MANY_STREAMS } from '../../src/limits';
import { HUMAN_CHECK_REQUIRED } from '../../src/shared/login-texts';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { cookieHeader } from './http';

/** The cap on live streams per address here: low, so the test opens few. */
const STREAMS_PER_ADDRESS = 10;

/**
 * Behind the production proxy (one trusted hop by default), limits key on the address the proxy saw. The
 * client writes the left part of X-Forwarded-For; rotating it must not buy anyone a fresh limit (issue 13).
 */
describe('limits behind the production proxy', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      env: { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://shop.example', DEMO_MENU: 'false', LIVE_STREAMS_PER_ADDRESS: String(STREAMS_PER_ADDRESS) },
    });
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

  /** A live stream of the store's messages; a refused one is read to its end. */
  const openStream = (headers: Record<string, string>) =>
    new Promise<{ status: number; body: string; close(): void }>((resolve, reject) => {
      const call = http.get(`${server.baseUrl}/events/store`, { headers: { Accept: 'text/event-stream', ...headers } }, (response) => {
        const close = () => call.destroy();
        if (response.statusCode === 200) {
          response.resume();
          resolve({ status: 200, body: '', close });
          return;
        }
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, close }));
      });
      call.on('error', (error) => {
        if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
      });
    });
  const refused = { status: 429, body: JSON.stringify({ status: false, message: TOO_MANY_STREAMS }) };

  it('caps the live streams one address holds open, whatever X-Forwarded-For says, and those of one session from anywhere', async () => {
    const streams: Array<{ close(): void }> = [];
    try {
      for (let n = 1; n <= STREAMS_PER_ADDRESS; n++) {
        const stream = await openStream(fromProxy(n, '203.0.113.10'));
        streams.push(stream);
        expect(stream.status).toBe(200);
      }
      expect(await openStream(fromProxy(99, '203.0.113.10'))).toMatchObject(refused);
      // Another address is not held; and a stream closed gives its place back.
      streams.push(await openStream(fromProxy(1, '198.51.100.40')));
      streams.shift()!.close();
      await until(() => server.shop.hub.clientCount('store') === STREAMS_PER_ADDRESS, 'a stream to close');
      const again = await openStream(fromProxy(100, '203.0.113.10'));
      streams.push(again);
      expect(again.status).toBe(200);

      // One session, each stream from another address: a few tabs' worth, then refused.
      const login = await request(server.baseUrl).post('/api/login').set(fromProxy(1, '198.51.100.50')).send(server.admin);
      expect(login.status).toBe(200);
      const cookie = cookieHeader(login);
      for (let n = 1; n <= LIVE_STREAMS_PER_SESSION; n++) {
        const stream = await openStream({ ...fromProxy(1, `198.51.100.${50 + n}`), Cookie: cookie });
        streams.push(stream);
        expect(stream.status).toBe(200);
      }
      expect(await openStream({ ...fromProxy(1, '198.51.100.99'), Cookie: cookie })).toMatchObject(refused);
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
