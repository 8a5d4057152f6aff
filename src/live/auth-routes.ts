import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { DomainError } from '../core/errors';
import type { User } from '../identity/users';
import { hasRole } from '../identity/roles';
import { STAFF_ORDERS_CHANNEL } from '../shared/staff-channel';
import { singleLineText } from '../shared/text';
import type { LiveKeyRing } from './live-keys';

/** Who may follow one kind of private channel: the composition root hands in the order module's for `private-order.*`. */
export interface ChannelAuthoriser {
  /** How the channel's name looks, for the refusal of a name no authoriser owns. */
  pattern: string;
  owns(channelName: string): boolean;
  /** Why this request may not follow the channel, or undefined when it may. */
  refusal(ctx: Context, channelName: string): string | undefined;
}

/** The staff screens' orders channel: anyone signed in as staff or above. */
export const staffChannelAuthoriser: ChannelAuthoriser = {
  pattern: STAFF_ORDERS_CHANNEL,
  owns: (name) => name === STAFF_ORDERS_CHANNEL,
  refusal: (ctx) => (hasRole((ctx.state.user as User | undefined)?.role ?? 'customer', 'staff') ? undefined : 'Only staff may follow the orders channel'),
};

// Spec §7's realtime auth, in Laravel/Pusher's shape: Pusher's own fields (socket_id) are accepted and ignored.
const channelAuthInput = z.strictObject({
  channel_name: singleLineText({ max: 100, required: 'is missing' }),
  socket_id: singleLineText({ max: 100 }).optional(),
});
export const NO_KEYS_TO_SIGN = 'Live updates are not available until the live update keys are set';

/**
 * `/broadcasting/auth` (spec §7): a short-lived token for one private channel, signed with the live channel's own
 * keys (issue 30 item 1), for a caller its channel's authoriser lets follow it.
 */
export function channelAuthRoutes(deps: { keys: LiveKeyRing; authorisers: readonly ChannelAuthoriser[] }) {
  const router = new Router();
  router.post('/broadcasting/auth', async (ctx: Context) => {
    const { channel_name } = channelAuthInput.parse(ctx.request.body);
    const authoriser = deps.authorisers.find((candidate) => candidate.owns(channel_name));
    if (!authoriser) throw new DomainError('invalid', `channel_name: must be ${deps.authorisers.map((known) => known.pattern).join(' or ')}`);
    const refusal = authoriser.refusal(ctx, channel_name);
    if (refusal) throw new DomainError('forbidden', refusal);
    const auth = await deps.keys.sign(channel_name);
    if (!auth) throw new DomainError('conflict', NO_KEYS_TO_SIGN);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: true, auth, message: '' };
  });
  return router;
}
