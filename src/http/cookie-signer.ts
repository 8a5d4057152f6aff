import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs and checks cookies like Keygrip (HMAC-SHA1, URL-safe base64 without padding, so cookies signed before
 * stay valid), but compares with crypto.timingSafeEqual. Keygrip's compare (tsscmp) draws random bytes and
 * computes two more HMACs on every request that carries a cookie.
 */
export class CookieSigner {
  /**
   * Cookies already found valid, with the index of the key that signed them: a browser sends the same
   * session cookie with every request, and its HMAC was a few per cent of the shop's CPU. Only valid
   * cookies are kept (a forger cannot fill it), and at most MAX_REMEMBERED, the oldest going first.
   */
  private readonly verified = new Map<string, number>();

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
    const cookie = `${digest}.${data}`;
    const remembered = this.verified.get(cookie);
    if (remembered !== undefined) return remembered;
    const given = Buffer.from(digest);
    const index = this.keys.findIndex((key) => {
      const expected = Buffer.from(signWith(data, key));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
    if (index >= 0) {
      this.verified.set(cookie, index);
      if (this.verified.size > MAX_REMEMBERED) this.verified.delete(this.verified.keys().next().value!);
    }
    return index;
  }
}

const MAX_REMEMBERED = 10_000;

function signWith(data: string, key: string): string {
  return createHmac('sha1', key).update(data).digest('base64url');
}
