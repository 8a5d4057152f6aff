import type { Context, Next } from 'koa';
import { DomainError } from '../core/errors';
import type { Clock } from '../core/clock';
import { STEP_UP_REQUIRED, STEP_UP_TEXT } from '../shared/account-texts';

/** How long an entered password counts for a dangerous action. */
export const STEP_UP_MS = 5 * 60 * 1000;

/** Notes in the session that the password was just entered (at login, or when asked again). */
export function notePasswordEntered(ctx: Context, clock: Clock): void {
  ctx.session!.passwordAt = clock().getTime();
}

/**
 * Route guard for dangerous actions (role changes, disabling; later erasure, unmasking, refunds): the password
 * must have been entered in the last five minutes, else a 403 with `code: 'step_up_required'`, which the web
 * app answers by asking for the password (POST /api/account/confirm-password) and trying again.
 */
export function requireRecentPassword(clock: Clock) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const at = ctx.session?.passwordAt;
    if (typeof at !== 'number' || clock().getTime() - at > STEP_UP_MS) {
      throw new DomainError('forbidden', STEP_UP_TEXT, undefined, STEP_UP_REQUIRED);
    }
    return next();
  };
}
