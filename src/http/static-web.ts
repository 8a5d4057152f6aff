import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

export const WEB_DIST = path.resolve(__dirname, '..', '..', 'web', 'dist');

const NOT_SPA = /^\/(api|events|healthz|readyz|takeaway\/|uploads\/)/;

/** Serves the built web app; unknown page paths get index.html so the React router can take them. */
export function serveWebApp(root = WEB_DIST) {
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404 || !['GET', 'HEAD'].includes(ctx.method)) return;
    if (NOT_SPA.test(ctx.path)) return;
    const file = ctx.path === '/' ? 'index.html' : ctx.path.slice(1);
    if (file !== 'index.html' && fs.existsSync(path.join(root, file)) && !file.endsWith('/')) {
      await send(ctx, file, { root, maxage: file.startsWith('assets/') ? 365 * 24 * 3600 * 1000 : 0, immutable: file.startsWith('assets/') });
      return;
    }
    if (path.extname(ctx.path) !== '' && ctx.path !== '/') return; // a missing file, not a page
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      ctx.status = 503;
      ctx.body = 'The web app has not been built yet: run npm run build';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await send(ctx, 'index.html', { root });
  };
}
