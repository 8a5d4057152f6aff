import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../../src/core/clock';
import { DomainError } from '../../../src/core/errors';
import { commandContext } from '../../../src/http/command-context';
import { rawBody } from '../../../src/http/json-body';
import { orderChannelToken } from '../../../src/live/channel-token';
import { orderChannelName, orderIdOfChannel } from '../../../src/shared/order-channel';
import { singleLineText } from '../../../src/shared/text';
import { WebhookSignatureError } from '../../payment';
import type { Checkout } from '../checkout/checkout';
import { orderIdOf, placedOrderIds } from '../checkout/routes';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';
/** Stripe's events are a few KiB; a body past this is not one. */
const WEBHOOK_LIMIT_BYTES = 256 * 1024;

// Spec §7: unique_id and production come from the browser; the server takes the order from the session and the
// mode from its configuration, so both are accepted and ignored.
const sessionInput = z.strictObject({
  unique_id: singleLineText({ max: 100 }).optional(),
  production: z.union([z.boolean(), singleLineText({ max: 10 })]).optional(),
});

// Spec §7's realtime auth, in Laravel/Pusher's shape: Pusher's own fields (socket_id) are accepted and ignored.
const channelAuthInput = z.strictObject({
  channel_name: singleLineText({ max: 100, required: 'is missing' }),
  socket_id: singleLineText({ max: 100 }).optional(),
});
export const NOT_YOUR_ORDER = 'This session may follow only its own order';

/**
 * Card payments' routes (issue 17): the card form's session, and the provider's webhook. Completing a card order
 * is `/complete-order` with the intent's id (routes.ts).
 */
export function cardRoutes(deps: { checkout: Checkout; clock: Clock; linkKey: string }) {
  const { checkout, clock } = deps;
  const router = new Router();

  // The card checkout's private live channel (/events/order): a short-lived token for the session's own order only.
  router.post('/broadcasting/auth', async (ctx: Context) => {
    const { channel_name } = channelAuthInput.parse(ctx.request.body);
    const orderId = orderIdOfChannel(channel_name);
    if (!orderId) throw new DomainError('invalid', `channel_name: must be ${orderChannelName('{order id}')}`);
    if (orderIdOf(ctx) !== orderId) throw new DomainError('forbidden', NOT_YOUR_ORDER);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { status: true, auth: orderChannelToken(orderId, deps.linkKey, clock()), message: '' };
  });

  router.post('/api/createCheckoutSession', async (ctx: Context) => {
    sessionInput.parse(ctx.request.body);
    const session = await checkout.startCardPayment(orderIdOf(ctx), commandContext(ctx, clock), { placedOrderIds: placedOrderIds(ctx) });
    ctx.body = { status: true, clientSecret: session.clientSecret, amount: session.amountPence };
  });

  // Stripe sends neither our CSRF header nor a session: the signature over the raw body is the only credential.
  // It is answered once the outcome is recorded (acting on it follows); the reconciler covers one that never comes.
  router.post(STRIPE_WEBHOOK_PATH, async (ctx: Context) => {
    const body = await rawBody(ctx, WEBHOOK_LIMIT_BYTES);
    try {
      const handled = await checkout.cardWebhook(body, ctx.get('stripe-signature') || undefined, commandContext(ctx, clock));
      ctx.body = { received: true, handled };
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      ctx.status = 400;
      ctx.body = { status: false, message: 'The webhook signature does not hold' };
    }
  });

  return router;
}
