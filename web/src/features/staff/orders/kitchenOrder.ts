export type OrderStatus = 'AWAITING-PAYMENT' | 'NEW' | 'PRINTED' | 'NOTIFIED' | 'COMPLETE';

export interface OrderItem {
  product_id: number;
  quantity: number;
  /** Unit price in pence. */
  price: number;
  name: string;
}

/** A placed order as GET /api/todaysOrders and GET /api/fetchOrder/{id} answer it (projections/orders/queries.ts). */
export interface KitchenOrderAnswer {
  id: string;
  ref: string;
  status: OrderStatus;
  full_name: string;
  email: string;
  phone_number: string;
  address_1: string;
  address_2: string;
  address_3: string;
  town_city: string;
  postcode: string;
  delivery_info: string;
  extra_info: string;
  payment_method: string | null;
  ta_method: string | null;
  postage: number | null;
  items_total: number;
  total_cost: number;
  /** When the order was placed (ISO). */
  updated_at: string | null;
  paid_at: string | null;
  due_by: string | null;
  /** Seconds until due, on the server's clock when it answered. */
  remaining: number | null;
  notified_at: string | null;
  printed_copies: number;
  completed_at: string | null;
  order_items: OrderItem[];
}

/**
 * An order on the live screen. `dueAt` is the due time on this device's clock, and `serverClockAhead` how far the
 * server's clock is ahead of this device's (both known from `remaining` once an order has a due time), so that
 * countdowns and alarms do not depend on the device's clock being right.
 */
export interface LiveOrder extends KitchenOrderAnswer {
  dueAt: number | null;
  serverClockAhead: number | null;
}

export function toLiveOrder(answer: KitchenOrderAnswer): LiveOrder {
  const now = Date.now();
  const dueAt = answer.remaining === null ? null : now + answer.remaining * 1000;
  const serverClockAhead = dueAt === null || answer.due_by === null ? null : Date.parse(answer.due_by) - dueAt;
  return { ...answer, dueAt, serverClockAhead };
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
