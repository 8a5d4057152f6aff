import { z } from 'zod';
import { PAYMENT_PROVIDERS } from './card-gateway';

/** Why money goes back: the first three are the shop's own (money no food will follow); `staff` a refund staff gave. */
export const REFUND_REASONS = ['attempt_cancelled', 'already_paid', 'amount_changed', 'staff'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/**
 * An attempt began: the provider's intent (a PaymentIntent, or a PayPal order) was created for the order's total
 * at that moment. `provider` says whose (upcast: attempts recorded before PayPal, issue 36, were Stripe's).
 */
export const PaymentStarted = z.object({
  type: z.literal('PaymentStarted'),
  data: z.object({
    orderId: z.uuid(), attempt: z.number().int().positive(), intentId: z.string(), amountPence: z.number().int().positive(), startedAt: z.iso.datetime(),
    provider: z.enum(PAYMENT_PROVIDERS),
  }),
});
/** The provider says the money was taken for the attempt the order waits for: the order may be cooked. */
export const PaymentSucceeded = z.object({
  type: z.literal('PaymentSucceeded'),
  data: z.object({ orderId: z.uuid(), attempt: z.number().int().positive(), intentId: z.string(), amountPence: z.number().int(), at: z.iso.datetime() }),
});
/** A try on the attempt failed (a declined card); the customer may try again on it, or choose another method. */
export const PaymentFailed = z.object({
  type: z.literal('PaymentFailed'),
  data: z.object({ orderId: z.uuid(), attempt: z.number().int().positive(), intentId: z.string(), message: z.string(), at: z.iso.datetime() }),
});
/** The attempt ended without money: cancelled by the shop (another method, back to the basket, a lapse) or by the provider. */
export const PaymentCancelled = z.object({
  type: z.literal('PaymentCancelled'),
  /** `provider`: whose attempt (upcast: cancellations recorded before PayPal, issue 36, were Stripe's). */
  data: z.object({ orderId: z.uuid(), attempt: z.number().int().positive(), intentId: z.string(), at: z.iso.datetime(), provider: z.enum(PAYMENT_PROVIDERS) }),
});
/**
 * Money must go back (the refund is sent by the cardRefund process): all of an attempt's money that no food will
 * follow (`refundNo` 0), or a refund staff gave (`refundNo` the order's refund number, issue 35). `key` is the
 * provider's idempotency key for this refund, so a repeat never refunds twice.
 */
export const RefundDue = z.object({
  type: z.literal('RefundDue'),
  data: z.object({
    orderId: z.uuid(), attempt: z.number().int().positive(), intentId: z.string(), amountPence: z.number().int(), reason: z.enum(REFUND_REASONS), at: z.iso.datetime(),
    refundNo: z.number().int().nonnegative(), key: z.string(),
  }),
});
/** The provider confirmed the refund: the money is on its way back to the card. */
export const PaymentRefunded = z.object({
  type: z.literal('PaymentRefunded'),
  data: z.object({ orderId: z.uuid(), attempt: z.number().int().positive(), intentId: z.string(), refundId: z.string(), at: z.iso.datetime(), refundNo: z.number().int().nonnegative() }),
});
/** The provider could not refund (the card closed, say): staff are shown it and give the money back another way. */
export const RefundFailed = z.object({
  type: z.literal('RefundFailed'),
  data: z.object({ orderId: z.uuid(), attempt: z.number().int().positive(), intentId: z.string(), refundId: z.string(), refundNo: z.number().int().nonnegative(), message: z.string(), at: z.iso.datetime() }),
});

/** The provider's idempotency key of a refund: the shop's own whole refunds kept the key they were sent with. */
export const refundKey = (orderId: string, intentId: string, refundNo: number) => (refundNo === 0 ? `refund-${intentId}` : `order-${orderId}-refund-${refundNo}`);

/**
 * Upcasters: attempts recorded before PayPal (issue 36) were Stripe's; refunds recorded before staff refunds
 * (issue 35) were each the whole of an attempt's money, number 0.
 */
export const PAYMENT_UPCASTERS = {
  PaymentStarted(event: { type: string; data: unknown }) {
    const data = event.data as Omit<PaymentStarted['data'], 'provider'> & { provider?: PaymentStarted['data']['provider'] };
    return data.provider !== undefined ? event : { type: event.type, data: { ...data, provider: 'stripe' } };
  },
  PaymentCancelled(event: { type: string; data: unknown }) {
    const data = event.data as Omit<PaymentCancelled['data'], 'provider'> & { provider?: PaymentCancelled['data']['provider'] };
    return data.provider !== undefined ? event : { type: event.type, data: { ...data, provider: 'stripe' } };
  },
  RefundDue(event: { type: string; data: unknown }) {
    const data = event.data as Omit<RefundDue['data'], 'refundNo' | 'key'> & { refundNo?: number };
    return data.refundNo !== undefined ? event : { type: event.type, data: { ...data, refundNo: 0, key: refundKey(data.orderId, data.intentId, 0) } };
  },
  PaymentRefunded(event: { type: string; data: unknown }) {
    const data = event.data as Omit<PaymentRefunded['data'], 'refundNo'> & { refundNo?: number };
    return data.refundNo !== undefined ? event : { type: event.type, data: { ...data, refundNo: 0 } };
  },
};

export type PaymentStarted = z.infer<typeof PaymentStarted>;
export type PaymentSucceeded = z.infer<typeof PaymentSucceeded>;
export type PaymentFailed = z.infer<typeof PaymentFailed>;
export type PaymentCancelled = z.infer<typeof PaymentCancelled>;
export type RefundDue = z.infer<typeof RefundDue>;
export type PaymentRefunded = z.infer<typeof PaymentRefunded>;
export type RefundFailed = z.infer<typeof RefundFailed>;
export type PaymentEvent = PaymentStarted | PaymentSucceeded | PaymentFailed | PaymentCancelled | RefundDue | PaymentRefunded | RefundFailed;

export const PAYMENT_EVENT_SCHEMAS = { PaymentStarted, PaymentSucceeded, PaymentFailed, PaymentCancelled, RefundDue, PaymentRefunded, RefundFailed } satisfies Record<PaymentEvent['type'], z.ZodType>;
export const PAYMENT_EVENT_TYPES = Object.keys(PAYMENT_EVENT_SCHEMAS) as PaymentEvent['type'][];

/** One stream per order: every card attempt of it, so "paid once" is decided in one place. */
export const paymentStream = (orderId: string) => `payment-${orderId}`;
