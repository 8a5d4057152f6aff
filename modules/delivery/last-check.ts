import type { Context } from 'koa';
import { z } from 'zod';
import { parsePostcode } from '../../src/shared/postcode';
import type { DeliveryCheck } from './service';

const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const checkValue = z.strictObject({
  postcode: z.string().max(10).refine((postcode) => parsePostcode(postcode) === postcode),
  miles: z.number().nonnegative().finite(),
});

/**
 * The last checked postcode and its distance, kept for the delivery charge and the order since the customer
 * never tells us the distance. It lives in a cookie signed with the session keys (postcode and miles signed
 * together, so a client can neither alter the miles nor move them to another postcode), not in the session:
 * checking a postcode is a GET, and a GET must not create or write a session row (issue 13, item 7).
 * Only this module reads or writes the cookie.
 */
export function deliveryCheckCookie(options: { production: boolean }) {
  const name = options.production ? '__Host-shop.postcode' : 'shop.postcode';
  const attributes = { signed: true, httpOnly: true, sameSite: 'lax', secure: options.production, path: '/', overwrite: true } as const;
  return {
    /** The check this browser was given, when its cookie is one the shop signed; undefined otherwise. */
    last(ctx: Context): DeliveryCheck | undefined {
      const value = ctx.cookies.get(name, { signed: true });
      if (!value) return undefined;
      try {
        const parsed = checkValue.safeParse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },

    remember(ctx: Context, check: DeliveryCheck): void {
      // A Secure cookie cannot be set over plain HTTP (the cookie library throws); checkout refuses plain HTTP anyway.
      if (options.production && !ctx.secure) return;
      const value = Buffer.from(JSON.stringify({ postcode: check.postcode, miles: check.miles })).toString('base64url');
      ctx.cookies.set(name, value, { ...attributes, maxAge: MAX_AGE_MS });
    },

    /** After checkout the next basket starts with no postcode checked. */
    forget(ctx: Context): void {
      if (ctx.cookies.get(name)) ctx.cookies.set(name, null, attributes);
    },
  };
}

export type DeliveryCheckCookie = ReturnType<typeof deliveryCheckCookie>;
