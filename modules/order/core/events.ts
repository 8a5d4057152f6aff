import { z } from 'zod';
import { londonDate } from '../../../src/shared/london-time';
import { STAFF_REFUND_REASONS, type StaffRefundReason } from '../../../src/shared/order';
import { ERASED, guestOrderSubject, type PersonalDataDeclarations } from '../../../src/personal-data';

export const orderItemSchema = z.object({
  productId: z.number().int().positive(),
  variantId: z.number().int().positive().nullable(),
  name: z.string(),
  variantName: z.string(),
  unitPricePence: z.number().int(),
  quantity: z.number().int().positive(),
  virtual: z.boolean(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const TAKEAWAY_METHODS = ['COLLECT', 'DELIVER'] as const;
export type TakeawayMethod = (typeof TAKEAWAY_METHODS)[number];
export const ORDER_PAYMENT_METHODS = ['PHONE', 'CARD', 'PAYPAL'] as const;
/** The methods a provider's money pays, through one attempt at a time (card: Stripe, issue 17; PayPal, issue 36). */
export const PROVIDER_PAYMENT_METHODS = ['CARD', 'PAYPAL'] as const;
export type ProviderPaymentMethod = (typeof PROVIDER_PAYMENT_METHODS)[number];
export type OrderPaymentMethod = (typeof ORDER_PAYMENT_METHODS)[number];

export const deliveryDetailsSchema = z.object({
  email: z.string(),
  fullName: z.string(),
  address1: z.string(),
  address2: z.string(),
  address3: z.string(),
  townCity: z.string(),
  postcode: z.string(),
  phone: z.string(),
  deliveryInfo: z.string(),
  /** 'Allergies or dietary needs' (issue 27), possibly health data: sealed with the rest, erased like the address. */
  allergyInfo: z.string(),
});
export type DeliveryDetails = z.infer<typeof deliveryDetailsSchema>;

/** The basket frozen into an order: names and prices as the catalogue had them at that moment. */
export const OrderPlaced = z.object({
  type: z.literal('OrderPlaced'),
  data: z.object({
    orderId: z.string().uuid(),
    cartId: z.string().uuid(),
    userId: z.string().uuid().nullable(),
    email: z.string().nullable(),
    items: z.array(orderItemSchema),
    itemsTotalPence: z.number().int(),
    note: z.string(),
  }),
});
/** The basket was saved again before paying (the customer went back and changed it). */
export const OrderItemsRefreshed = z.object({
  type: z.literal('OrderItemsRefreshed'),
  data: z.object({ orderId: z.string().uuid(), items: z.array(orderItemSchema), itemsTotalPence: z.number().int(), note: z.string() }),
});
export const TakeawayMethodChosen = z.object({
  type: z.literal('TakeawayMethodChosen'),
  data: z.object({
    orderId: z.string().uuid(),
    method: z.enum(TAKEAWAY_METHODS),
    postcode: z.string().nullable(),
    miles: z.number().nullable(),
    postagePence: z.number().int(),
  }),
});
export const DeliveryDetailsGiven = z.object({
  type: z.literal('DeliveryDetailsGiven'),
  data: deliveryDetailsSchema.extend({ orderId: z.string().uuid() }),
});
export const PaymentMethodChosen = z.object({
  type: z.literal('PaymentMethodChosen'),
  data: z.object({ orderId: z.string().uuid(), method: z.enum(ORDER_PAYMENT_METHODS) }),
});
/** The customer finished: AWAITING-PAYMENT for pay by phone (not prepared until paid), NEW once paid. */
export const OrderSubmitted = z.object({
  type: z.literal('OrderSubmitted'),
  data: z.object({
    orderId: z.string().uuid(),
    paymentMethod: z.enum(ORDER_PAYMENT_METHODS),
    status: z.enum(['AWAITING-PAYMENT', 'NEW']),
    itemsTotalPence: z.number().int(),
    postagePence: z.number().int(),
    voucherDeductionPence: z.number().int(),
    totalPence: z.number().int(),
    submittedAt: z.string(),
    /** When an order awaiting payment lapses if nobody pays it; absent in orders placed before lapses existed. */
    lapseAt: z.string().nullable().optional(),
    /** The trading day the order counts in ('YYYY-MM-DD', the store's tradingDayOf at submission). */
    tradingDay: z.iso.date(),
    /** The card attempt whose payment placed the order (issue 17); absent for other methods. */
    cardAttempt: z.number().int().positive().optional(),
    /** The slot the customer booked (issue 37); null or absent (every order before it): as soon as possible. */
    scheduledFor: z.iso.datetime().nullable().optional(),
    /** The 15-minute kitchen window the order holds a place in; null or absent while no cap is set. */
    window: z.iso.datetime().nullable().optional(),
  }),
});

/** The customer chose when the order is for (issue 37): a slot, or null for as soon as possible. */
export const OrderTimeChosen = z.object({
  type: z.literal('OrderTimeChosen'),
  data: z.object({ orderId: z.string().uuid(), scheduledFor: z.iso.datetime().nullable() }),
});

/** An order for later comes to the kitchen as NEW (issue 37): its slot less the preparation lead has come. */
export const OrderReleased = z.object({
  type: z.literal('OrderReleased'),
  data: z.object({ orderId: z.string().uuid(), releasedAt: z.iso.datetime() }),
});

/**
 * The customer pressed Pay by card (issue 17): the basket's units are sold to the order, which is frozen (no method,
 * voucher or basket change) until the provider answers for this attempt, for this amount.
 */
export const CardAttemptStarted = z.object({
  type: z.literal('CardAttemptStarted'),
  data: z.object({
    orderId: z.string().uuid(),
    attempt: z.number().int().positive(),
    amountPence: z.number().int().positive(),
    startedAt: z.string(),
    /** When the shop asks the provider itself, should no answer have come (a lost webhook, a closed tab). */
    reconcileAt: z.string(),
    /** When the attempt is cancelled at the provider if it is still open, and the units go back into the basket. */
    lapseAt: z.string(),
    /** The kitchen window place the attempt holds (issue 37); absent or null while no cap is set. */
    window: z.iso.datetime().nullable().optional(),
  }),
});
/**
 * The attempt ended without money: the card was declined, the customer cancelled it (another method, back to the
 * basket), it lapsed, or the provider could not be reached. The order is in checkout again.
 */
export const CARD_ATTEMPT_END_REASONS = ['failed', 'cancelled', 'lapsed', 'unavailable'] as const;
export const CardAttemptEnded = z.object({
  type: z.literal('CardAttemptEnded'),
  data: z.object({ orderId: z.string().uuid(), attempt: z.number().int().positive(), reason: z.enum(CARD_ATTEMPT_END_REASONS), endedAt: z.string() }),
});

/** A voucher the voucher module accepted for this order: its terms travel with it, so totals follow the order. */
export const VoucherApplied = z.object({
  type: z.literal('VoucherApplied'),
  data: z.object({
    orderId: z.string().uuid(),
    voucherId: z.string().uuid(),
    code: z.string(),
    description: z.string(),
    benefit: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('percent'), percent: z.number().int() }),
      z.object({ kind: z.literal('fixed'), pence: z.number().int() }),
      z.object({ kind: z.literal('free_delivery') }),
    ]),
  }),
});
export const VoucherRemoved = z.object({
  type: z.literal('VoucherRemoved'),
  data: z.object({ orderId: z.string().uuid(), voucherId: z.string().uuid() }),
});

/** Staff took the phone payment (or the card payment succeeded): cook it, due by dueBy. */
export const OrderPaid = z.object({
  type: z.literal('OrderPaid'),
  data: z.object({
    orderId: z.string().uuid(),
    paidAt: z.string(),
    dueBy: z.string(),
    /** An order for later (issue 37) waits as SCHEDULED until this moment (its slot less the lead); absent: NEW at once. */
    releaseAt: z.iso.datetime().optional(),
  }),
});
/** A ticket was printed; copy 2 and later are reprints, marked DUPLICATE on the ticket. */
export const OrderPrinted = z.object({
  type: z.literal('OrderPrinted'),
  data: z.object({ orderId: z.string().uuid(), printedAt: z.string(), copy: z.number().int().positive(), via: z.enum(['browser', 'bluetooth', 'marked']) }),
});
export const CustomerNotified = z.object({
  type: z.literal('CustomerNotified'),
  data: z.object({ orderId: z.string().uuid(), notifiedAt: z.string() }),
});
export const OrderCompleted = z.object({
  type: z.literal('OrderCompleted'),
  data: z.object({ orderId: z.string().uuid(), completedAt: z.string() }),
});

/**
 * A phone order nobody paid for is not cooked, and its dishes go back on the shelf: staff cancelled it
 * (`unpaid`), or it lapsed at its `lapseAt` (`lapsed`).
 */
export const CANCEL_REASONS = ['unpaid', 'lapsed'] as const;
export const OrderCancelled = z.object({
  type: z.literal('OrderCancelled'),
  data: z.object({ orderId: z.string().uuid(), cancelledAt: z.string(), reason: z.enum(CANCEL_REASONS) }),
});

export { STAFF_REFUND_REASONS, type StaffRefundReason };
/**
 * Staff gave money back for a paid order, whole or in part (issue 35): by lines (their indexes in the order's items)
 * or by an amount. `restocked`: the lines' units went back on the menu, because the ticket was not printed yet (the
 * dishes were never cooked). `byHand`: a phone order's money, handed back by staff, not through the card provider.
 * `full`: nothing is left to refund after it. The note is staff's own words and is sealed like the order's note.
 */
export const OrderRefunded = z.object({
  type: z.literal('OrderRefunded'),
  data: z.object({
    orderId: z.string().uuid(),
    refundNo: z.number().int().positive(),
    /** The staff screen's key for this refund: a repeat of the request (a double click, a resend) is this refund. */
    requestId: z.uuid(),
    amountPence: z.number().int().positive(),
    lines: z.array(z.number().int().nonnegative()),
    restocked: z.boolean(),
    byHand: z.boolean(),
    full: z.boolean(),
    reason: z.enum(STAFF_REFUND_REASONS),
    note: z.string(),
    refundedAt: z.iso.datetime(),
    /** The trading day whose takings the refund comes off (the store's day when it was made, not the order's). */
    tradingDay: z.iso.date(),
  }),
});

/**
 * The card's provider could not give a staff refund's money back (the card was closed, say): the amount and
 * its lines may be refunded again, by card or by hand, and it no longer comes off the day's takings.
 */
export const OrderRefundFailed = z.object({
  type: z.literal('OrderRefundFailed'),
  data: z.object({
    orderId: z.string().uuid(),
    refundNo: z.number().int().positive(),
    amountPence: z.number().int().positive(),
    /** How the order stands once this refund counts for nothing (core/refunds.ts `refundStandingOf`). */
    standing: z.enum(['NONE', 'PART', 'FULL']),
    failedAt: z.iso.datetime(),
  }),
});

/**
 * A guest's placed order joins the account of the same address (issue 33), once that address is confirmed as
 * the account's: found through the keyed email hash, never by plaintext. It then belongs to the account.
 */
export const OrderJoinedToAccount = z.object({
  type: z.literal('OrderJoinedToAccount'),
  data: z.object({ orderId: z.string().uuid(), userId: z.string().uuid() }),
});

export type OrderPlaced = z.infer<typeof OrderPlaced>;
export type OrderJoinedToAccount = z.infer<typeof OrderJoinedToAccount>;
export type OrderRefundFailed = z.infer<typeof OrderRefundFailed>;
export type OrderRefunded = z.infer<typeof OrderRefunded>;
export type OrderCancelled = z.infer<typeof OrderCancelled>;
export type CancelReason = (typeof CANCEL_REASONS)[number];
export type OrderPaid = z.infer<typeof OrderPaid>;
export type OrderTimeChosen = z.infer<typeof OrderTimeChosen>;
export type OrderReleased = z.infer<typeof OrderReleased>;
export type OrderPrinted = z.infer<typeof OrderPrinted>;
export type CustomerNotified = z.infer<typeof CustomerNotified>;
export type OrderCompleted = z.infer<typeof OrderCompleted>;
export type OrderItemsRefreshed = z.infer<typeof OrderItemsRefreshed>;
export type TakeawayMethodChosen = z.infer<typeof TakeawayMethodChosen>;
export type DeliveryDetailsGiven = z.infer<typeof DeliveryDetailsGiven>;
export type PaymentMethodChosen = z.infer<typeof PaymentMethodChosen>;
export type OrderSubmitted = z.infer<typeof OrderSubmitted>;
export type VoucherApplied = z.infer<typeof VoucherApplied>;
export type VoucherRemoved = z.infer<typeof VoucherRemoved>;
export type CardAttemptStarted = z.infer<typeof CardAttemptStarted>;
export type CardAttemptEnded = z.infer<typeof CardAttemptEnded>;
export type CardAttemptEndReason = (typeof CARD_ATTEMPT_END_REASONS)[number];

export type OrderEvent =
  | OrderPlaced
  | OrderItemsRefreshed
  | TakeawayMethodChosen
  | DeliveryDetailsGiven
  | PaymentMethodChosen
  | OrderSubmitted
  | VoucherApplied
  | VoucherRemoved
  | CardAttemptStarted
  | CardAttemptEnded
  | OrderPaid
  | OrderPrinted
  | CustomerNotified
  | OrderCompleted
  | OrderCancelled
  | OrderRefunded
  | OrderRefundFailed
  | OrderJoinedToAccount
  | OrderTimeChosen
  | OrderReleased;

export const ORDER_EVENT_TYPES = [
  'OrderPlaced',
  'OrderItemsRefreshed',
  'TakeawayMethodChosen',
  'DeliveryDetailsGiven',
  'PaymentMethodChosen',
  'OrderSubmitted',
  'VoucherApplied',
  'VoucherRemoved',
  'CardAttemptStarted',
  'CardAttemptEnded',
  'OrderPaid',
  'OrderPrinted',
  'CustomerNotified',
  'OrderCompleted',
  'OrderCancelled',
  'OrderRefunded',
  'OrderRefundFailed',
  'OrderJoinedToAccount',
  'OrderTimeChosen',
  'OrderReleased',
] as const;

export const orderStream = (orderId: string) => `order-${orderId}`;

/** Every event type's schema: appends are parsed against it (outside production). */
export const ORDER_EVENT_SCHEMAS = { OrderPlaced, OrderItemsRefreshed, TakeawayMethodChosen, DeliveryDetailsGiven, PaymentMethodChosen, OrderSubmitted, VoucherApplied, VoucherRemoved, CardAttemptStarted, CardAttemptEnded, OrderPaid, OrderPrinted, CustomerNotified, OrderCompleted, OrderCancelled, OrderRefunded, OrderRefundFailed, OrderJoinedToAccount, OrderTimeChosen, OrderReleased } satisfies Record<(typeof ORDER_EVENT_TYPES)[number], z.ZodType>;

/**
 * Upcaster: orders submitted before trading days were decided at submission (issue 14 item 7) count in the
 * London date of their submission, as the read model counted them then, so a replay gives the same days.
 */
export function upcastOrderSubmitted(event: { type: string; data: unknown }): { type: string; data: unknown } {
  const data = event.data as Omit<OrderSubmitted['data'], 'tradingDay'> & { tradingDay?: string };
  if (data.tradingDay) return event;
  return { type: event.type, data: { ...data, tradingDay: londonDate(data.submittedAt) } };
}

/** Upcaster: details given before the checkout asked about allergies (issue 27) told none. */
export function upcastDeliveryDetailsGiven(event: { type: string; data: unknown }): { type: string; data: unknown } {
  const data = event.data as Omit<DeliveryDetailsGiven['data'], 'allergyInfo'> & { allergyInfo?: string };
  return data.allergyInfo !== undefined ? event : { type: event.type, data: { ...data, allergyInfo: '' } };
}

/** The order module's upcasters, one per changed event type. */
export const ORDER_UPCASTERS = { OrderSubmitted: upcastOrderSubmitted, DeliveryDetailsGiven: upcastDeliveryDetailsGiven };

const orderSubject = (data: Record<string, unknown>) => guestOrderSubject(String(data.orderId));
/**
 * The personal fields of the order's events, sealed in the store under the order's own key (every order has
 * one, a registered customer's too, so one order can be erased alone). Money, dishes, times, ids, the method,
 * the distance and the postage stay readable.
 */
export const ORDER_PERSONAL_DATA = {
  OrderPlaced: { erasedAs: { email: ERASED, note: ERASED }, subject: orderSubject, lookups: (data) => ({ email: data.email as string | null }) },
  OrderItemsRefreshed: { erasedAs: { note: ERASED }, subject: orderSubject },
  OrderRefunded: { erasedAs: { note: ERASED }, subject: orderSubject },
  TakeawayMethodChosen: { erasedAs: { postcode: ERASED }, subject: orderSubject },
  DeliveryDetailsGiven: {
    erasedAs: Object.fromEntries(Object.keys(deliveryDetailsSchema.shape).map((field) => [field, ERASED])),
    subject: orderSubject,
    lookups: (data) => ({ email: String(data.email), phone: String(data.phone) }),
  },
} satisfies PersonalDataDeclarations;
