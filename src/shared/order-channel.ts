/**
 * The checkout's private live channel (issue 17, spec §7 `/broadcasting/auth`), server and web alike: its name in
 * the Laravel/Pusher style. What it carries is in the live contract (live-contract.ts, `order`).
 */
const PREFIX = 'private-order.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const orderChannelName = (orderId: string) => `${PREFIX}${orderId}`;

/** The order id a channel name names, or undefined when it is not an order's private channel. */
export function orderIdOfChannel(name: string): string | undefined {
  const orderId = name.startsWith(PREFIX) ? name.slice(PREFIX.length) : '';
  return UUID.test(orderId) ? orderId.toLowerCase() : undefined;
}
