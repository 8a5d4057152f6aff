import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs and checks cookies like Keygrip (HMAC-SHA1, URL-safe base64 without padding, so cookies signed before
 * stay valid), but compares with crypto.timingSafeEqual. Keygrip's compare (tsscmp) draws random bytes and
 * computes two more HMACs on every request that carries a cookie.
 */
export class CookieSigner {
  constructor(private readonly keys: readonly string[]) {
    if (keys.length === 0) throw new Error('Cookie keys must be provided');
  }

  sign(data: string): string {
    return signWith(data, this.keys[0]);
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** Which key signed `data` with `digest` (0 is the current one), or -1 when none did. */
  index(data: string, digest: string): number {
    const given = Buffer.from(digest);
    return this.keys.findIndex((key) => {
      const expected = Buffer.from(signWith(data, key));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }
}

function signWith(data: string, key: string): string {
  return createHmac('sha1', key).update(data).digest('base64url');
}
