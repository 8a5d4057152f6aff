import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import request from 'supertest';
import { sql } from 'slonik';
import { createUserRepository } from '../../src/identity/users';
import { startTestServer, type TestServer } from '../support/server';
import { cookieHeader, rawRequest, sameOrigin } from './http';

/** Every Content-Security-Policy an answer carries, each as its directives. */
function policies(header: string | string[] | undefined): Array<Map<string, string[]>> {
  const values = Array.isArray(header) ? header : (header ?? '').split(/,\s*(?=[a-z-]+-src |default-src )/);
  return values.map(
    (policy) =>
      new Map(
        policy
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .filter((parts) => parts[0] !== '')
          .map(([name, ...sources]) => [name, sources] as [string, string[]]),
      ),
  );
}

const violation = (overrides: Record<string, unknown> = {}) => ({
  'csp-report': {
    'document-uri': 'http://shop.example/checkout?email=sam@example.com#details',
    referrer: 'http://shop.example/manageCart',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "script-src 'nonce-abc' https://js.stripe.com; report-uri /api/csp-report",
    disposition: 'enforce',
    'blocked-uri': 'https://skimmer.example/steal.js?card=1',
    'status-code': 200,
    ...overrides,
  },
});

const post = (server: TestServer, type: string, body: string, headers: Record<string, string> = {}) =>
  rawRequest(server.baseUrl, { method: 'POST', path: '/api/csp-report', headers: { 'Content-Type': type, ...headers }, chunks: [Buffer.from(body)] });

const stored = async (server: TestServer) =>
  Number(await server.shop.pool.oneFirst(sql.unsafe`select count(*) from csp_reports`));

describe('the script inventory enforced: Content-Security-Policy on every page, and its violation reports', () => {
  let server: TestServer;
  let manager: string;

  beforeAll(async () => {
    server = await startTestServer({ withWeb: true, env: { STRIPE_API_URL: 'http://127.0.0.1:4999', LIMIT_CSP_REPORTS: '20/60' } });
    const credentials = { email: `boss-${randomBytes(3).toString('hex')}@test.example`, password: 'boss long password' };
    await createUserRepository(server.shop.pool).create({ ...credentials, role: 'manager' });
    manager = cookieHeader(await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send(credentials).expect(200));
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("runs a page's scripts by a fresh nonce per answer, with Stripe's and PayPal's origins and no unsafe sources", async () => {
    const first = await rawRequest(server.baseUrl, { path: '/checkout' });
    const second = await rawRequest(server.baseUrl, { path: '/checkout' });
    expect(first.status).toBe(200);
    const [everywhere, page] = policies(first.headers['content-security-policy']);
    expect(everywhere.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://www.paypal.com']);
    expect(everywhere.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.paypal.com', 'https://www.sandbox.paypal.com']);
    expect(everywhere.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://www.paypal.com', 'https://www.sandbox.paypal.com', 'http://127.0.0.1:4999']);
    expect(everywhere.get('report-uri')).toEqual(['/api/csp-report']);
    const pageScripts = page.get('script-src')!;
    expect(pageScripts).toHaveLength(3);
    expect(pageScripts.slice(1)).toEqual(['https://js.stripe.com', 'https://www.paypal.com']);
    const nonce = /^'nonce-([A-Za-z0-9+/=]{22,})'$/.exec(pageScripts[0])?.[1];
    expect(nonce).toBeDefined();
    expect(page.get('script-src-attr')).toEqual(["'none'"]);
    expect(page.get('report-uri')).toEqual(['/api/csp-report']);
    // Style attributes only (the rich text's sizes and alignment, cleaned to the allow-list): never scripts or sheets.
    expect(everywhere.get('style-src-attr')).toEqual(["'unsafe-inline'"]);
    expect(everywhere.get('style-src')).toEqual(["'self'"]);
    const all = [...everywhere.entries(), ...page.entries()].filter(([directive]) => directive !== 'style-src-attr').flatMap(([, sources]) => sources);
    expect(all.filter((source) => /unsafe|strict-dynamic|\*/.test(source))).toEqual([]);
    // The entry script, its preloads and the meta tag Vite's preload helper reads carry this answer's nonce.
    expect(first.text).toMatch(new RegExp(`<script type="module" crossorigin src="/assets/index-[\\w-]+\\.js" nonce="${nonce!.replace(/[+/]/g, '\\$&')}">`));
    expect(first.text).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(first.text).not.toContain('shop-csp-nonce-placeholder');
    const [, secondPage] = policies(second.headers['content-security-policy']);
    expect(secondPage.get('script-src')![0]).not.toBe(pageScripts[0]);
  });

  it('lets a content page, and no other, frame the hosted video players; a stored photo may be framed by our own pages', async () => {
    const players = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'];
    const about = await rawRequest(server.baseUrl, { path: '/about' });
    expect(about.status).toBe(200);
    const [aboutPolicy, aboutScripts] = policies(about.headers['content-security-policy']);
    expect(aboutPolicy.get('frame-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', 'https://www.paypal.com', 'https://www.sandbox.paypal.com', ...players]);
    expect(aboutPolicy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(aboutScripts.get('script-src')![0]).toMatch(/^'nonce-/);
    for (const path of ['/', '/checkout', '/no-such-page', '/api/menu']) {
      const answer = await rawRequest(server.baseUrl, { path });
      const frames = policies(answer.headers['content-security-policy']).flatMap((policy) => policy.get('frame-src') ?? []);
      expect({ path, players: frames.filter((source) => players.includes(source)) }).toEqual({ path, players: [] });
    }
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
    const uploaded = await request(server.baseUrl).post('/api/uploadImage').set(sameOrigin(server)).set('Cookie', manager).field('size', String(png.length)).attach('file', png, { filename: 'poster.png', contentType: 'image/png' }).expect(200);
    const photo = await rawRequest(server.baseUrl, { path: uploaded.body.filelink as string });
    expect(photo.status).toBe(200);
    expect(policies(photo.headers['content-security-policy'])).toEqual([
      new Map([['default-src', ["'none'"]], ['img-src', ["'self'"]], ['frame-ancestors', ["'self'"]], ['base-uri', ["'none'"]], ['form-action', ["'none'"]]]),
    ]);
  });

  it("keeps the fakes out of connect-src when STRIPE_API_URL and FAKE_PAYPAL are not set, and an API answer without the page's policy", async () => {
    const plain = await startTestServer({ withWeb: true });
    try {
      const page = await rawRequest(plain.baseUrl, { path: '/' });
      const [everywhere, nonces] = policies(page.headers['content-security-policy']);
      expect(everywhere.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com', 'https://www.paypal.com', 'https://www.sandbox.paypal.com']);
      expect(nonces.get('script-src')![0]).toMatch(/^'nonce-/);
      const api = await rawRequest(plain.baseUrl, { path: '/api/menu' });
      expect(policies(api.headers['content-security-policy'])).toHaveLength(1);
    } finally {
      await plain.stop();
    }
  }, 180_000);

  it('records a report (application/csp-report) without query strings, logs it, and lists it for managers only', async () => {
    const before = await stored(server);
    // As a browser sends it: no Origin check, no X-Requested-With, no session needed.
    const answer = await post(server, 'application/csp-report', JSON.stringify(violation({ 'script-sample': 'fetch("https://skimmer' })));
    expect(answer.status).toBe(204);
    expect(await stored(server)).toBe(before + 1);
    const list = await request(server.baseUrl).get('/api/csp-reports').set('Cookie', manager);
    expect(list.status).toBe(200);
    expect(list.body.reports[0]).toMatchObject({
      document: 'http://shop.example/checkout',
      directive: 'script-src-elem',
      blocked: 'https://skimmer.example/steal.js',
      disposition: 'enforce',
      sample: 'fetch("https://skimmer',
    });
    expect(JSON.stringify(list.body)).not.toContain('sam@example.com');
    expect((await request(server.baseUrl).get('/api/csp-reports')).status).toBe(401);
  });

  it('records a Reporting API batch (application/reports+json), keeping only its csp-violation reports', async () => {
    const before = await stored(server);
    const batch = [
      { type: 'csp-violation', age: 10, url: 'http://shop.example/checkout', user_agent: 'Chrome', body: { documentURL: 'http://shop.example/checkout?x=1', effectiveDirective: 'script-src-elem', blockedURL: 'inline', disposition: 'enforce', lineNumber: 12, sourceFile: 'http://shop.example/checkout' } },
      { type: 'deprecation', age: 10, url: 'http://shop.example/', user_agent: 'Chrome', body: { id: 'x' } },
    ];
    const answer = await post(server, 'application/reports+json', JSON.stringify(batch));
    expect(answer.status).toBe(204);
    expect(await stored(server)).toBe(before + 1);
    const list = await request(server.baseUrl).get('/api/csp-reports').set('Cookie', manager);
    expect(list.body.reports[0]).toMatchObject({ document: 'http://shop.example/checkout', blocked: 'inline', lineNumber: 12 });
  });

  it('refuses junk with 400 (or 413 when too large) and stores nothing', async () => {
    const before = await stored(server);
    const junk: Array<[string, string, number]> = [
      ['application/json', JSON.stringify(violation()), 400],
      ['text/plain', 'hello', 400],
      ['application/csp-report', 'not json', 400],
      ['application/csp-report', JSON.stringify({ something: 'else' }), 400],
      ['application/csp-report', JSON.stringify(violation({ 'document-uri': 42 })), 400],
      ['application/csp-report', JSON.stringify(violation({ 'blocked-uri': 'inline\u0000' })), 400],
      ['application/csp-report', JSON.stringify(violation({ 'effective-directive': 'script-src\u202E' })), 400],
      ['application/csp-report', JSON.stringify(violation({ 'script-sample': 'line one\r\nBcc: victim@example.com' })), 400],
      ['application/reports+json', JSON.stringify([{ type: 'deprecation', body: {} }]), 400],
      ['application/reports+json', JSON.stringify(Array.from({ length: 21 }, () => ({ type: 'csp-violation', body: {} }))), 400],
      ['application/csp-report', JSON.stringify(violation({ 'script-sample': 'x'.repeat(20_000) })), 413],
    ];
    for (const [index, [type, body, status]] of junk.entries()) {
      const answer = await post(server, type, body);
      expect({ index, status: answer.status }).toEqual({ index, status });
    }
    expect(await stored(server)).toBe(before);
  });

  it('limits the reports one address may send', async () => {
    // The suite's limit is 20 a minute, counted across the tests before this one too.
    const answers = [];
    for (let i = 0; i < 21; i += 1) answers.push((await post(server, 'application/csp-report', JSON.stringify(violation()))).status);
    expect(answers).toContain(429);
    const before = await stored(server);
    expect((await post(server, 'application/csp-report', JSON.stringify(violation()))).status).toBe(429);
    expect(await stored(server)).toBe(before);
  });
});
