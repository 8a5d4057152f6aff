import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links that work without a session for a few minutes, e.g. the ticket data an Android printer app fetches:
 * the app opens the link outside the browser, so it has no cookie. The signature covers the path and expiry.
 */
export function signLink(path: string, key: string, expiresAt: Date): string {
  const expires = String(Math.floor(expiresAt.getTime() / 1000));
  return `${path}?expires=${expires}&signature=${signature(path, expires, key)}`;
}

export function linkIsValid(path: string, query: { expires?: unknown; signature?: unknown }, key: string, now: Date): boolean {
  const { expires, signature: given } = query;
  if (typeof expires !== 'string' || typeof given !== 'string' || !/^\d{1,12}$/.test(expires)) return false;
  if (Number(expires) * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(path, expires, key));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function signature(path: string, expires: string, key: string): string {
  return createHmac('sha256', key).update(`${path}\n${expires}`).digest('base64url');
}
