import http from 'node:http';
import os from 'node:os';
import request from 'supertest';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';
import { connectSse } from '../support/sse-client';
import { until } from '../support/until';
import { appendSomeEvent, count } from './http';

/**
 * Issue 40 item 7: /metrics in Prometheus text through prom-client, on the shop's port only with the bearer token
 * and on a port of its own bound to 127.0.0.1; /readyz 503 while a projection is more than 5 s behind.
 */

const TOKEN = 'metrics-test-token-0123456789abcdef';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text answer (no escaped quotes in our label values). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`Not a Prometheus sample: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name, value]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

const sumOf = (all: Sample[], name: string, labels: Record<string, string> = {}) =>
  all.filter((sample) => sample.name === name && Object.entries(labels).every(([label, value]) => sample.labels[label] === value)).reduce((sum, sample) => sum + sample.value, 0);

/** Whether a TCP connection to `host:port` is accepted. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const asked = http.get({ host, port, path: '/metrics', timeout: 2000 }, (response) => {
      response.resume();
      resolve(true);
    });
    asked.on('error', () => resolve(false));
    asked.on('timeout', () => asked.destroy());
  });
}

describe('metrics and readiness', () => {
  let server: TestServer;
  const clock = testClock(new Date().toISOString());

  beforeAll(async () => {
    server = await startTestServer({ clock, env: { METRICS_TOKEN: TOKEN, METRICS_PORT: '0' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const scrape = async () => {
    const response = await request(server.baseUrl).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return samples(response.text);
  };

  it('serves /metrics on the shop port only with the right bearer token, never by address', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdefghij', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `bearer${TOKEN}`]) {
      const call = request(server.baseUrl).get('/metrics');
      if (authorization) call.set('Authorization', authorization);
      // The test talks from 127.0.0.1: loopback alone opens nothing.
      const response = await call;
      expect({ authorization, status: response.status }).toEqual({ authorization, status: 401 });
      expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(response.body).toEqual({ status: false, message: 'The metrics need the right bearer token' });
      expect(response.text).not.toContain('shop_');
    }
    expect(samples((await request(server.baseUrl).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text).length).toBeGreaterThan(0);
  });

  it('serves the metrics port on 127.0.0.1 only', async () => {
    const port = server.shop.metricsPort!;
    expect(port).toBeGreaterThan(0);
    expect(port).not.toBe(server.shop.port);
    const served = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(served.status).toBe(200);
    expect(samples(await served.text()).some((sample) => sample.name === 'shop_events_appended_total')).toBe(true);
    expect((await fetch(`http://127.0.0.1:${port}/elsewhere`)).status).toBe(404);
    // Another loopback address, and this host's own addresses: a socket bound to 0.0.0.0 would take them all.
    const others = ['127.0.0.2', ...Object.values(os.networkInterfaces()).flatMap((entries) => (entries ?? []).filter((entry) => entry.family === 'IPv4' && !entry.internal).map((entry) => entry.address))];
    for (const host of others) expect({ host, connects: await connects(host, port) }).toEqual({ host, connects: false });
  });

  it('counts requests by route pattern and status, their latency, appends, and reads the gauges', async () => {
    const eventsBefore = await count(server, 'es_events');
    const before = await scrape();
    await request(server.baseUrl).get('/api/menu').expect(200);
    await request(server.baseUrl).get('/api/postcode-distance/LS14AP');
    await request(server.baseUrl).get('/api/no-such-route-here').expect(404);
    await appendSomeEvent(server);
    await appendSomeEvent(server);
    const live = await connectSse(`${server.baseUrl}/events/menu`);
    try {
      await until(() => server.shop.hub.clientCount('menu') > 0, 'the live stream to open');
      const after = await scrape();
      const delta = (name: string, labels: Record<string, string>) => sumOf(after, name, labels) - sumOf(before, name, labels);

      expect(delta('shop_http_requests_total', { method: 'GET', route: '/api/menu', status: '200' })).toBe(1);
      const postcode = after.filter((sample) => sample.name === 'shop_http_requests_total' && sample.labels.route === '/api/postcode-distance/:postcode');
      expect(postcode.length).toBe(1);
      expect(postcode[0].labels).toEqual({ method: 'GET', route: '/api/postcode-distance/:postcode', status: postcode[0].labels.status });
      // No raw path is ever a label value: a path no route matched counts under one label.
      expect(after.some((sample) => Object.values(sample.labels).some((value) => value.includes('LS14AP') || value.includes('no-such-route')))).toBe(false);
      expect(delta('shop_http_requests_total', { method: 'GET', route: '(none)', status: '404' })).toBe(1);
      expect(delta('shop_http_request_duration_seconds_count', { method: 'GET', route: '/api/menu' })).toBe(1);
      // A live stream counts once it has started, with the status its raw response sent.
      expect(delta('shop_http_requests_total', { method: 'GET', route: '/events/menu', status: '200' })).toBe(1);
      expect(after.find((sample) => sample.name === 'shop_http_request_duration_seconds_bucket' && sample.labels.route === '/api/menu' && sample.labels.le === '+Inf')?.value).toBeGreaterThan(0);

      expect(delta('shop_events_appended_total', { type: 'CartOpened' })).toBe(2);
      // The shop may append on its own meanwhile (its clock, its processes): every append counted is a stored event.
      const appended = sumOf(after, 'shop_events_appended_total') - sumOf(before, 'shop_events_appended_total');
      expect(appended).toBeGreaterThanOrEqual(2);
      expect(appended).toBeLessThanOrEqual((await count(server, 'es_events')) - eventsBefore);

      const names = new Set(after.map((sample) => sample.name));
      for (const name of ['shop_projection_lag_seconds', 'shop_live_clients', 'shop_mail_outbox_depth', 'shop_process_timers_due', 'shop_db_pool_connections']) {
        expect({ name, present: names.has(name) }).toEqual({ name, present: true });
      }
      const lags = after.filter((sample) => sample.name === 'shop_projection_lag_seconds');
      expect(lags.map((sample) => sample.labels.projection).sort()).toEqual(server.shop.runners.map((runner) => runner.projection.name).sort());
      expect(sumOf(after, 'shop_live_clients', { channel: 'menu' })).toBeGreaterThanOrEqual(1);
      expect(sumOf(after, 'shop_db_pool_connections', { state: 'max' })).toBe(10);
      expect(after.filter((sample) => sample.name === 'shop_db_pool_connections').map((sample) => sample.labels.state).sort()).toEqual(['idle', 'max', 'total', 'waiting']);
      expect(after.find((sample) => sample.name === 'shop_mail_outbox_depth')?.labels).toEqual({});
      expect(after.filter((sample) => sample.name === 'shop_process_timers_due').length).toBeGreaterThan(0);
    } finally {
      live.close();
    }
  });

  it('answers /readyz 503 naming a projection more than 5 s behind, and 200 once it catches up', async () => {
    const held = server.shop.runners.find((runner) => runner.projection.name === 'audit')!;
    const others = server.shop.runners.filter((runner) => runner !== held);
    await held.stop();
    try {
      await appendSomeEvent(server);
      const head = await server.shop.store.headPosition();
      await Promise.all(others.map((runner) => runner.waitFor(head)));
      // Behind, but for less than 5 s by the shop's clock: still ready.
      const fresh = await request(server.baseUrl).get('/readyz');
      expect({ status: fresh.status, behind: fresh.body.behind }).toEqual({ status: 200, behind: [] });

      // 5.2 s after the held event by the shop's clock: events stored since are less than 5 s old by it.
      const [waiting] = await server.shop.store.readAll({ after: held.checkpoint, limit: 1 });
      clock.set(new Date(waiting.recordedAt.getTime() + 5200).toISOString());
      const late = await request(server.baseUrl).get('/readyz');
      expect({ status: late.status, behind: late.body.behind, check: late.body.checks['projection:audit'] }).toEqual({ status: 503, behind: ['audit'], check: 'behind' });
      const lag = (await scrape()).find((sample) => sample.name === 'shop_projection_lag_seconds' && sample.labels.projection === 'audit')!;
      expect(lag.value).toBeGreaterThan(5);
    } finally {
      held.start();
    }
    await held.waitFor(await server.shop.store.headPosition());
    const ready = await request(server.baseUrl).get('/readyz');
    expect({ status: ready.status, behind: ready.body.behind }).toEqual({ status: 200, behind: [] });
    expect((await scrape()).find((sample) => sample.name === 'shop_projection_lag_seconds' && sample.labels.projection === 'audit')?.value).toBe(0);
  });
});
