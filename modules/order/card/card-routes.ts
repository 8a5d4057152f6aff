import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../../src/core/clock';
import { commandContext } from '../../../src/http/command-context';
import { rawBody } from '../../../src/http/json-body';
import { orderChannelName, orderIdOfChannel } from '../../../src/shared/order-channel';
import { singleLineText } from '../../../src/shared/text';
import { WebhookSignatureError, type PaymentProvider } from '../../payment';
import type { Checkout } from '../checkout/checkout';
import { orderIdOf, placedOrderIds } from '../checkout/routes';

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';
export const PAYPAL_WEBHOOK_PATH = '/api/webhooks/paypal';
/** The providers' events are a few KiB; a body past this is not one. */
const WEBHOOK_LIMIT_BYTES = 256 * 1024;

// Spec §7: unique_id and production come from the browser; the server takes the order from the session and the
// mode from its configuration, so both are accepted and ignored.
const sessionInput = z.strictObject({
  unique_id: singleLineText({ max: 100 }).optional(),
  production: z.union([z.boolean(), singleLineText({ max: 10 })]).optional(),
});

export const NOT_YOUR_ORDER = 'This session may follow only its own order';

/**
 * The card checkout's private live channel (/events/order): `/broadcasting/auth` (src/live/auth-routes.ts) signs a
 * token for the session's own order only.
 */
export const orderChannelAuthoriser = {
  pattern: orderChannelName('{order id}'),
  owns: (name: string) => orderIdOfChannel(name) !== undefined,
  refusal: (ctx: Context, name: string) => (orderIdOf(ctx) === orderIdOfChannel(name) ? undefined : NOT_YOUR_ORDER),
};

/**
 * Card payments' routes (issue 17): the card form's session, and the provider's webhook. Completing a card order
 * is `/complete-order` with the intent's id (routes.ts).
 */
export function cardRoutes(deps: { checkout: Checkout; clock: Clock }) {
  const { checkout, clock } = deps;
  const router = new Router();

  router.post('/api/createCheckoutSession', async (ctx: Context) => {
    sessionInput.parse(ctx.request.body);
    const session = await checkout.startCardPayment(orderIdOf(ctx), commandContext(ctx, clock), { placedOrderIds: placedOrderIds(ctx) });
    ctx.body = { status: true, clientSecret: session.clientSecret, amount: session.amountPence };
  });

  // PayPal's create order (issue 36): the same placing sequence as the card's session; the buttons approve the id.
  router.post('/api/paypal/create-order', async (ctx: Context) => {
    sessionInput.parse(ctx.request.body);
    const session = await checkout.startCardPayment(orderIdOf(ctx), commandContext(ctx, clock), { placedOrderIds: placedOrderIds(ctx) }, 'PAYPAL');
    ctx.body = { status: true, id: session.clientSecret, amount: session.amountPence };
  });

  // The providers send neither our CSRF header nor a session: the signature is the only credential (Stripe's over
  // the raw body; PayPal's checked by PayPal's verify-webhook-signature call). Answered once the outcome is
  // recorded (acting on it follows); the reconciler covers one that never comes.
  const webhook = (provider: PaymentProvider) => async (ctx: Context) => {
    const body = await rawBody(ctx, WEBHOOK_LIMIT_BYTES);
    try {
      const handled = await checkout.cardWebhook(provider, body, (name) => ctx.get(name) || undefined, commandContext(ctx, clock));
      ctx.body = { received: true, handled };
    } catch (error) {
      if (!(error instanceof WebhookSignatureError)) throw error;
      ctx.status = 400;
      ctx.body = { status: false, message: 'The webhook signature does not hold' };
    }
  };
  router.post(STRIPE_WEBHOOK_PATH, webhook('stripe'));
  router.post(PAYPAL_WEBHOOK_PATH, webhook('paypal'));

  return router;
}
