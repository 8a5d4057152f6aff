/** The store's status (staff spec §2) and the rules both the server and the web app apply to it. */
export const STORE_STATUSES = ['open', 'busy', 'slammed', 'closed'] as const;
export type StoreStatus = (typeof STORE_STATUSES)[number];

/** A stored `order_status` as a status, or null for anything else. */
export function storeStatusOf(value: unknown): StoreStatus | null {
  return STORE_STATUSES.find((status) => status === value) ?? null;
}

/** Spec §4: the title of every add button while takeaway ordering is closed. */
export const CLOSED_TITLE = "Sorry, we're closed & not taking orders right now";
/** What a refused add or checkout answers, and the basket page's notice. */
export const CLOSED_REFUSAL = `${CLOSED_TITLE}. Please try again when we're next open`;
/** The dialog that sends a customer home from the basket or checkout page. */
export const CLOSED_NOTICE = `${CLOSED_REFUSAL}.`;
/** The customer banner while closed. */
export const CLOSED_BANNER = "CLOSED - we're not taking orders right now";

/** Spec §4 "Ordering block": a closed store refuses adding and checking out, in takeaway mode only. */
export function isOrderingClosed(store: { isTakeaway: boolean; orderStatus: string }): boolean {
  return store.isTakeaway && store.orderStatus === 'closed';
}

export type DeliveryMinutesKey = 'open_delivery_minutes' | 'busy_delivery_minutes' | 'slammed_delivery_minutes';

/** The setting holding the minutes from payment to ready for a status; a closed store quotes the open minutes. */
export function deliveryMinutesKey(status: StoreStatus): DeliveryMinutesKey {
  return status === 'closed' ? 'open_delivery_minutes' : `${status}_delivery_minutes`;
}

/** Minutes from payment until an order is ready, for the store's status. */
export function deliveryMinutesFor(status: StoreStatus, minutes: Record<DeliveryMinutesKey, number>): number {
  return minutes[deliveryMinutesKey(status)];
}

/** An order paid at `paidAt` is due this many minutes later: the minutes of the store's status at that moment. */
export function dueByFrom(paidAt: string, status: StoreStatus, minutes: Record<DeliveryMinutesKey, number>): string {
  return new Date(Date.parse(paidAt) + deliveryMinutesFor(status, minutes) * 60_000).toISOString();
}

/**
 * Staff spec §2/§9: the closing notice the banner shows and the store clock announces, 15 minutes or less before
 * closing; null outside that window.
 */
export function closingNotice(secondsLeft: number): { message: string; mins: number } | null {
  if (secondsLeft <= 0 || secondsLeft > 15 * 60) return null;
  const mins = Math.ceil(secondsLeft / 60);
  if (secondsLeft < 60) return { message: '--- Closing in less than a minute ---', mins: 0 };
  return { message: mins === 1 ? '--- Closing in approx. 1 minute ---' : `--- Closing in approx. ${mins} minutes ---`, mins };
}

/** What the customer banner shows (customer spec §2): the status's text, the status, and the closing notice while not closed. */
export interface StoreBanner {
  text: string;
  state: StoreStatus | null;
  closingNotice: string | null;
}

/**
 * The banner from `/store-status`'s text, the stored `order_status` and `/api/minsToCloseTime`'s seconds: the
 * browser's from those three answers, the server's first screen from the same readings.
 */
export function storeBanner(text: string, orderStatus: unknown, secondsToClose: number): StoreBanner {
  const state = storeStatusOf(orderStatus);
  return { text, state, closingNotice: state === 'closed' ? null : (closingNotice(secondsToClose)?.message ?? null) };
}
