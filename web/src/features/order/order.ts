export type TakeawayMethod = 'COLLECT' | 'DELIVER';

/** 'checkout' until paid for or placed; other statuses may come later. */
export type OrderStatus = 'checkout' | 'AWAITING-PAYMENT' | 'NEW' | (string & {});

export interface OrderItem {
  id: number;
  variant_id: number | null;
  name: string;
  variant: string;
  /** Unit price in pence. */
  price: number;
  quantity: number;
  virtual: boolean;
}

/** An order as POST /api/fetchOrder answers it (spec §3). Money is integer pence. */
export interface Order {
  id: string;
  ref: string;
  status: OrderStatus;
  email: string;
  full_name: string;
  address_1: string;
  address_2: string;
  address_3: string;
  town_city: string;
  postcode: string;
  phone_number: string;
  delivery_info: string;
  extra_info: string;
  user_id: string | null;
  ta_method: TakeawayMethod | null;
  /** Null until a method is chosen; negative is the collect discount. */
  postage: number | null;
  items_total: number;
  voucher_deduction: number;
  total_cost: number;
  payment_method: string | null;
  items: OrderItem[];
}

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
}

/** POST /api/updateOrder takes exactly one of these. */
export type OrderUpdate =
  | { ta_method: TakeawayMethod; postage: number; total_cost: number; postcode: string | null }
  | { deliveryForm: DeliveryDetails }
  | { payment_method: 'PHONE'; status: 'AWAITING-PAYMENT' };

export type PaymentMethod = 'phone' | 'card' | 'paypal';

export function isPlaced(order: Order): boolean {
  return order.status === 'AWAITING-PAYMENT' || order.status === 'NEW';
}

export function isAllVirtual(order: Order): boolean {
  return order.items.length > 0 && order.items.every((item) => item.virtual);
}

/**
 * Spec §4/§5: the address is needed when delivering — the chosen method in takeaway mode, or anything
 * not virtual otherwise (the rule the server applies before payment).
 */
export function needsAddress(order: Order, isTakeaway: boolean): boolean {
  return isTakeaway ? order.ta_method === 'DELIVER' : !isAllVirtual(order);
}

/** The summary's postage line, or null when there is none to show. */
export function postageLine(order: Order): { label: string; pence: number } | null {
  if (order.postage === null || isAllVirtual(order)) return null;
  if (order.postage < 0) return { label: 'Collect Discount', pence: order.postage };
  if (order.ta_method === 'COLLECT') return null;
  return { label: 'Delivery Charge', pence: order.postage };
}
