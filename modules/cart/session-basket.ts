import type { Context } from 'koa';
import { isAllVirtual, itemsTotalPence } from '../../src/shared/order';
import type { Basket } from './basket';

/** The cart this session holds, if any. */
export function cartIdOf(ctx: Context): string | undefined {
  const cartId = ctx.session?.cartId;
  return typeof cartId === 'string' ? cartId : undefined;
}

export interface BasketTotals {
  itemsTotalPence: number;
  allVirtual: boolean;
  empty: boolean;
}

/** Items total and whether everything is virtual, for the basket in this session: what postage is worked out on. */
export async function sessionBasketTotals(basket: Basket, ctx: Context): Promise<BasketTotals> {
  const cart = await basket.view(cartIdOf(ctx), null);
  const lines = cart.cartItems.filter((item) => !item.released && item.quantity > 0);
  return {
    itemsTotalPence: itemsTotalPence(lines.map((item) => ({ unitPricePence: item.price + item.incremental_price, quantity: item.quantity }))),
    allVirtual: isAllVirtual(lines),
    empty: lines.length === 0,
  };
}
