/**
 * The card provider as the payment module needs it (issue 17). Stripe is the production adapter
 * (stripe-gateway.ts); tests and the demo shop point the same adapter at a local fake (src/fake-stripe).
 * Amounts are in pence; the provider's word is the only one that ever marks anything paid.
 */
export type CardIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
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

export interface CardWebhookEvent {
  /** The provider's event id: webhooks are deduplicated by it. */
  id: string;
  type: string;
  /** The intent the event is about, as the event carried it (retrieve it again before acting on it). */
  intent: CardIntent | null;
  /** The refund the event is about (refund.updated, say), as the event carried it: retrieve it again too. */
  refund: CardRefund | null;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface CardGateway {
  /** Idempotent per order and attempt: asking twice gives the same intent. */
  createIntent(input: { orderId: string; attempt: number; amountPence: number; description: string }): Promise<CardIntent>;
  retrieveIntent(intentId: string): Promise<CardIntent>;
  cancelIntent(intentId: string): Promise<CardIntent>;
  /** Gives back `amountPence` of the intent's money; idempotent per `key`: a repeat is the first refund. */
  refund(intentId: string, refund: { amountPence: number; key: string; orderId: string; refundNo: number }): Promise<CardRefund>;
  retrieveRefund(refundId: string): Promise<CardRefund>;
  /** Checks the signature of a webhook's raw body; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): CardWebhookEvent;
}
