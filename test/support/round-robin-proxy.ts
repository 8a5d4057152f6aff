import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';

/**
 * An ordinary load balancer in front of several shop instances, for the several-instances test and bench (issue
 * 42): every request goes to the next instance in turn, with no sticky sessions, as nginx's or HAProxy's
 * round robin does. Like them, it takes an instance that refuses connections out of the turn for `downForMs` and
 * sends the request that found it down to the next one (nothing reached the dead instance, so that is safe for any
 * request); a request whose instance died after receiving it gets a 502, as theirs do, and the client retries.
 * Server-Sent Events pass through as they stream, and end when their instance dies.
 */
export interface RoundRobinProxy {
  url: string;
  /** The instances in the turn (base URLs); add to it as they start. */
  targets: string[];
  /** Each request forwarded, in order: where it went. */
  forwarded: Array<{ method: string; path: string; target: string }>;
  close(): Promise<void>;
}

const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

export async function startRoundRobinProxy(targets: string[] = [], options: { downForMs?: number } = {}): Promise<RoundRobinProxy> {
  const downForMs = options.downForMs ?? 2000;
  const downUntil = new Map<string, number>();
  const forwarded: RoundRobinProxy['forwarded'] = [];
  let turn = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const proxy = createProxyServer({ xfwd: true, agent, proxyTimeout: 0 });
  // An answer cut off by its instance's death (a live-update stream, say) is cut off for the client too, so that
  // it reconnects, as it would be behind nginx or HAProxy.
  proxy.on('proxyRes', (answer, _req, res) => answer.once('close', () => !answer.complete && res.destroy()));

  const nextTarget = (skipping: Set<string>): string | undefined => {
    for (let tried = 0; tried < targets.length; tried++) {
      const target = targets[turn++ % targets.length]!;
      if (!skipping.has(target) && (downUntil.get(target) ?? 0) <= Date.now()) return target;
    }
    return undefined;
  };

  const forward = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer | undefined, tried: Set<string>) => {
    const target = nextTarget(tried);
    if (!target) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('No shop instance is answering.');
      return;
    }
    forwarded.push({ method: req.method ?? 'GET', path: req.url ?? '/', target });
    // A connection refused before the request went out: take the instance out of the turn and try the next.
    // Anything else (it died holding the request): a 502, since whether it acted on the request is unknown.
    proxy.web(req, res, { target, buffer: body && Readable.from([body]) }, (error: NodeJS.ErrnoException) => {
      const refusedBeforeSending = error.code === 'ECONNREFUSED';
      if (REFUSED.has(error.code ?? '')) downUntil.set(target, Date.now() + downForMs);
      if (refusedBeforeSending && !res.headersSent) return forward(req, res, body, new Set([...tried, target]));
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('The shop instance went away.');
      else res.destroy();
    });
  };

  // A request's body is read first, so that it can be sent again to the next instance.
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' || req.method === 'HEAD') return forward(req, res, undefined, new Set());
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    targets,
    forwarded,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
      proxy.close();
    },
  };
}
