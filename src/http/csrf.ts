import type { Context, Next } from 'koa';
import { DomainError } from '../core/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site state-changing requests: the browser's Sec-Fetch-Site (or, for older browsers, Origin)
 * must say same origin, and our web app's custom header must be present, which a cross-site form cannot add.
 */
export function refuseCrossSite(publicOrigin: string) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (SAFE_METHODS.has(ctx.method)) return next();
    const fetchSite = ctx.get('sec-fetch-site');
    const origin = ctx.get('origin');
    // Not ctx.origin: since Koa 3 that is the request's Origin header, which would make every origin our own.
    const ownOrigin = `${ctx.protocol}://${ctx.host}`;
    const crossSite =
      (fetchSite !== '' && fetchSite !== 'same-origin' && fetchSite !== 'none') ||
      (origin !== '' && origin !== publicOrigin && origin !== ownOrigin);
    if (crossSite || ctx.get('x-requested-with') !== 'fetch') {
      throw new DomainError('forbidden', 'Cross-site request refused');
    }
    return next();
  };
}
