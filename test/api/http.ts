import http from 'node:http';
import { randomUUID } from 'node:crypto';
import request, { type Response } from 'supertest';
import { sql } from 'slonik';
import { createUserRepository } from '../../src/identity/users';
import type { TestServer } from '../support/server';

/** What the shop's own web app sends with every state-changing call. */
export function sameOrigin(server: TestServer): Record<string, string> {
  return { Origin: server.baseUrl, 'Sec-Fetch-Site': 'same-origin', 'X-Requested-With': 'fetch' };
}

export function setCookies(response: Response | { headers: http.IncomingHttpHeaders }): string[] {
  const header = response.headers['set-cookie'] as string[] | string | undefined;
  if (header === undefined) return [];
  return Array.isArray(header) ? header : [header];
}

/** The Cookie request header a browser would send back after this response. */
export function cookieHeader(response: Response): string {
  return setCookies(response)
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The value of one cookie set by the response. */
export function cookieValue(response: Response, name: string): string | undefined {
  for (const cookie of setCookies(response)) {
    const [pair] = cookie.split(';');
    const at = pair.indexOf('=');
    if (pair.slice(0, at) === name) return pair.slice(at + 1);
  }
  return undefined;
}

/** The admin's session cookie, after a real login (the login itself must succeed). */
export async function adminCookie(server: TestServer): Promise<string> {
  const response = await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send({ email: server.admin.email, password: server.admin.password });
  expect(response.status).toBe(200);
  return cookieHeader(response);
}

/** A manager's and a staff member's session cookies: both accounts made in the shop, then a real login each. */
export async function managerAndStaffCookies(server: TestServer): Promise<{ manager: string; staff: string }> {
  const users = createUserRepository(server.shop.pool);
  await users.create({ email: 'boss@test.example', password: 'boss long password', role: 'manager' });
  await users.create({ email: 'cook@test.example', password: 'cook long password', role: 'staff' });
  const login = async (email: string, password: string) =>
    cookieHeader(await request(server.baseUrl).post('/api/login').set(sameOrigin(server)).send({ email, password }).expect(200));
  return { manager: await login('boss@test.example', 'boss long password'), staff: await login('cook@test.example', 'cook long password') };
}

export const count = async (server: TestServer, table: 'es_events' | 'sessions' | 'login_failures' | 'users') =>
  (await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from ${sql.identifier([table])}`)) as number;

/** A snapshot of everything a refused request must leave alone. */
export async function stateOf(server: TestServer) {
  return {
    events: await count(server, 'es_events'),
    sessions: await count(server, 'sessions'),
    loginFailures: await count(server, 'login_failures'),
    users: await count(server, 'users'),
  };
}

/** Stores one more event (a basket opened that nobody uses): the store appends only events of the shop's own types. */
export async function appendSomeEvent(server: TestServer): Promise<void> {
  const cartId = randomUUID();
  await server.shop.store.append(
    `cart-${cartId}`,
    [
      {
        id: randomUUID(),
        type: 'CartOpened',
        data: { cartId },
        metadata: { correlationId: randomUUID(), causationId: randomUUID(), actor: 'system', at: new Date().toISOString() },
      },
    ],
    { expectedRevision: 'no_stream' },
  );
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One request through node:http, for what supertest smooths over: a path sent exactly as written (no `..`
 * normalisation), a chunked body without Content-Length, and event streams that never end (`headersOnly`).
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; chunks?: Buffer[]; headersOnly?: boolean },
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      // A connection of its own: a socket left half-written by an early 413 must not be reused.
      { host: url.hostname, port: url.port, method: options.method ?? 'GET', path: options.path, headers: options.headers, agent: false },
      (response) => {
        if (options.headersOnly) {
          resolve({ status: response.statusCode!, headers: response.headers, text: '' });
          request.destroy();
          return;
        }
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(parts).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    // The server may answer (413) before the whole body is written; the answer is what counts.
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
    });
    for (const chunk of options.chunks ?? []) request.write(chunk);
    request.end();
  });
}

/** No answer may show how the server is built: no stack frames, file paths or error class names. */
export function expectNoInternals(text: string): void {
  expect(text).not.toMatch(/\bat \S+ \(?[^)]*:\d+:\d+\)?/);
  expect(text).not.toMatch(/node_modules|\/work\/|\/src\/|\.ts\b|[A-Z][a-zA-Z]*Error\b/);
}

/** The staff screens' orders stream's URL, with a token from /broadcasting/auth for this staff session (issue 30 item 1). */
export async function staffOrdersUrl(server: TestServer, cookie: string): Promise<string> {
  const answer = await request(server.baseUrl).post('/broadcasting/auth').set(sameOrigin(server)).set('Cookie', cookie).send({ channel_name: 'private-orders' });
  expect(answer.status).toBe(200);
  return `${server.baseUrl}/events/orders?auth=${encodeURIComponent(answer.body.auth as string)}`;
}
