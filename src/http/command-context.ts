import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { Clock } from '../core/clock';
import type { CommandContext } from '../core/decider';

/** Who is acting (the signed-in user, or the guest's session) and when, for the events a request causes. */
export function commandContext(ctx: Context, clock: Clock): CommandContext {
  const user = ctx.state.user as { id: string } | undefined;
  const requestId = (ctx.response.get('X-Request-Id') as string) || randomUUID();
  const now = clock().toISOString();
  if (user) return { actor: user.id, now, correlationId: requestId };
  // The guest's id is read only when an event is written under it (metadataFor), so a refused command or a
  // request that stores nothing leaves no session row behind (issue 13, item 7).
  return Object.defineProperty({ now, correlationId: requestId } as CommandContext, 'actor', {
    get: () => `customer:${guestId(ctx)}`,
    enumerable: true,
  });
}

/**
 * A stable pseudonymous id for a guest: derived from nothing secret, stored in the session. It outlives the
 * session's baskets and orders, so it also keys what is counted per session (the voucher guesses).
 */
export function guestId(ctx: Context): string {
  const session = ctx.session!;
  if (typeof session.guestId !== 'string') session.guestId = randomUUID();
  return session.guestId as string;
}
