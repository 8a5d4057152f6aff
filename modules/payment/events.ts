import { z } from 'zod';

export const REFUND_REASONS = ['attempt_cancelled', 'already_paid', 'amount_changed'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** A card attempt began: the intent was created for the order's total at that moment. */
export const PaymentStarted = z.object({
  type: z.literal('PaymentStarted'),
  data: z.object({ orderId: z.uuid(), attempt: z.number().int().positive(), intentId: z.string(), amountPence: z.number().int().positive(), startedAt: z.iso.datetime() }),
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
  data: z.object({ orderId: z.uuid(), attempt: z.number().int().positive(), intentId: z.string(), at: z.iso.datetime() }),
});
/** Money arrived that no food will follow: it must go back (the refund is sent by the payment process). */
export const RefundDue = z.object({
  type: z.literal('RefundDue'),
  data: z.object({ orderId: z.uuid(), attempt: z.number().int().positive(), intentId: z.string(), amountPence: z.number().int(), reason: z.enum(REFUND_REASONS), at: z.iso.datetime() }),
});
export const PaymentRefunded = z.object({
  type: z.literal('PaymentRefunded'),
  data: z.object({ orderId: z.uuid(), attempt: z.number().int().positive(), intentId: z.string(), refundId: z.string(), at: z.iso.datetime() }),
});

export type PaymentStarted = z.infer<typeof PaymentStarted>;
export type PaymentSucceeded = z.infer<typeof PaymentSucceeded>;
export type PaymentFailed = z.infer<typeof PaymentFailed>;
export type PaymentCancelled = z.infer<typeof PaymentCancelled>;
export type RefundDue = z.infer<typeof RefundDue>;
export type PaymentRefunded = z.infer<typeof PaymentRefunded>;
export type PaymentEvent = PaymentStarted | PaymentSucceeded | PaymentFailed | PaymentCancelled | RefundDue | PaymentRefunded;

export const PAYMENT_EVENT_SCHEMAS = { PaymentStarted, PaymentSucceeded, PaymentFailed, PaymentCancelled, RefundDue, PaymentRefunded } satisfies Record<PaymentEvent['type'], z.ZodType>;
export const PAYMENT_EVENT_TYPES = Object.keys(PAYMENT_EVENT_SCHEMAS) as PaymentEvent['type'][];

/** One stream per order: every card attempt of it, so "paid once" is decided in one place. */
export const paymentStream = (orderId: string) => `payment-${orderId}`;
