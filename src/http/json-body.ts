import type { Context, Next } from 'koa';
import { DomainError } from '../core/errors';

const LIMIT_BYTES = 100 * 1024;

declare module 'koa' {
  interface Request {
    body?: unknown;
  }
}

/**
 * Parses JSON request bodies. State-changing requests may only carry JSON (or nothing): a form or text body is
 * refused, which also closes the classic cross-site form post.
 */
export async function jsonBody(ctx: Context, next: Next): Promise<void> {
  if (['GET', 'HEAD', 'OPTIONS'].includes(ctx.method)) return next();
  const length = Number(ctx.get('content-length') || 0);
  const chunked = ctx.get('transfer-encoding') !== '';
  if (length === 0 && !chunked) {
    ctx.request.body = {};
    return next();
  }
  if (!ctx.is('application/json')) {
    throw new DomainError('invalid', 'Send the request body as JSON (Content-Type: application/json)');
  }
  if (length > LIMIT_BYTES) throw Object.assign(new Error('Request body too large'), { status: 413, expose: true });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > LIMIT_BYTES) throw Object.assign(new Error('Request body too large'), { status: 413, expose: true });
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    ctx.request.body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new DomainError('invalid', 'The request body is not valid JSON');
  }
  return next();
}
