import type { KitchenStatus } from './order';

/**
 * One past order on the customer's account page (issue 33): the spec's order summary entity (§3), every field,
 * with the order's id (its live status) and when it was placed. `itemsSummary` is plain text, never HTML.
 */
export interface AccountOrderSummary {
  id: string;
  placed_at: string;
  ref: string;
  status: KitchenStatus;
  completed_at: string | null;
  display_amount: string;
  numItems: number;
  payment_method: string;
  full_name: string;
  address_1: string;
  address_2: string;
  address_3: string;
  town_city: string;
  postcode: string;
  itemsSummary: string;
  formatted_postage: string;
}

/** How many past orders one page of the account page shows, newest first. */
export const ACCOUNT_ORDERS_PAGE_SIZE = 10;

export interface AccountOrdersAnswer {
  status: true;
  orders: AccountOrderSummary[];
  page: number;
  hasMore: boolean;
}

/** What the account's orders answer a staff login (which has no orders of its own there). */
export const STAFF_HAVE_NO_ORDERS = 'Staff logins have no orders of their own: sign in with a customer account';

/** An order's status in the customer's words, on its summary line (the steps themselves are the order progress). */
export const ACCOUNT_STATUS_WORDS: Record<KitchenStatus, string> = {
  'AWAITING-PAYMENT': 'Awaiting payment',
  SCHEDULED: 'Booked',
  NEW: 'Paid',
  PRINTED: 'Being cooked',
  NOTIFIED: 'Ready',
  COMPLETE: 'Complete',
  CANCELLED: 'Cancelled',
};

/**
 * One dish of a past order as it could be ordered again (issue 33's reorder): `nowPence` is what a unit costs
 * now, or null when the kitchen no longer offers it. The web app adds the offered ones through the basket's own
 * route, one unit at a time, so stock, the basket's caps and a closed shop refuse as they always do.
 */
export interface ReorderLine {
  productId: number;
  variantId: number | null;
  name: string;
  quantity: number;
  wasPence: number;
  nowPence: number | null;
}

export interface ReorderAnswer {
  status: true;
  lines: ReorderLine[];
}

export const NO_SUCH_OWN_ORDER = 'That is not one of your orders';
