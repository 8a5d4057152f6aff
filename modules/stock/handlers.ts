import { minutesAfter } from '../../src/core/clock';
import type { CommandContext } from '../../src/core/decider';
import type { CommandHandler } from '../../src/core/handle-command';
import { availableUnits, stockDecider, type BasketFacts, type DishOffer, type StockState, variantKey, isActive } from './decider';
import { stockStream } from './events';

export interface StockFigures {
  id: number;
  variant: number | null;
  stock: number;
  in_basket: number;
  available: number;
}

/** What customers see of one product's (or variant's) stock at `now`. */
export function stockFigures(state: StockState, productId: number, variantId: number | null, now: string): StockFigures {
  const stock = state.units[variantKey(variantId)] ?? 0;
  const available = availableUnits(state, variantId, now);
  return { id: productId, variant: variantId, stock, in_basket: Math.max(0, stock - available), available };
}

export function createStockHandlers(commands: CommandHandler) {
  return {
    setLevel: (productId: number, variantId: number | null, units: number, context: CommandContext) =>
      commands.handle(stockStream(productId), stockDecider, { type: 'SetStockLevel', productId, variantId, units }, context),

    restock: (productId: number, variantId: number | null, units: number, context: CommandContext) =>
      commands.handle(stockStream(productId), stockDecider, { type: 'Restock', productId, variantId, units }, context),

    reserve: (
      productId: number,
      variantId: number | null,
      cartId: string,
      quantity: number,
      holdUntil: string,
      facts: { offer: DishOffer; basket: BasketFacts },
      context: CommandContext,
    ) =>
      commands.handle(
        stockStream(productId),
        stockDecider,
        { type: 'ReserveStock', productId, variantId, cartId, quantity, now: context.now, holdUntil, ...facts },
        context,
      ),

    giveBack: (productId: number, variantId: number | null, cartId: string, quantity: number, context: CommandContext) =>
      commands.handle(
        stockStream(productId),
        stockDecider,
        { type: 'ReturnStock', productId, variantId, cartId, quantity, now: context.now },
        context,
      ),

    renewHolds: (productId: number, cartId: string, holdUntil: string, lifetimeMinutes: number, context: CommandContext) =>
      commands.handle(
        stockStream(productId),
        stockDecider,
        { type: 'RenewHolds', productId, cartId, now: context.now, holdUntil, lifetimeMinutes },
        context,
      ),

    expireHolds: (productId: number, context: CommandContext) =>
      commands.handle(stockStream(productId), stockDecider, { type: 'ExpireHolds', productId, now: context.now }, context),

    sell: (productId: number, variantId: number | null, cartId: string, orderId: string, quantity: number, context: CommandContext) =>
      commands.handle(
        stockStream(productId),
        stockDecider,
        { type: 'SellStock', productId, variantId, cartId, orderId, quantity, now: context.now },
        context,
      ),

    cancelSale: (
      productId: number,
      variantId: number | null,
      orderId: string,
      undo: { orderSold: number | null; basket: { cartId: string; holdUntil: string; reservedAt: string } | null },
      context: CommandContext,
    ) => commands.handle(stockStream(productId), stockDecider, { type: 'CancelSale', productId, variantId, orderId, ...undo }, context),

    current: (productId: number) => commands.load(stockStream(productId), stockDecider),
  };
}

export type StockHandlers = ReturnType<typeof createStockHandlers>;

/** The units this basket holds of one product and variant, at `now`. */
export function heldBy(state: StockState, cartId: string, variantId: number | null, now: string): number {
  const hold = state.holds[`${cartId}|${variantKey(variantId)}`];
  return hold && isActive(hold, now) ? hold.quantity : 0;
}

/** Until when a basket touched at `now` keeps what it holds. */
export function holdUntilAfter(now: string, holdMinutes: number): string {
  return minutesAfter(now, holdMinutes);
}
