import type { IncomingMessage } from 'node:http';
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
  if (length > LIMIT_BYTES) throw tooLarge();
  const text = (await readBody(ctx.req, LIMIT_BYTES)).toString('utf8');
  try {
    ctx.request.body = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new DomainError('invalid', 'The request body is not valid JSON');
  }
  return next();
}

const FORM_LIMIT_BYTES = 300 * 1024;

/**
 * JSON, or a URL-encoded form of text fields (each named once), for the routes whose spec sends a form (the
 * in-place editor's `POST /api/ipe_save` and `/api/ipe_cancel`, issue 39). The origin check before this applies as
 * to any other change, so a form is no way round it; rich text escapes to up to three times its length in a form.
 */
export async function formOrJsonBody(ctx: Context, next: Next): Promise<void> {
  if (!ctx.is('application/x-www-form-urlencoded')) return jsonBody(ctx, next);
  if (Number(ctx.get('content-length') || 0) > FORM_LIMIT_BYTES) throw tooLarge();
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams((await readBody(ctx.req, FORM_LIMIT_BYTES)).toString('utf8'))) {
    if (Object.hasOwn(fields, name)) throw new DomainError('invalid', `${name}: send it once`);
    fields[name] = value;
  }
  ctx.request.body = fields;
  return next();
}

/**
 * The JSON-only rule with its deliberate, listed exceptions: routes that take a multipart form (photo uploads),
 * and signed webhooks, which read their raw body themselves; routes that take a form or JSON (`formPaths`).
 * Such a route reads its body itself, after its role check, and refuses anything but a multipart form; the CSRF
 * check before this still applies to it.
 */
export function requestBody(multipartPaths: readonly string[], signedPaths: readonly string[] = [], formPaths: readonly string[] = []) {
  const readsItsOwnBody = new Set([...multipartPaths, ...signedPaths]);
  const forms = new Set(formPaths);
  return (ctx: Context, next: Next): Promise<void> => (readsItsOwnBody.has(ctx.path) ? next() : forms.has(ctx.path) ? formOrJsonBody(ctx, next) : jsonBody(ctx, next));
}

/**
 * The raw body of a signed webhook (its signature covers the exact bytes, so it is not parsed first), or a 413
 * past `limit`.
 */
export function rawBody(ctx: Context, limit: number): Promise<Buffer> {
  if (Number(ctx.get('content-length') || 0) > limit) return Promise.reject(tooLarge());
  return readBody(ctx.req, limit);
}

const tooLarge = () => Object.assign(new Error('Request body too large'), { status: 413, expose: true });

/** The whole body, or a 413 once it passes `limit` (a stream's async iterator costs several promises a chunk). */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        cleanUp();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanUp();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      cleanUp();
      reject(error);
    };
    const cleanUp = () => {
      request.off('data', onData);
      request.off('end', onEnd);
      request.off('error', onError);
    };
    request.on('data', onData);
    request.on('end', onEnd);
    request.on('error', onError);
  });
}
