import fs from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

export const WEB_DIST = path.resolve(__dirname, '..', '..', 'web', 'dist');

/** Where `vite build --ssr` writes the web app's server build, beside the browser's (web/vite.config.mts). */
export const serverBuildOf = (webRoot: string) => path.join(path.dirname(webRoot), 'dist-ssr', 'entry-server.cjs');

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * Serves the built web app's files. Hashed assets never change, so browsers keep them a year; the build
 * wrote a brotli and a gzip copy of each beside it, which koa-send picks by Accept-Encoding.
 */
export function serveWebApp(root = WEB_DIST) {
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404 || !['GET', 'HEAD'].includes(ctx.method)) return;
    const file = ctx.path.slice(1);
    if (file === '' || file === 'index.html' || file.endsWith('/') || !fs.existsSync(path.join(root, file))) return;
    const hashed = file.startsWith('assets/');
    if (PRECOMPRESSED.test(file)) ctx.vary('Accept-Encoding');
    await send(ctx, file, { root, maxage: hashed ? YEAR_MS : 0, immutable: hashed });
  };
}

/** The files the build writes .br and .gz copies of (see web/vite.config.mts). */
export const PRECOMPRESSED = /\.(js|css|svg|html|json|txt|ico)$/;
