import { linkIsValid, signLink } from '../../../src/http/signed-links';
import { PAGE_PATHS } from '../../../src/shared/page-head';
import { STATUS_LINK_HOURS } from '../../../src/shared/order-progress';

/** The order's status page (issue 31); its link's signature covers this path, so the order id cannot be changed. */
export const orderStatusPath = (orderId: string) => PAGE_PATHS.orderStatus.replace(':id', orderId);

/**
 * The confirmation mail's link to the order's status page: signed with the shop's link key, good for
 * STATUS_LINK_HOURS from `from` (the order's placing), built on the shop's public origin.
 */
export function orderStatusLink(origin: string, orderId: string, key: string, from: string): string {
  const expiresAt = new Date(Date.parse(from) + STATUS_LINK_HOURS * 3600_000);
  return origin + signLink(orderStatusPath(orderId), key, expiresAt);
}

/** Whether a status page's query (its `expires` and `signature`) is the shop's own, for this order, and unexpired at `now`. */
export function statusLinkHolds(orderId: string, query: Record<string, unknown>, key: string, now: Date): boolean {
  return linkIsValid(orderStatusPath(orderId), query, key, now);
}
