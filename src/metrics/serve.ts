import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Router from '@koa/router';
import { DomainError } from '../core/errors';
import type { ShopMetrics } from './shop-metrics';

export const METRICS_PATH = '/metrics';

/** Where the separate metrics port listens: this host only, whatever HOST says. */
export const METRICS_HOST = '127.0.0.1';

/** Equal tokens, compared in constant time (both hashed first, so their lengths tell nothing either). */
export function sameToken(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * GET /metrics on the shop's own port: only with `Authorization: Bearer <METRICS_TOKEN>`, never by the client's
 * address (behind a proxy on this host every request comes from loopback). Without a token configured it is
 * not there at all.
 */
export function metricsRoutes(deps: { metrics: ShopMetrics; token: string | undefined }): Router {
  const router = new Router();
  router.get(METRICS_PATH, async (ctx) => {
    if (deps.token === undefined) throw new DomainError('not_found', 'Not found');
    const header = ctx.get('Authorization');
    const given = /^Bearer (.+)$/.exec(header)?.[1];
    if (given === undefined || !sameToken(given, deps.token)) {
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new DomainError('unauthenticated', 'The metrics need the right bearer token');
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = deps.metrics.contentType;
    ctx.body = await deps.metrics.text();
  });
  return router;
}

/** The metrics alone on a port of their own, bound to 127.0.0.1; resolves to the port and a close. */
export async function serveMetricsPort(metrics: ShopMetrics, port: number): Promise<{ port: number; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== METRICS_PATH) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(text),
      () => res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('The metrics could not be read\n'),
    );
  });
  server.requestTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, METRICS_HOST, resolve);
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
