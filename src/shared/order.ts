/** Orders as the server answers them and the web app reads them. Money is integer pence, times ISO-8601. */

export type TakeawayMethod = 'COLLECT' | 'DELIVER';
/** A placed order's statuses; adding one is a compile error wherever every status must be handled. */
export const KITCHEN_STATUSES = ['AWAITING-PAYMENT', 'SCHEDULED', 'NEW', 'PRINTED', 'NOTIFIED', 'COMPLETE', 'CANCELLED'] as const;
export type KitchenStatus = (typeof KITCHEN_STATUSES)[number];

/**
 * Whether a placed order counts in the day's takings (staff spec §3 'Order Total' tally, and later the reports):
 * paid orders, less cancelled (and, once there are refunds, refunded) ones. A phone order awaiting payment is
 * not money taken: the kitchen screen shows those apart.
 */
export function countsInTally(status: KitchenStatus): boolean {
  switch (status) {
    case 'SCHEDULED': // paid, for later (issue 37): its money is taken, in its slot's trading day
    case 'NEW':
    case 'PRINTED':
    case 'NOTIFIED':
    case 'COMPLETE':
      return true;
    case 'AWAITING-PAYMENT':
    case 'CANCELLED':
      return false;
    default: {
      const never: never = status;
      return never;
    }
  }
}

export interface OrderViewItem {
  id: number;
  variant_id: number | null;
  name: string;
  variant: string;
  /** Unit price in pence. */
  price: number;
  quantity: number;
  virtual: boolean;
}

/** The customer's order (POST /api/fetchOrder, customer spec §3). */
export interface OrderView {
  id: string;
  ref: string;
  /** 'checkout' until it is placed. */
  status: 'checkout' | KitchenStatus;
  email: string;
  full_name: string;
  address_1: string;
  address_2: string;
  address_3: string;
  town_city: string;
  postcode: string;
  /** The postcode whose distance was checked, for a delivery. */
  delivery_postcode: string | null;
  phone_number: string;
  delivery_info: string;
  /** The checkout's optional 'Allergies or dietary needs' (issue 27): personal, erased like the address. */
  allergy_info: string;
  extra_info: string;
  user_id: string | null;
  ta_method: TakeawayMethod | null;
  /** Null until a method is chosen; negative is the collect discount. */
  postage: number | null;
  items_total: number;
  voucher_deduction: number;
  /** The voucher use on the order (customer spec §3 "Voucher use"), or null. */
  voucher: import('./voucher').VoucherUseView | null;
  total_cost: number;
  payment_method: 'PHONE' | 'CARD' | 'PAYPAL' | null;
  items: OrderViewItem[];
  /** For an order awaiting payment: when it lapses if nobody pays (null for older orders and paid ones). */
  lapse_at: string | null;
  /** For a CANCELLED order: cancelled by staff (`unpaid`) or lapsed unpaid (`lapsed`). */
  cancelled_because: 'unpaid' | 'lapsed' | null;
  /** The slot the customer chose (issue 37), or null for as soon as possible. */
  scheduled_for: string | null;
}

export interface KitchenOrderItem {
  product_id: number;
  variant_id: number | null;
  quantity: number;
  /** Unit price in pence. */
  price: number;
  name: string;
  /** A virtual item (a donation) has no allergens to print. */
  virtual: boolean;
}

/** How an order stands for money given back: NONE, PART ("PART REFUNDED") or FULL ("REFUNDED"). */
export const REFUND_STANDINGS = ['NONE', 'PART', 'FULL'] as const;
export type RefundStanding = (typeof REFUND_STANDINGS)[number];
export const REFUND_STANDING_TEXT: Record<RefundStanding, string> = { NONE: '', PART: 'PART REFUNDED', FULL: 'REFUNDED' };

/** Why staff give money back (issue 35): a short list the books and the day's report group by, and its words. */
export const STAFF_REFUND_REASONS = ['wrong_dish', 'late', 'cannot_cook', 'quality', 'customer_asked', 'other'] as const;
export type StaffRefundReason = (typeof STAFF_REFUND_REASONS)[number];
export const STAFF_REFUND_REASON_TEXT: Record<StaffRefundReason, string> = {
  wrong_dish: 'Wrong dish sent',
  late: 'Delivered or ready late',
  cannot_cook: 'The kitchen cannot cook it',
  quality: 'Food not right',
  customer_asked: 'The customer asked',
  other: 'Something else',
};

/** A placed order on the staff screens (GET /api/todaysOrders, GET /api/fetchOrder/{id}, staff spec §3). */
export interface KitchenOrder {
  id: string;
  ref: string;
  status: KitchenStatus;
  full_name: string;
  email: string;
  phone_number: string;
  address_1: string;
  address_2: string;
  address_3: string;
  town_city: string;
  postcode: string;
  delivery_info: string;
  /** 'Allergies or dietary needs' as the customer gave it (issue 27): boxed at the top of the ticket. */
  allergy_info: string;
  extra_info: string;
  payment_method: string | null;
  ta_method: string | null;
  postage: number | null;
  items_total: number;
  total_cost: number;
  /** The voucher the order was placed with (null for none) and what it took off. */
  voucher_code: string | null;
  voucher_deduction: number;
  /** When the order was placed. */
  updated_at: string | null;
  paid_at: string | null;
  due_by: string | null;
  /** Seconds until due, on the server's clock when it answered. */
  remaining: number | null;
  /** For a phone order awaiting payment: when it lapses, and the seconds left on the server's clock. */
  lapse_at: string | null;
  lapse_remaining: number | null;
  notified_at: string | null;
  printed_copies: number;
  /** Grows with every change of the order (migration 073): a screen keeps the newer of two answers. */
  version: number;
  completed_at: string | null;
  order_items: KitchenOrderItem[];
  /** Money staff gave back (issue 35): how much, and whether none, part or all of what was paid. */
  refunded: number;
  refund_standing: RefundStanding;
  /** The lines (indexes in order_items) refunded already: each goes back once. */
  refunded_lines: number[];
  /** What staff may still refund from the shop now (the order module's rule); 0 when none can go back. */
  refundable: number;
  /**
   * Money whose card refund the provider refused since the last refund that went through: not given back, so staff
   * refund it again or by hand (a refund made after it clears it).
   */
  refund_failed: number;
  takeawayorder: { order_status: string; due_by: string | null };
  /** The slot the customer booked (issue 37), or null for as soon as possible. */
  scheduled_for: string | null;
  /** When an order for later came to the kitchen as NEW (its unprinted alarm counts from then), or null. */
  released_at: string | null;
}

/** A line's unit price and quantity: the order's frozen items, or the basket's lines. */
export interface PricedLine {
  unitPricePence: number;
  quantity: number;
}

export function itemsTotalPence(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPricePence * line.quantity, 0);
}

/** Nothing to cook or carry (vouchers, gift cards): no postage, no address. */
export function isAllVirtual(items: ReadonlyArray<{ virtual: boolean }>): boolean {
  return items.length > 0 && items.every((item) => item.virtual);
}

/**
 * Spec §4/§5: the address is needed when delivering: delivery chosen, or outside takeaway mode anything that is
 * not virtual.
 */
export function needsAddress(order: { takeaway: boolean; method: TakeawayMethod | null; items: ReadonlyArray<{ virtual: boolean }> }): boolean {
  return order.method === 'DELIVER' || (!order.takeaway && !isAllVirtual(order.items));
}

/** Final total = items total + postage (negative for the collect discount) - voucher deduction. */
export function orderTotalPence(order: { itemsTotalPence: number; postagePence: number; voucherDeductionPence: number }): number {
  return order.itemsTotalPence + order.postagePence - order.voucherDeductionPence;
}

/** The reference customers and staff quote: the order id's first eight characters, upper case. */
export function orderRef(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
