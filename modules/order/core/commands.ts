import type { StoreStatus } from '../../../src/shared/store-status';
import type { DeliveryMinutesKey } from '../../../src/shared/store-status';
import type { DomainErrorKind } from '../../../src/core/errors';
import type { CardAttemptEndReason, DeliveryDetails, OrderPaymentMethod, OrderPlaced, ProviderPaymentMethod, StaffRefundReason, TakeawayMethod } from './events';

/** A dish of the order, by product and variant. */
export interface DishRef {
  productId: number;
  variantId: number | null;
}

/**
 * What the shop offers at the moment of the command, read by the handler from the settings and the catalogue:
 * the decider decides with these facts and reads nothing itself.
 */
export interface ShopFacts {
  /** The store takes orders now (not closed in takeaway mode). */
  storeOpen: boolean;
  /** The payment methods the shop offers (setting payment_methods, lower case). */
  paymentMethods: readonly string[];
}

/** The postage the chosen method costs now, or why it cannot be had now (delivery switched off, say). */
export type QuotedPostage = { pence: number } | { refused: { kind: DomainErrorKind; message: string } };

export type PlaceOrder = {
  type: 'PlaceOrder';
  data: OrderPlaced['data'];
  shop: ShopFacts;
  /** The shop's word for the basket (setting cart_label), for 'Cart is Empty'. */
  cartLabel: string;
  /** The dishes of the basket the kitchen no longer offers (taken off, or out of stock on the menu). */
  notOffered: DishRef[];
};
export type ChooseTakeawayMethod = {
  type: 'ChooseTakeawayMethod';
  orderId: string;
  method: TakeawayMethod;
  /** The postcode the customer chose delivery for, if the web app said. */
  askedPostcode: string | null;
  /** The last checked postcode and its distance, from the signed cookie the delivery module keeps. */
  checked: { postcode: string; miles: number } | null;
  /** What the method costs this order now, as the delivery module computes it. */
  postage: QuotedPostage;
  storeOpen: boolean;
  /** The postage and total the customer was shown: they must be the server's. */
  shown: { postagePence: number; totalPence: number };
};
export type GiveDeliveryDetails = { type: 'GiveDeliveryDetails'; orderId: string; details: DeliveryDetails };
export type ChoosePaymentMethod = { type: 'ChoosePaymentMethod'; orderId: string; method: OrderPaymentMethod; paymentMethods: readonly string[] };
/**
 * For a phone order, which waits for payment: how long it may wait, and the orders awaiting payment the
 * customer already has (counted by the handler from the orders read model).
 */
export interface UnpaidFacts {
  lapseMinutes: number;
  /** Orders awaiting payment one phone number, one email or one session may have at once. */
  maxPerCustomer: number;
  waiting: UnpaidWaiting;
}
export interface UnpaidWaiting {
  phone: number;
  email: number;
  session: number;
}

export type SubmitOrder = {
  type: 'SubmitOrder';
  orderId: string;
  paymentMethod: OrderPaymentMethod;
  /** Takeaway mode (setting is_takeaway): a method must be chosen. */
  takeaway: boolean;
  shop: ShopFacts;
  notOffered: DishRef[];
  /** What the chosen method costs now; null outside takeaway mode or before a method is chosen. */
  postageNow: QuotedPostage | null;
  unpaid: UnpaidFacts;
  /**
   * Whether the basket is still as it was saved as this order: false once it was reopened on the basket page
   * (in another tab, say) and not saved again (issue 13, "two tabs").
   */
  basketAsSaved: boolean;
  /** The trading day the order counts in: its slot's for an order for later, else `now`'s (the store module's tradingDayOf). */
  tradingDay: string;
  now: string;
  /** The slots within the hours now (issue 37), full or not: a slot the order booked must be one of them. */
  slots?: readonly string[];
  /** The kitchen window place the placing sequence took for the order (issue 37); absent or null while no cap is set. */
  window?: string | null;
};
/** The customer chooses when the order is for (issue 37): null for as soon as possible, or one of the slots offered with room now. */
export type ChooseOrderTime = {
  type: 'ChooseOrderTime';
  orderId: string;
  scheduledFor: string | null;
  /** The slots within the hours now, and those of them with room (the read model's count under the cap). */
  slots: readonly string[];
  bookable: readonly string[];
  storeOpen: boolean;
};
/** Sent by the scheduled-release process at an order's releaseAt: it comes to the kitchen as NEW. */
export type ReleaseScheduledOrder = { type: 'ReleaseScheduledOrder'; orderId: string; now: string };
/** A voucher the voucher module accepted for this order now (its terms, so totals follow the order). */
export type ApplyVoucher = { type: 'ApplyVoucher'; orderId: string; voucher: import('./state').AppliedVoucher };
export type RemoveVoucher = { type: 'RemoveVoucher'; orderId: string };

export type MarkPaid = {
  type: 'MarkPaid';
  orderId: string;
  now: string;
  /** The store's status when the payment is taken, and the minutes from payment to ready for each status. */
  storeStatus: StoreStatus;
  deliveryMinutes: Record<DeliveryMinutesKey, number>;
  /** Setting scheduled_lead_minutes: an order for later comes to the kitchen this long before its slot (issue 37). */
  leadMinutes?: number;
};
export type PrintOrder = { type: 'PrintOrder'; orderId: string; now: string; via: 'browser' | 'bluetooth' | 'marked' };
export type NotifyCustomer = { type: 'NotifyCustomer'; orderId: string; now: string };
export type CompleteOrder = { type: 'CompleteOrder'; orderId: string; now: string };
export type CancelUnpaidOrder = { type: 'CancelUnpaidOrder'; orderId: string; now: string };
/** Sent by the unpaid-lapse process when an order's lapseAt comes. */
export type LapseUnpaidOrder = { type: 'LapseUnpaidOrder'; orderId: string; now: string };

/**
 * Pay by card pressed (issue 17): every check of SubmitOrder, with the same facts, before the units are sold and
 * the order frozen for the attempt.
 */
export type StartCardAttempt = {
  type: 'StartCardAttempt';
  orderId: string;
  /** Which provider pays: a card (Stripe) or PayPal (issue 36); the order's payment method becomes it. */
  method: ProviderPaymentMethod;
  submit: Omit<SubmitOrder, 'type' | 'paymentMethod'>;
  /** Settings card_reconcile_minutes and card_lapse_minutes. */
  reconcileMinutes: number;
  lapseMinutes: number;
};
/**
 * The provider confirmed the money for an attempt: the order is placed and paid at once, as a phone order marked
 * paid. The store's status and minutes give its due time; an attempt started before closing is honoured.
 */
export type PlaceCardOrder = {
  type: 'PlaceCardOrder';
  orderId: string;
  attempt: number;
  paidPence: number;
  now: string;
  storeStatus: StoreStatus;
  deliveryMinutes: Record<DeliveryMinutesKey, number>;
  tradingDay: string;
  /** Setting scheduled_lead_minutes (issue 37). */
  leadMinutes?: number;
};
export type EndCardAttempt = { type: 'EndCardAttempt'; orderId: string; attempt: number; reason: CardAttemptEndReason; now: string };

/** Staff give money back (issue 35): whole lines of the order (their indexes in its items), or an amount. */
export type RefundOrder = {
  type: 'RefundOrder';
  orderId: string;
  /** The request's own key: the same key again is the same refund, made once. */
  requestId: string;
  part: { lines: number[] } | { amountPence: number };
  reason: StaffRefundReason;
  note: string;
  /** A card order's money given back another way (cash at the counter): the card is not refunded. */
  byHand?: boolean;
  now: string;
  /** The store's trading day now (tradingDayOf): the takings the refund comes off. */
  tradingDay: string;
};

/** The card's provider refused a staff refund (the payment module's RefundFailed). */
export type RecordRefundFailed = { type: 'RecordRefundFailed'; orderId: string; refundNo: number; now: string };

/** A guest's placed order joins the account its address was confirmed for (issue 33). */
export type JoinToAccount = { type: 'JoinToAccount'; orderId: string; userId: string };

export type OrderCommand =
  | ChooseOrderTime
  | ReleaseScheduledOrder
  | JoinToAccount
  | RefundOrder
  | RecordRefundFailed
  | StartCardAttempt
  | PlaceCardOrder
  | EndCardAttempt

  | PlaceOrder
  | ChooseTakeawayMethod
  | GiveDeliveryDetails
  | ChoosePaymentMethod
  | SubmitOrder
  | ApplyVoucher
  | RemoveVoucher
  | MarkPaid
  | PrintOrder
  | NotifyCustomer
  | CompleteOrder
  | CancelUnpaidOrder
  | LapseUnpaidOrder;
