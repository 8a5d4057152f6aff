/** Orders as the server answers them and the web app reads them. Money is integer pence, times ISO-8601. */

export type TakeawayMethod = 'COLLECT' | 'DELIVER';
export type KitchenStatus = 'AWAITING-PAYMENT' | 'NEW' | 'PRINTED' | 'NOTIFIED' | 'COMPLETE' | 'CANCELLED';

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
  extra_info: string;
  user_id: string | null;
  ta_method: TakeawayMethod | null;
  /** Null until a method is chosen; negative is the collect discount. */
  postage: number | null;
  items_total: number;
  voucher_deduction: number;
  total_cost: number;
  payment_method: 'PHONE' | 'CARD' | 'PAYPAL' | null;
  items: OrderViewItem[];
}

export interface KitchenOrderItem {
  product_id: number;
  quantity: number;
  /** Unit price in pence. */
  price: number;
  name: string;
}

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
  extra_info: string;
  payment_method: string | null;
  ta_method: string | null;
  postage: number | null;
  items_total: number;
  total_cost: number;
  /** When the order was placed. */
  updated_at: string | null;
  paid_at: string | null;
  due_by: string | null;
  /** Seconds until due, on the server's clock when it answered. */
  remaining: number | null;
  notified_at: string | null;
  printed_copies: number;
  completed_at: string | null;
  order_items: KitchenOrderItem[];
  takeawayorder: { order_status: string; due_by: string | null };
}
