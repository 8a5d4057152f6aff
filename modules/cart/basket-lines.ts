/** A basket's line: the units of one dish it holds, until when. */
export interface CartLineRow {
  productId: number;
  variantId: number | null;
  quantity: number;
  holdUntil: Date;
}

export interface CartRow {
  cartId: string;
  userId: string | null;
  note: string;
}

/**
 * The cart module's query port on baskets as the carts read model holds them (projections/carts/queries.ts
 * implements it; the composition root hands it in).
 */
export interface StoredBaskets {
  find(cartId: string): Promise<CartRow | null>;
  /** The basket's lines in the order they were first added. */
  lines(cartId: string): Promise<CartLineRow[]>;
  /** The units these baskets hold together at `now`, per dish (holds that ran out left aside). */
  heldIn(cartIds: readonly string[], now: Date): Promise<HeldUnits[]>;
}

/** Units of one dish (a product and its option) held in some baskets. */
export interface HeldUnits {
  productId: number;
  variantId: number | null;
  quantity: number;
}
