import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links that work without a session for a few minutes, e.g. the ticket data an Android printer app fetches:
 * the app opens the link outside the browser, so it has no cookie. The signature covers the path, the given
 * query parameters (in the order given) and the expiry.
 */
export function signLink(path: string, key: string, expiresAt: Date, params: Record<string, string> = {}): string {
  const expires = expiryField(expiresAt);
  const query = new URLSearchParams(params);
  query.set('expires', expires);
  query.set('signature', signature(path, params, expires, key));
  return `${path}?${query.toString()}`;
}

/** `signed`: the names of the query parameters the link was signed with. */
export function linkIsValid(path: string, query: Record<string, unknown>, key: string, now: Date, signed: string[] = []): boolean {
  const { expires, signature: given } = query;
  if (!unexpired(expires, now) || typeof given !== 'string') return false;
  const params: Record<string, string> = {};
  for (const name of signed) {
    const value = query[name];
    if (typeof value !== 'string') return false;
    params[name] = value;
  }
  return sameSignature(signature(path, params, expires, key), given);
}

/*
 * The parts every expiring signed value shares (these links, the live channels' tokens): one home for how an
 * expiry is written and read, and for comparing signatures in constant time.
 */

/** An expiry as signed: whole seconds since the epoch. */
export function expiryField(expiresAt: Date): string {
  return String(Math.floor(expiresAt.getTime() / 1000));
}

/** A well-formed expiry that is still ahead of `now`. */
export function unexpired(expires: unknown, now: Date): expires is string {
  return typeof expires === 'string' && /^\d{1,12}$/.test(expires) && Number(expires) * 1000 > now.getTime();
}

export function sameSignature(expected: string, given: string): boolean {
  const expectedBytes = Buffer.from(expected);
  const givenBytes = Buffer.from(given);
  return expectedBytes.length === givenBytes.length && timingSafeEqual(expectedBytes, givenBytes);
}

function signature(path: string, params: Record<string, string>, expires: string, key: string): string {
  const signedParams = Object.entries(params).map(([name, value]) => `${name}=${value}\n`).join('');
  return createHmac('sha256', key).update(`${path}\n${signedParams}${expires}`).digest('base64url');
}
