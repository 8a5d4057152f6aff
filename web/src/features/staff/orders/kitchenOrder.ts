import type { KitchenOrder, KitchenOrderItem, KitchenStatus } from '../../../../../src/shared/order';

/** One type for server and web: src/shared/order.ts. */
export type OrderStatus = KitchenStatus;
export type OrderItem = KitchenOrderItem;
export type KitchenOrderAnswer = KitchenOrder;

/**
 * An order on the live screen. `dueAt` is the due time on this device's clock, and `serverClockAhead` how far the
 * server's clock is ahead of this device's (both known from `remaining` once an order has a due time), so that
 * countdowns and alarms do not depend on the device's clock being right.
 */
export interface LiveOrder extends KitchenOrderAnswer {
  dueAt: number | null;
  serverClockAhead: number | null;
  /** When an order awaiting payment lapses, on this screen's clock. */
  lapsesAt: number | null;
}

export function toLiveOrder(answer: KitchenOrderAnswer): LiveOrder {
  const now = Date.now();
  const dueAt = answer.remaining === null ? null : now + answer.remaining * 1000;
  const serverClockAhead = dueAt === null || answer.due_by === null ? null : Date.parse(answer.due_by) - dueAt;
  const lapsesAt = answer.lapse_remaining === null ? null : now + answer.lapse_remaining * 1000;
  return { ...answer, dueAt, serverClockAhead, lapsesAt };
}

/**
 * Whether the screen keeps the order it shows over an answer about it: the answer is older (a fetch another
 * overtook). Equal versions take the answer: it is what the server holds, over a status changed here ahead of it.
 */
export const isOlderThanShown = (shown: Pick<LiveOrder, 'version'> | undefined, answer: Pick<LiveOrder, 'version'>): boolean =>
  shown !== undefined && shown.version > answer.version;

/**
 * Today's list as fetched, merged with the one shown: an order whose shown copy is newer keeps it, and an order
 * the list lacks stays when the screen heard of it after the list was asked for (the list was older than it).
 */
export function listKeepingNewer(shown: readonly LiveOrder[], fetched: LiveOrder[], heardSinceAsked: (id: string) => boolean): LiveOrder[] {
  const byId = new Map(shown.map((order) => [order.id, order]));
  const inList = new Set(fetched.map((order) => order.id));
  const heardLater = shown.filter((order) => !inList.has(order.id) && heardSinceAsked(order.id));
  return [
    ...heardLater,
    ...fetched.map((order) => {
      const held = byId.get(order.id);
      return held && isOlderThanShown(held, order) ? held : order;
    }),
  ];
}

export const isDelivery = (order: KitchenOrderAnswer) => order.ta_method === 'DELIVER';

export function itemCount(order: KitchenOrderAnswer): number {
  return order.order_items.reduce((count, item) => count + item.quantity, 0);
}

/** Staff spec §4: an order loaded with notified_at set is treated as notified. */
export const wasNotified = (order: KitchenOrderAnswer) => order.notified_at !== null;

export function addressLines(order: KitchenOrderAnswer): string[] {
  return [order.address_1, order.address_2, order.address_3, order.town_city, order.postcode, order.delivery_info].filter(Boolean);
}
