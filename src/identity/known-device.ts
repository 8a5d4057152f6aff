import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'koa';

const MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

const accountTag = (account: string) => createHash('sha256').update(account).digest('base64url').slice(0, 16);

/**
 * OWASP's device cookie: a browser that logged in to an account before carries a signed cookie naming that
 * device and (by a hash) the account, so failures elsewhere never make its owner solve a human check, and
 * its own failures are counted apart from everyone else's.
 */
export function knownDevices(options: { production: boolean }) {
  const name = options.production ? '__Host-shop.device' : 'shop.device';
  return {
    /** The device id when this request carries a valid device cookie for `account`. */
    deviceFor(ctx: Context, account: string): string | undefined {
      const value = ctx.cookies.get(name, { signed: true });
      if (!value) return undefined;
      const [device, tag] = value.split('.');
      return device && tag === accountTag(account) ? device : undefined;
    },
    remember(ctx: Context, account: string, device = randomBytes(16).toString('base64url')): void {
      ctx.cookies.set(name, `${device}.${accountTag(account)}`, {
        signed: true,
        httpOnly: true,
        sameSite: 'lax',
        secure: options.production,
        path: '/',
        maxAge: MAX_AGE_MS,
        overwrite: true,
      });
    },
  };
}

export type KnownDevices = ReturnType<typeof knownDevices>;
