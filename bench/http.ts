import { STAFF_ORDERS_CHANNEL } from '../src/shared/staff-channel';
/**
 * A tiny HTTP client for load loops: node:http on a shared keep-alive agent, one cookie jar per shopper, the
 * headers the web app sends (X-Requested-With: fetch, Origin, JSON bodies), and the time each request took.
 */
import http from 'node:http';

export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** From sending the request to the last byte of the answer. */
  ms: number;
  /** performance.now() when the last byte arrived. */
  at: number;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    const message = (body as { message?: string } | null)?.message ?? JSON.stringify(body);
    super(`${what} answered ${status}: ${message}`);
  }
}

/** One keep-alive agent per benchmark: `sockets` connections at most, reused between requests. */
export function keepAliveAgent(sockets: number): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets, scheduling: 'fifo' });
}

/** Where the shop is and what a browser in front of its proxy would send. */
export interface Target {
  /** 127.0.0.1 (the shop listens there). */
  host: string;
  port: number;
  /** Extra headers on every request, e.g. the proxy's X-Forwarded-Proto. */
  headers: Record<string, string>;
  /** The Origin browsers send (the shop's public origin). */
  origin: string;
}

/** A browser: its own cookie jar, on the shared agent. */
export class Browser {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly target: Target,
    private readonly agent: http.Agent,
  ) {}

  /** "name=value; name2=value2", as an SSE client or a raw request would send it. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** `headers`: extra request headers, e.g. Accept-Encoding (the answer is then kept as sent, not parsed). */
  get<T = unknown>(path: string, options: { parse?: boolean; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
    return this.send<T>('GET', path, undefined, options.parse ?? true, options.headers);
  }

  post<T = unknown>(path: string, body: object = {}): Promise<Answer<T>> {
    return this.send<T>('POST', path, body, true, undefined);
  }

  /** Like post, but an answer other than 2xx rejects with HttpError. */
  async ok<T = unknown>(path: string, body: object = {}): Promise<Answer<T>> {
    const answer = await this.post<T>(path, body);
    if (answer.status >= 300) throw new HttpError(answer.status, answer.body, `POST ${path}`);
    return answer;
  }

  private send<T>(method: string, path: string, body: object | undefined, parse: boolean, extra: Record<string, string> | undefined): Promise<Answer<T>> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = { ...this.target.headers, Accept: 'application/json', ...extra };
    if (payload) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = payload.length;
      headers['X-Requested-With'] = 'fetch';
      headers.Origin = this.target.origin;
    }
    if (this.cookies.size > 0) headers.Cookie = this.cookieHeader();
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const request = http.request(
        { host: this.target.host, port: this.target.port, method, path, headers, agent: this.agent },
        (response) => {
          this.keepCookies(response.headers['set-cookie']);
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const at = performance.now();
            let parsed: unknown = undefined;
            if (parse) {
              const text = Buffer.concat(chunks).toString('utf8');
              try {
                parsed = text === '' ? undefined : JSON.parse(text);
              } catch {
                parsed = text;
              }
            }
            resolve({ status: response.statusCode ?? 0, body: parsed as T, ms: at - started, at });
          });
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
  }

  private keepCookies(setCookie: string[] | undefined): void {
    for (const line of setCookie ?? []) {
      const [pair, ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expires = attributes.map((a) => a.trim()).find((a) => a.toLowerCase().startsWith('expires='));
      const expired = expires !== undefined && Date.parse(expires.slice('expires='.length)) <= Date.now();
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * Request times by name, kept only for requests that finished inside the measured window (the same rule as
 * support.ts's `throughput`, which counts steps by when they finished).
 */
export class Latencies {
  private readonly series = new Map<string, number[]>();

  constructor(
    private readonly from: number,
    private readonly until: number,
  ) {}

  /** For a window that starts after `warmupMs` and lasts `durationMs`, from now. */
  static window({ durationMs, warmupMs }: { durationMs: number; warmupMs: number }): Latencies {
    const from = performance.now() + warmupMs;
    return new Latencies(from, from + durationMs);
  }

  inWindow(at: number): boolean {
    return at >= this.from && at < this.until;
  }

  /** Notes how long `answer` took under `name`, if it finished in the window; passes the answer on. */
  note<T extends { ms: number; at: number }>(name: string, answer: T): T {
    if (this.inWindow(answer.at)) {
      let values = this.series.get(name);
      if (!values) this.series.set(name, (values = []));
      values.push(answer.ms);
    }
    return answer;
  }

  get(name: string): number[] {
    return this.series.get(name) ?? [];
  }

  all(): number[] {
    return [...this.series.values()].flat();
  }
}

/**
 * The staff orders stream's path with a fresh token (issue 30 item 1): `/events/orders` needs the staff session and a
 * token from /broadcasting/auth for the `private-orders` channel, as a staff screen asks before each connection.
 */
export async function staffOrdersPath(staff: Browser): Promise<string> {
  const { body } = await staff.ok<{ auth: string }>('/broadcasting/auth', { channel_name: STAFF_ORDERS_CHANNEL });
  return `/events/orders?auth=${encodeURIComponent(body.auth)}`;
}
