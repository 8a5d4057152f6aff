import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../../src/core/clock';
import { DomainError } from '../../../src/core/errors';
import type { LiveKeyRing } from '../../../src/live/live-keys';
import { orderChannelName } from '../../../src/shared/order-channel';
import type { OrderProgressAnswer } from '../../../src/shared/order-progress';
import { STATUS_LINK_REFUSED } from '../../../src/shared/order-status-texts';
import { singleLineText } from '../../../src/shared/text';
import type { Services } from '../../../src/services';
import { orderIdOf, placedOrderIds } from '../checkout/routes';
import { NO_SUCH_ORDER } from '../core/decide-kitchen';
import { createOrderStatus } from './order-status';
import { statusLinkHolds } from './status-link';

const orderIdParameter = z.object({ id: z.uuid('must be an order id').transform((id) => id.toLowerCase()) });
// Not strict: a mail client or a link checker may add parameters of its own; only these two are read.
const linkQuery = z.object({ expires: singleLineText({ max: 20 }).optional(), signature: singleLineText({ max: 100 }).optional() });

/** The session placed this order (or it is the order its basket became). */
function sessionsOwn(ctx: Context, orderId: string): boolean {
  return orderIdOf(ctx) === orderId || ctx.session?.orderId === orderId || placedOrderIds(ctx).includes(orderId);
}

/**
 * The order's steps for its order-complete page (the session that placed it), its status page (the
 * confirmation mail's signed link, any browser) and the account page (the account it belongs to, issue 33), with
 * a token for the order's private live channel. Anyone else is refused in plain words, the same for an order
 * that does not exist, so guessing ids tells nothing.
 */
export function orderStatusRoutes(deps: { services: Pick<Services, 'commands' | 'settings'>; clock: Clock; linkKey: string; keys: Pick<LiveKeyRing, 'sign'> }) {
  const status = createOrderStatus(deps.services);
  const router = new Router();

  router.get('/api/orders/:id/progress', async (ctx) => {
    const { id } = orderIdParameter.parse(ctx.params);
    const link = linkQuery.parse(ctx.query);
    const now = deps.clock();
    const user = ctx.state.user as { id: string } | undefined;
    const allowed = sessionsOwn(ctx, id) || statusLinkHolds(id, link, deps.linkKey, now) || (user !== undefined && (await status.belongsTo(id, user.id)));
    if (!allowed) throw new DomainError('forbidden', STATUS_LINK_REFUSED);
    const progress = await status.progress(id);
    if (!progress) throw new DomainError('not_found', NO_SUCH_ORDER);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: true, progress, auth: (await deps.keys.sign(orderChannelName(id))) ?? null, message: '' } satisfies OrderProgressAnswer;
  });

  return router;
}
