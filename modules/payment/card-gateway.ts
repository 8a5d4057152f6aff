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
  status: string;
}

export interface CardWebhookEvent {
  /** The provider's event id: webhooks are deduplicated by it. */
  id: string;
  type: string;
  /** The intent the event is about, as the event carried it (retrieve it again before acting on it). */
  intent: CardIntent | null;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export interface CardGateway {
  /** Idempotent per order and attempt: asking twice gives the same intent. */
  createIntent(input: { orderId: string; attempt: number; amountPence: number; description: string }): Promise<CardIntent>;
  retrieveIntent(intentId: string): Promise<CardIntent>;
  cancelIntent(intentId: string): Promise<CardIntent>;
  /** Idempotent per intent: a second refund of the same payment is the first one. */
  refund(intentId: string): Promise<CardRefund>;
  /** Checks the signature of a webhook's raw body; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): CardWebhookEvent;
}
