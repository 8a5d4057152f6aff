import type { Context, Next } from 'koa';

/**
 * The address a request came from, as the last `trustedProxyHops` proxies saw it: each proxy appends the
 * address it was called from to X-Forwarded-For, so only that many entries from the right were written by
 * proxies we run; anything further left was written by the client and proves nothing (issue 13). With no
 * trusted hop it is the socket's peer.
 */
export function clientAddress(forwardedFor: string, socketAddress: string, trustedProxyHops: number): string {
  if (trustedProxyHops === 0) return socketAddress;
  const hops = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  // Fewer entries than hops: the request skipped a proxy, so the leftmost is the nearest thing to the client.
  return hops[Math.max(0, hops.length - trustedProxyHops)] ?? socketAddress;
}

/** Sets ctx.ip, which every limit keys on, to the client address the trusted proxies vouch for. */
export function trustClientAddress(trustedProxyHops: number) {
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.request.ip = clientAddress(ctx.get('x-forwarded-for'), ctx.req.socket.remoteAddress ?? '', trustedProxyHops);
    return next();
  };
}
