import type { Context, Next } from 'koa';
import { DomainError } from '../core/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * In production the session cookie is Secure, which cannot be set over plain HTTP (the cookie library throws,
 * a 500): a login, or any other change, reached over plain HTTP is told where the shop really is instead.
 */
export function requireHttps(publicOrigin: string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!SAFE_METHODS.has(ctx.method) && !ctx.secure) {
      throw new DomainError('forbidden', `This shop only works over HTTPS: please use ${publicOrigin}`);
    }
    return next();
  };
}
