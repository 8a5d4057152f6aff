export interface PayPalClientOptions {
  clientId: string;
  clientSecret: string;
  /** PayPal's API origin (`https://api-m.paypal.com`, the sandbox's, or the local fake's). */
  baseUrl: string;
  /** How long one request may take before it is tried again (default 10 s). */
  timeoutMs?: number;
}

/** PayPal answered with an error (4xx, or 5xx after the tries): its status and its first issue's code. */
export class PayPalError extends Error {
  override name = 'PayPalError';
  constructor(
    readonly status: number,
    readonly issue: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** Tries of one request: a 5xx, a timeout or a lost connection is tried again, with the same PayPal-Request-Id. */
const TRIES = 3;
const RETRY_PAUSE_MS = 100;

type Answer = { status: number; body: unknown };

/**
 * PayPal's REST API over `fetch`: an OAuth2 client-credentials token, kept until shortly before it expires; JSON
 * in and out; `PayPal-Request-Id` on every call that changes something, so a repeat (after a timeout or a 5xx)
 * is the first call's answer, never a second order, capture or refund.
 */
export function createPayPalClient(options: PayPalClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  let token: { value: string; until: number } | null = null;
  /** The token being asked for: calls made meanwhile wait for it rather than each asking for one of their own. */
  let asking: Promise<string> | null = null;

  async function once(method: string, path: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
    const response = await fetch(`${base}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = { message: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed };
  }

  /** One request, tried again on a 5xx, a timeout or a network error. */
  async function withTries(method: string, path: string, headers: Record<string, string>, body: string | undefined): Promise<Answer> {
    let last: unknown;
    for (let tryNo = 1; tryNo <= TRIES; tryNo += 1) {
      try {
        const answer = await once(method, path, headers, body);
        if (answer.status < 500) return answer;
        last = new PayPalError(answer.status, issueOf(answer.body), `PayPal answered ${answer.status} to ${method} ${path}`);
      } catch (error) {
        last = error;
      }
      if (tryNo < TRIES) await new Promise((resolve) => setTimeout(resolve, RETRY_PAUSE_MS * tryNo));
    }
    throw last;
  }

  function accessToken(): Promise<string> {
    if (token && token.until > Date.now()) return Promise.resolve(token.value);
    asking ??= newToken().finally(() => {
      asking = null;
    });
    return asking;
  }

  async function newToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const answer = await withTries('POST', '/v1/oauth2/token', { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' }, 'grant_type=client_credentials');
    const body = answer.body as { access_token?: string; expires_in?: number };
    if (answer.status !== 200 || !body.access_token) throw new PayPalError(answer.status, issueOf(answer.body), 'PayPal refused the client id and secret');
    token = { value: body.access_token, until: Date.now() + Math.max(0, (body.expires_in ?? 0) - 60) * 1000 };
    return token.value;
  }

  return {
    async call<T>(method: 'GET' | 'POST', path: string, request: { body?: unknown; requestId?: string } = {}): Promise<T> {
      const send = async () => {
        const headers: Record<string, string> = { Authorization: `Bearer ${await accessToken()}`, 'Content-Type': 'application/json', Prefer: 'return=representation' };
        if (request.requestId) headers['PayPal-Request-Id'] = request.requestId;
        return withTries(method, path, headers, request.body === undefined ? undefined : JSON.stringify(request.body));
      };
      let answer = await send();
      if (answer.status === 401) {
        token = null; // expired early, or revoked: one new token
        answer = await send();
      }
      if (answer.status >= 400) throw new PayPalError(answer.status, issueOf(answer.body), `PayPal answered ${answer.status} to ${method} ${path}`);
      return answer.body as T;
    },
  };
}

function issueOf(body: unknown): string | undefined {
  const details = (body as { details?: Array<{ issue?: string }> } | null)?.details;
  return details?.[0]?.issue ?? (body as { name?: string } | null)?.name;
}
