import { itemsTotalPence } from '../../../../src/shared/order';
import type { Cart, CartItem } from './cartApi';

/** Released lines hold no units any more: they count as quantity 0. */
export function heldQuantity(item: CartItem): number {
  return item.released ? 0 : item.quantity;
}

export function unitPrice(item: CartItem): number {
  return item.price + item.incremental_price;
}

export function linePrice(item: CartItem): number {
  return unitPrice(item) * heldQuantity(item);
}

export function totalItems(cart: Cart): number {
  return cart.cartItems.reduce((total, item) => total + heldQuantity(item), 0);
}

export function totalPrice(cart: Cart): number {
  return itemsTotalPence(cart.cartItems.map((item) => ({ unitPricePence: unitPrice(item), quantity: heldQuantity(item) })));
}

/** Spec §4: a row hides at quantity 0, unless it is a released line the shopper should see. */
export function visibleLines(cart: Cart): CartItem[] {
  return cart.cartItems.filter((item) => item.released || item.quantity > 0);
}

/** No rows to show. A cart of released lines only is not empty, though it holds nothing. */
export function isCartEmpty(cart: Cart | undefined): boolean {
  return !cart || visibleLines(cart).length === 0;
}

/** Nothing to check out: no units held. */
export function holdsNothing(cart: Cart | undefined): boolean {
  return !cart || totalItems(cart) === 0;
}

export function findLine(cart: Cart | undefined, productId: number, variantId: number | null): CartItem | undefined {
  return cart?.cartItems.find((item) => item.id === productId && item.variant_id === variantId);
}

/** Changes whenever what the basket holds changes; drives the header pulse. */
export function cartSignature(cart: Cart): string {
  return cart.cartItems.map((item) => `${item.id}:${item.variant_id}:${heldQuantity(item)}`).join('|');
}
