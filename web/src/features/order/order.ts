import { isAllVirtual as allVirtual, needsAddress as addressNeeded, type OrderView, type OrderViewItem, type TakeawayMethod } from '../../../../src/shared/order';

/** One type for server and web: src/shared/order.ts. */
export type { TakeawayMethod };
export type OrderItem = OrderViewItem;
export type Order = OrderView;

/** The details the delivery form sends (POST /api/updateOrder `{ deliveryForm }`). */
export interface DeliveryDetails {
  email: string;
  full_name: string;
  address_1: string;
  address_2: string;
  address_3: string;
  town_city: string;
  postcode: string;
  phone_number: string;
  delivery_info: string;
  /** 'Allergies or dietary needs' (issue 27), optional. */
  allergy_info: string;
}

/** POST /api/updateOrder takes exactly one of these. */
export type OrderUpdate =
  | { ta_method: TakeawayMethod; postage: number; total_cost: number; postcode: string | null }
  | { deliveryForm: DeliveryDetails }
  | { payment_method: 'PHONE'; status: 'AWAITING-PAYMENT' };

export type PaymentMethod = 'phone' | 'card' | 'paypal';

/** Spec §7 POST /complete-order. The server decides the order's status itself; status and message are informative. */
export interface PaymentCompletion {
  payment_method: 'PHONE';
  status: 'AWAITING-PAYMENT';
  message: string;
}

/** Placed: out of checkout, whatever the kitchen has done with it since (paid, printed, ... or cancelled). */
export function isPlaced(order: Order): boolean {
  return order.status !== 'checkout';
}

export function isAllVirtual(order: Order): boolean {
  return allVirtual(order.items);
}

/** Spec §4/§5: the address is needed when delivering (the rule the server applies before payment). */
export function needsAddress(order: Order, isTakeaway: boolean): boolean {
  return addressNeeded({ takeaway: isTakeaway, method: order.ta_method, items: order.items });
}

/** Spec §2/§3: the summary's postage line (no postage yet counts as 0), or null for an all-virtual order. */
export function postageLine(order: Order): { label: string; pence: number } | null {
  if (isAllVirtual(order)) return null;
  const pence = order.postage ?? 0;
  return { label: pence < 0 ? 'Collect Discount' : 'Delivery Charge', pence };
}
