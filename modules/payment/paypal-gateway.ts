import type { CardGateway, CardIntent, CardIntentStatus, CardRefund, CardWebhookEvent } from './card-gateway';
import { WebhookSignatureError } from './card-gateway';
import { createPayPalClient, PayPalError, type PayPalClientOptions } from './paypal-client';

export type PayPalGatewayOptions = PayPalClientOptions & {
  /** The id PayPal gave the webhook registered for the shop: verify-webhook-signature checks events against it. */
  webhookId: string;
};

/** What the customer hears when PayPal declines the money (the payer's funding source refused). */
export const PAYPAL_DECLINED = 'PayPal could not take the money from the account or card you chose';

interface Money {
  currency_code: string;
  value: string;
}
interface PayPalCapture {
  id: string;
  status: string;
  amount?: Money;
}
/** A PayPal order (Orders v2), as far as the shop reads it. */
export interface PayPalOrder {
  id: string;
  status: string;
  purchase_units?: Array<{ custom_id?: string; amount?: Money; payments?: { captures?: PayPalCapture[] } }>;
}
interface PayPalRefund {
  id: string;
  status: string;
  custom_id?: string;
  status_details?: { reason?: string };
}

/** Pence as PayPal writes an amount in pounds ("12.34"), and back; exact, never through floating point. */
export const poundsOf = (pence: number) => `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
export function penceOf(value: string | undefined): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value ?? '');
  return match ? Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0')) : 0;
}

/** The order's `custom_id`: the shop's order and attempt, as Stripe's metadata carries them. */
const customIdOf = (orderId: string, attempt: number) => `${orderId}:${attempt}`;
/** A refund's `custom_id`: the shop's order, its refund number, and the PayPal order whose capture it gives back. */
const refundCustomIdOf = (orderId: string, refundNo: number, intentId: string) => `${orderId}:${refundNo}:${intentId}`;

function statusOf(order: PayPalOrder, capture: PayPalCapture | undefined): CardIntentStatus {
  if (capture) {
    if (['COMPLETED', 'REFUNDED', 'PARTIALLY_REFUNDED'].includes(capture.status)) return 'succeeded';
    if (capture.status === 'PENDING') return 'processing';
    return 'requires_payment_method'; // DECLINED or FAILED
  }
  if (order.status === 'APPROVED') return 'requires_capture';
  if (order.status === 'VOIDED') return 'canceled';
  if (order.status === 'COMPLETED') return 'succeeded';
  return 'requires_payment_method'; // CREATED, SAVED, PAYER_ACTION_REQUIRED: the payer has not approved yet
}

export function intentOfOrder(order: PayPalOrder): CardIntent {
  const unit = order.purchase_units?.[0];
  const captures = unit?.payments?.captures ?? [];
  const capture = captures[captures.length - 1];
  const status = statusOf(order, capture);
  const [orderId, attempt] = (unit?.custom_id ?? '').split(':');
  const attemptNo = Number(attempt);
  return {
    id: order.id,
    // What PayPal's buttons need to approve it: the order's id.
    clientSecret: order.id,
    amountPence: penceOf(capture?.amount?.value ?? unit?.amount?.value),
    status,
    orderId: orderId || null,
    attempt: Number.isInteger(attemptNo) && attemptNo > 0 ? attemptNo : null,
    failureMessage: capture && status === 'requires_payment_method' ? PAYPAL_DECLINED : null,
  };
}

function refundOf(refund: PayPalRefund): CardRefund {
  const [orderId, refundNo, intentId] = (refund.custom_id ?? '').split(':');
  const number = Number(refundNo);
  const status = ({ COMPLETED: 'succeeded', PENDING: 'pending', FAILED: 'failed', CANCELLED: 'canceled' } as Record<string, string>)[refund.status] ?? 'pending';
  return {
    id: refund.id,
    status,
    intentId: intentId || null,
    orderId: orderId || null,
    refundNo: refundNo !== undefined && Number.isInteger(number) ? number : null,
    failureReason: status === 'failed' ? (refund.status_details?.reason ?? 'refused') : null,
  };
}

/** The webhook's own headers, which PayPal's verify-webhook-signature call checks the event against. */
const SIGNATURE_HEADERS = ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time'] as const;

/** Which intent or refund an event names: a capture's order, an order, or a refund. */
function idsOf(event: { event_type?: string; resource_type?: string; resource?: Record<string, unknown> }): Pick<CardWebhookEvent, 'intentId' | 'refundId'> {
  const resource = event.resource ?? {};
  const id = typeof resource.id === 'string' ? resource.id : null;
  if (event.resource_type === 'refund') return { intentId: null, refundId: id };
  if (event.resource_type === 'capture') {
    const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids?.order_id;
    return { intentId: typeof related === 'string' ? related : null, refundId: null };
  }
  if (event.resource_type === 'checkout-order') return { intentId: id, refundId: null };
  return { intentId: null, refundId: null };
}

/**
 * The payment port on PayPal's Orders v2 REST API (issue 36), called with `fetch` (paypal-client.ts) at a
 * configurable base URL: PayPal's current server SDK hard-wires PayPal's hosts. A PayPal order is the attempt's
 * intent: created with intent CAPTURE for the server's total, approved by the payer in PayPal's buttons, captured
 * by the shop's server.
 */
export function paypalGateway(options: PayPalGatewayOptions): CardGateway {
  const paypal = createPayPalClient(options);
  const getOrder = async (id: string) => intentOfOrder(await paypal.call<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(id)}`));

  return {
    async createIntent({ orderId, attempt, amountPence, description, reference }) {
      const order = await paypal.call<PayPalOrder>('POST', '/v2/checkout/orders', {
        requestId: `order-${orderId}-attempt-${attempt}`,
        body: {
          intent: 'CAPTURE',
          purchase_units: [{
            reference_id: 'default',
            description,
            custom_id: customIdOf(orderId, attempt),
            // PayPal refuses an invoice id it has seen: one per attempt.
            invoice_id: `${reference}-${attempt}`,
            amount: { currency_code: 'GBP', value: poundsOf(amountPence) },
          }],
          // The shop has no shipping step at PayPal: the address is the order's own.
          payment_source: { paypal: { experience_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' } } },
        },
      });
      return intentOfOrder(order);
    },

    retrieveIntent: getOrder,

    async captureIntent(intentId) {
      try {
        return intentOfOrder(await paypal.call<PayPalOrder>('POST', `/v2/checkout/orders/${encodeURIComponent(intentId)}/capture`, { requestId: `capture-${intentId}`, body: {} }));
      } catch (error) {
        // Captured already, not approved, or declined with 422: the order as PayPal holds it now says which.
        if (error instanceof PayPalError && error.status === 422) return getOrder(intentId);
        throw error;
      }
    },

    /**
     * PayPal cannot void an order made to capture: an uncaptured one simply expires. The shop never captures an
     * attempt it ended (payments.ts captures only for the attempt the order waits for), so an uncaptured order is
     * as good as cancelled; one whose money was taken is answered as it is.
     */
    async cancelIntent(intentId) {
      const intent = await getOrder(intentId);
      return intent.status === 'succeeded' || intent.status === 'processing' ? intent : { ...intent, status: 'canceled' };
    },

    async refund(intentId, { amountPence, key, orderId, refundNo }) {
      const order = await paypal.call<PayPalOrder>('GET', `/v2/checkout/orders/${encodeURIComponent(intentId)}`);
      const capture = order.purchase_units?.[0]?.payments?.captures?.find((one) => one.status === 'COMPLETED' || one.status === 'PARTIALLY_REFUNDED');
      if (!capture) return { id: `refused-${key}`, status: 'failed', intentId, orderId, refundNo, failureReason: 'not_captured' };
      try {
        const refund = await paypal.call<PayPalRefund>('POST', `/v2/payments/captures/${encodeURIComponent(capture.id)}/refund`, {
          requestId: key,
          body: { amount: { currency_code: 'GBP', value: poundsOf(amountPence) }, custom_id: refundCustomIdOf(orderId, refundNo, intentId) },
        });
        return refundOf(refund);
      } catch (error) {
        // PayPal refused the refund itself (refunded already from its dashboard, say): a failed refund staff see.
        if (!(error instanceof PayPalError) || error.status !== 422) throw error;
        return { id: `refused-${key}`, status: 'failed', intentId, orderId, refundNo, failureReason: error.issue ?? 'refused' };
      }
    },

    async retrieveRefund(refundId) {
      return refundOf(await paypal.call<PayPalRefund>('GET', `/v2/payments/refunds/${encodeURIComponent(refundId)}`));
    },

    async verifyWebhook(rawBody, header) {
      const [authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime] = SIGNATURE_HEADERS.map((name) => header(name));
      if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) throw new WebhookSignatureError('PayPal signature headers missing');
      let event: { id?: unknown; event_type?: unknown; resource_type?: string; resource?: Record<string, unknown> };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        throw new WebhookSignatureError('not a PayPal event');
      }
      const verified = await paypal.call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
        body: {
          auth_algo: authAlgo, cert_url: certUrl, transmission_id: transmissionId, transmission_sig: transmissionSig, transmission_time: transmissionTime,
          webhook_id: options.webhookId, webhook_event: event,
        },
      });
      if (verified.verification_status !== 'SUCCESS') throw new WebhookSignatureError('PayPal did not verify this webhook');
      return { id: String(event.id ?? ''), type: String(event.event_type ?? ''), ...idsOf({ ...event, event_type: String(event.event_type ?? '') }) };
    },
  };
}
