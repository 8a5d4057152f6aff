import type { Context, Next } from 'koa';
import { ZodError } from 'zod';
import { DomainError, DomainErrorKind } from '../core/errors';
import { WrongExpectedVersion } from '../eventstore/types';

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
  unavailable: 503,
};

/** Names the field by its own name (`phone_number`, not `deliveryForm.phone_number`), as forms know it. */
export function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  const field = [...issue.path].reverse().find((part) => typeof part === 'string');
  return field ? `${String(field)}: ${issue.message}` : issue.message;
}

/**
 * Every failure answers `{ status: false, message }`. Client mistakes get a 4xx naming the problem; anything
 * else is a 500 whose body carries no internal detail (it is logged instead).
 */
export async function errorHandler(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
    // A missing route, or a route called with a method it lacks (405 from the router's allowedMethods).
    const status = ctx.status;
    if (status >= 400 && ctx.body == null && ctx.path.startsWith('/api/')) {
      ctx.status = status;
      ctx.body = { status: false, message: status === 404 ? 'Not found' : ctx.message };
    }
  } catch (error) {
    const { status, message, retryAfter, code } = classify(error);
    if (status >= 500) ctx.log?.error({ err: error }, 'request failed');
    if (retryAfter) ctx.set('Retry-After', String(retryAfter));
    ctx.status = status;
    ctx.body = code ? { status: false, message, code } : { status: false, message };
  }
}

function classify(error: unknown): { status: number; message: string; retryAfter?: number; code?: string } {
  if (error instanceof DomainError) {
    return { status: STATUS[error.kind], message: error.message, retryAfter: error.retryAfterSeconds, code: error.code };
  }
  if (error instanceof ZodError) return { status: 400, message: describeZodError(error) };
  if (error instanceof WrongExpectedVersion) {
    return { status: 409, message: 'Someone else changed this at the same time, please try again' };
  }
  const httpError = error as { status?: number; expose?: boolean; message?: string };
  if (typeof httpError.status === 'number' && httpError.status >= 400 && httpError.status < 500) {
    return { status: httpError.status, message: httpError.expose && httpError.message ? httpError.message : 'Bad request' };
  }
  return { status: 500, message: 'Sorry, something went wrong on our side' };
}
