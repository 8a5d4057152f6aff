import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import type { Logger } from 'pino';

declare module 'koa' {
  interface DefaultContext {
    log: Logger;
  }
}

/** One structured line per request, with an id that also goes back in X-Request-Id. */
export function requestLog(logger: Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    ctx.log = logger.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // The route's pattern, not the path: a path may carry personal data (a postcode, a token) in its parameters.
      const path = (ctx as Context & { _matchedRoute?: string })._matchedRoute ?? ctx.path;
      ctx.log.info({ method: ctx.method, path, status: ctx.status, ms: Math.round(ms * 10) / 10 }, 'request');
    }
  };
}
