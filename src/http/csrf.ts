import type { Context, Next } from 'koa';
import { DomainError } from '../core/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses cross-site state-changing requests: the browser's Sec-Fetch-Site (or, for older browsers, Origin)
 * must say same origin, and our web app's custom header must be present, which a cross-site form cannot add.
 * The Origin is compared with the shop's configured origins only, never with one built from the Host header:
 * a page on a rebound domain (DNS rebinding) sends its own name as Host and as Origin alike (issue 13).
 */
export function refuseCrossSite(ownOrigins: () => readonly string[], signedPaths: readonly string[] = []) {
  // A provider's webhook comes from the provider, not a browser: its signature is its credential (issue 17).
  const signed = new Set(signedPaths);
  return async (ctx: Context, next: Next): Promise<void> => {
    if (SAFE_METHODS.has(ctx.method) || signed.has(ctx.path)) return next();
    const fetchSite = ctx.get('sec-fetch-site');
    const origin = ctx.get('origin');
    const crossSite =
      (fetchSite !== '' && fetchSite !== 'same-origin' && fetchSite !== 'none') || (origin !== '' && !ownOrigins().includes(origin));
    if (crossSite || ctx.get('x-requested-with') !== 'fetch') {
      throw new DomainError('forbidden', 'Cross-site request refused');
    }
    return next();
  };
}
