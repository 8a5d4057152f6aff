/** The basket as the server answers it and the web app shows it (customer spec §3 field names). */
export interface CartItem {
  /** The product id. */
  id: number;
  variant_id: number | null;
  /** The variant's name; '' when the line has none. */
  variant: string;
  name: string;
  short_desc: string;
  /** Base price in pence; the unit price adds `incremental_price`. */
  price: number;
  incremental_price: number;
  quantity: number;
  stock: number;
  in_basket: number;
  available: number;
  image: string | null;
  virtual: boolean;
  /** The basket's hold ran out (untouched too long): its units went back to stock. */
  released: boolean;
}

export interface CartView {
  cartId: string | null;
  userId: string | null;
  cartItems: CartItem[];
  order_extra: string;
}
