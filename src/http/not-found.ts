import type { Context, Next } from 'koa';
import { API_PATH, isPagePath } from './html-page';

/**
 * What nothing answered: an API path (or any request but a page's GET) gets the JSON error shape, a missing
 * file a short text. Pages are answered by servePages, with a 404 status when the page does not exist.
 */
export async function answerNotFound(ctx: Context, next: Next): Promise<void> {
  await next();
  if (ctx.status !== 404 || ctx.body != null) return;
  const page = ['GET', 'HEAD'].includes(ctx.method) && isPagePath(ctx.path);
  if (page) return;
  ctx.status = 404;
  if (API_PATH.test(ctx.path) || !['GET', 'HEAD'].includes(ctx.method)) ctx.body = { status: false, message: 'Not found' };
  else ctx.body = 'Not found';
}
