/**
 * A payment provider as the payment module needs it (issue 17; PayPal, issue 36). Two adapters: Stripe's
 * PaymentIntents for cards (stripe-gateway.ts) and PayPal's Orders v2 (paypal-gateway.ts); tests and the demo
 * shop point each at its local fake (src/fake-stripe, src/fake-paypal). An "intent" is the provider's payment
 * for one attempt: a PaymentIntent, or a PayPal order. Amounts are in pence; the provider's word is the only one
 * that ever marks anything paid.
 */
export const PAYMENT_PROVIDERS = ['stripe', 'paypal'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export type CardIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  /** Approved by the payer, the money not yet taken: the shop captures it (PayPal's APPROVED order). */
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface CardIntent {
  id: string;
  /** Given to the browser's card form only; never logged. */
  clientSecret: string;
  amountPence: number;
  status: CardIntentStatus;
  /** From the intent's metadata: the order and the attempt it was created for. */
  orderId: string | null;
  attempt: number | null;
  /** The provider's message for the last failed try (a declined card), if any. */
  failureMessage: string | null;
}

export interface CardRefund {
  id: string;
  /** 'succeeded', 'pending' (the provider confirms later, by webhook), 'failed' or 'canceled'. */
  status: string;
  /** The intent whose money it gives back. */
  intentId: string | null;
  /** From the refund's metadata: the order and its refund number (0 for the shop's own whole refund). */
  orderId: string | null;
  refundNo: number | null;
  /** The provider's reason when it failed ('expired_or_canceled_card', say). */
  failureReason: string | null;
}

/** A verified webhook: which intent or refund it is about. Its payload is never acted on: both are retrieved again. */
export interface CardWebhookEvent {
  /** The provider's event id: webhooks are deduplicated by it. */
  id: string;
  type: string;
  intentId: string | null;
  refundId: string | null;
}

/** A webhook request's header, by its lower-case name. */
export type WebhookHeader = (name: string) => string | undefined;

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface CardGateway {
  /** Idempotent per order and attempt: asking twice gives the same intent. */
  createIntent(input: { orderId: string; attempt: number; amountPence: number; description: string; reference: string }): Promise<CardIntent>;
  retrieveIntent(intentId: string): Promise<CardIntent>;
  /** Takes the money of an intent the payer approved (`requires_capture`); idempotent per intent. */
  captureIntent(intentId: string): Promise<CardIntent>;
  cancelIntent(intentId: string): Promise<CardIntent>;
  /** Gives back `amountPence` of the intent's money; idempotent per `key`: a repeat is the first refund. */
  refund(intentId: string, refund: { amountPence: number; key: string; orderId: string; refundNo: number }): Promise<CardRefund>;
  retrieveRefund(refundId: string): Promise<CardRefund>;
  /** Checks a webhook's signature over its raw body; rejects with WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, header: WebhookHeader): Promise<CardWebhookEvent>;
}
