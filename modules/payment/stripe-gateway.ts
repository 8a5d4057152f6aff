import type Stripe from 'stripe';
import type { CardGateway, CardIntent, CardIntentStatus, CardRefund } from './card-gateway';
import { WebhookSignatureError } from './card-gateway';
import { declineText } from '../../src/shared/payment-texts';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin than Stripe's: the local fake in tests and the demo shop (`http://127.0.0.1:12111`). */
  apiUrl?: string;
}

/** Where the SDK sends its requests: Stripe itself, or the given origin. */
function hostOptions(apiUrl: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  return { host: url.hostname, port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)), protocol: url.protocol === 'https:' ? 'https' : 'http' };
}

function intentOf(intent: Stripe.PaymentIntent): CardIntent {
  const attempt = Number(intent.metadata?.attempt);
  return {
    id: intent.id,
    clientSecret: intent.client_secret ?? '',
    amountPence: intent.amount,
    status: intent.status as CardIntentStatus,
    orderId: intent.metadata?.orderId ?? null,
    attempt: Number.isInteger(attempt) ? attempt : null,
    failureMessage: intent.last_payment_error ? declineText(intent.last_payment_error) : null,
  };
}

function refundOf(refund: Stripe.Refund): CardRefund {
  const refundNo = Number(refund.metadata?.refundNo);
  return {
    id: refund.id,
    status: refund.status ?? 'pending',
    intentId: typeof refund.payment_intent === 'string' ? refund.payment_intent : (refund.payment_intent?.id ?? null),
    orderId: refund.metadata?.orderId ?? null,
    refundNo: Number.isInteger(refundNo) ? refundNo : null,
    failureReason: refund.failure_reason ?? null,
  };
}

/** The CardGateway on Stripe's PaymentIntents, through the official SDK. */
export function stripeGateway(options: StripeGatewayOptions): CardGateway {
  // Loaded when a shop takes cards, not whenever this module loads: the SDK is a large module tree, and most
  // starts (every test shop without cards) never use it.
  const StripeSdk = require('stripe') as typeof Stripe;
  const stripe = new StripeSdk(options.secretKey, { ...hostOptions(options.apiUrl), maxNetworkRetries: 2, timeout: 20_000 });
  return {
    async createIntent({ orderId, attempt, amountPence, description }) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: amountPence,
          currency: 'gbp',
          description,
          // Cards only (Apple Pay and Google Pay are cards): methods that redirect away or settle days later would
          // outlive the order's card attempt, and their money would only come back as a refund.
          allowed_payment_method_types: ['card'],
          metadata: { orderId, attempt: String(attempt) },
        },
        { idempotencyKey: `order-${orderId}-attempt-${attempt}` },
      );
      return intentOf(intent);
    },
    async retrieveIntent(intentId) {
      return intentOf(await stripe.paymentIntents.retrieve(intentId));
    },
    // The shop's intents capture on confirmation, so none waits at requires_capture; for the port's sake only.
    async captureIntent(intentId) {
      return intentOf(await stripe.paymentIntents.capture(intentId));
    },
    async cancelIntent(intentId) {
      return intentOf(await stripe.paymentIntents.cancel(intentId));
    },
    async refund(intentId, { amountPence, key, orderId, refundNo }) {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: intentId, amount: amountPence, metadata: { orderId, refundNo: String(refundNo) } },
          { idempotencyKey: key },
        );
        return refundOf(refund);
      } catch (error) {
        // Stripe refused the refund itself (refunded already from its dashboard, say): asking again would change
        // nothing, so it is a failed refund staff must see, not an outage to retry.
        if (!(error instanceof StripeSdk.errors.StripeInvalidRequestError)) throw error;
        return { id: `refused-${key}`, status: 'failed', intentId, orderId, refundNo, failureReason: error.code ?? 'refused' };
      }
    },
    async retrieveRefund(refundId) {
      return refundOf(await stripe.refunds.retrieve(refundId));
    },
    async verifyWebhook(rawBody, header) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, header('stripe-signature') ?? '', options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'bad signature');
      }
      const object = event.data.object as { object?: string; id?: string };
      return {
        id: event.id,
        type: event.type,
        intentId: object.object === 'payment_intent' ? (object.id ?? null) : null,
        refundId: object.object === 'refund' ? (object.id ?? null) : null,
      };
    },
  };
}
