import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { StockEvent } from './events';
import { notOfferedMessage } from '../../src/shared/menu';
import { basketCapRefusal, type BasketCaps } from '../../src/shared/basket-caps';
import { addressShareRefusal, type AddressHoldings } from './address-share';

export interface Hold {
  cartId: string;
  variantId: number | null;
  quantity: number;
  holdUntil: string;
  /** When the hold's first unit went in: it lives at most the hold lifetime from here, whatever the renewals. */
  heldSince: string;
}

/** Units on the shelf per variant ('-' for a product without variants) and the baskets holding some of them. */
export interface StockState {
  units: Record<string, number>;
  holds: Record<string, Hold>;
  /**
   * Units sold per order and variant, so selling an order again, or undoing its sale, happens once. Only the
   * latest REMEMBERED_SALES are kept, oldest first out: a popular dish would otherwise carry (and copy on every
   * sale) each sale of its life.
   */
  sold: Record<string, number>;
  /**
   * The sales undone lately, so that undoing one twice (a retry, or the process manager after a crash) gives
   * the units back once even when the sale itself is no longer remembered. The latest REMEMBERED_SALES.
   */
  returned: Record<string, true>;
  /** The par level per variant key, where one is set. */
  par: Record<string, number>;
  /** The last trading day each variant key started with its par level. */
  startedDay: Record<string, string>;
}

/** Far more sales of one dish than can come between placing an order and its retry or cancellation. */
export const REMEMBERED_SALES = 500;

function remember<T>(memory: Record<string, T>, key: string, value: T): Record<string, T> {
  const next = { ...memory, [key]: value };
  const keys = Object.keys(next); // in the order they were remembered
  for (const oldest of keys.slice(0, Math.max(0, keys.length - REMEMBERED_SALES))) delete next[oldest];
  return next;
}

function forget<T>(memory: Record<string, T>, key: string): Record<string, T> {
  if (!(key in memory)) return memory;
  const { [key]: _forgotten, ...rest } = memory;
  return rest;
}

export type StockCommand =
  | { type: 'SetStockLevel'; productId: number; variantId: number | null; units: number }
  | { type: 'Restock'; productId: number; variantId: number | null; units: number }
  | { type: 'SetParLevel'; productId: number; variantId: number | null; parLevel: number | null }
  /** Puts each par level on the shelf for `tradingDay`, once per day: a repeat (a retry, a crash) changes nothing. */
  | { type: 'StartStockDay'; productId: number; tradingDay: string }
  /** `offer`: whether the kitchen offers the dish now (the catalogue's word), and its name to refuse with. */
  | { type: 'ReserveStock'; productId: number; variantId: number | null; cartId: string; quantity: number; now: string; holdUntil: string; offer: DishOffer; basket: BasketFacts }
  | { type: 'ReturnStock'; productId: number; variantId: number | null; cartId: string; quantity: number; now: string }
  /** `lifetimeMinutes`: the setting hold_lifetime_minutes; no hold is renewed past it. */
  | { type: 'RenewHolds'; productId: number; cartId: string; now: string; holdUntil: string; lifetimeMinutes: number }
  | { type: 'ExpireHolds'; productId: number; now: string }
  | { type: 'SellStock'; productId: number; variantId: number | null; cartId: string; orderId: string; quantity: number; now: string }
  /**
   * Undoes an order's sale: the units go back on the shelf, and into `basket` again when one is named.
   * `orderSold` is the order's word on what it sold of this dish: a placed order sold every line, so it says
   * how many even when this stream no longer remembers the sale. Null when only the stock can know (a checkout
   * undoing the part of its sale that went through).
   */
  | { type: 'CancelSale'; productId: number; variantId: number | null; orderId: string; orderSold: number | null; basket: { cartId: string; holdUntil: string; reservedAt: string } | null };

export type DishOffer = { offered: true } | { offered: false; dish: string };

/**
 * What a reservation needs to know of the basket beyond this product's stream: the caps and the hold lifetime
 * (manager settings), the dish's name to refuse with, and the units the basket holds now of every OTHER dish
 * (other products, and other variants of this one). The basket reads them one move at a time (see
 * modules/cart/basket-moves.ts), so they are still true when this decides. `address`: what the baskets of the
 * client address hold (issue 28), absent when the shares are switched off.
 */
export interface BasketFacts {
  caps: BasketCaps;
  lifetimeMinutes: number;
  dish: string;
  heldOfOtherDishes: number;
  address?: AddressHoldings;
}

/** Units of a dish the kitchen does not offer now are not reserved. */
export function assertOffered(offer: DishOffer): void {
  if (!offer.offered) throw new DomainError('conflict', notOfferedMessage(offer.dish));
}

export class OutOfStock extends DomainError {
  constructor(readonly available: number) {
    super('conflict', 'No more stock');
  }
}

export const NOT_IN_BASKET = 'Failed to locate item in cart to reduce qty ';

export const variantKey = (variantId: number | null) => (variantId === null ? '-' : String(variantId));
export const holdKey = (cartId: string, variantId: number | null) => `${cartId}|${variantKey(variantId)}`;
const saleKey = (orderId: string, variantId: number | null) => `${orderId}|${variantKey(variantId)}`;

export const isActive = (hold: Hold, now: string) => Date.parse(hold.holdUntil) > Date.parse(now);

/**
 * Until when a hold that began at `since` is kept when it is asked to last until `wanted`: never past its
 * lifetime, and never shorter than it already is (`current`), even if the manager shortened the lifetime since.
 */
export function holdEnd(since: string, wanted: string, lifetimeMinutes: number, current?: string): string {
  const end = Math.min(Date.parse(wanted), Date.parse(since) + lifetimeMinutes * 60_000);
  return new Date(current === undefined ? end : Math.max(end, Date.parse(current))).toISOString();
}

/** Units not on the shelf for others: every active hold. Never negative, even if the level was lowered. */
export function availableUnits(state: StockState, variantId: number | null, now: string): number {
  const key = variantKey(variantId);
  const held = Object.values(state.holds)
    .filter((hold) => variantKey(hold.variantId) === key && isActive(hold, now))
    .reduce((sum, hold) => sum + hold.quantity, 0);
  return Math.max(0, (state.units[key] ?? 0) - held);
}

export function evolveStock(state: StockState, event: StockEvent): StockState {
  switch (event.type) {
    case 'StockLevelSet':
      return { ...state, units: { ...state.units, [variantKey(event.data.variantId)]: event.data.units } };
    case 'StockReserved': {
      const key = holdKey(event.data.cartId, event.data.variantId);
      const existing = state.holds[key];
      const hold: Hold = {
        cartId: event.data.cartId,
        variantId: event.data.variantId,
        quantity: (existing?.quantity ?? 0) + event.data.quantity,
        holdUntil: event.data.holdUntil,
        // A hold stored before `reservedAt` existed counts as begun at its first holdUntil: later than it truly
        // began by at most the hold minutes, so such a hold may outlive the lifetime by that much, once. Safe:
        // no basket loses units sooner than it was promised, and those holds are all gone a lifetime later.
        heldSince: existing?.heldSince ?? event.data.reservedAt ?? event.data.holdUntil,
      };
      return { ...state, holds: { ...state.holds, [key]: hold } };
    }
    case 'StockReturned':
    case 'StockHoldExpired':
      return { ...state, holds: reduceHold(state.holds, holdKey(event.data.cartId, event.data.variantId), event.data.quantity) };
    case 'StockHoldRenewed': {
      const key = holdKey(event.data.cartId, event.data.variantId);
      const existing = state.holds[key];
      return existing ? { ...state, holds: { ...state.holds, [key]: { ...existing, holdUntil: event.data.holdUntil } } } : state;
    }
    case 'StockSold': {
      const key = variantKey(event.data.variantId);
      return {
        ...state,
        units: { ...state.units, [key]: Math.max(0, (state.units[key] ?? 0) - event.data.quantity) },
        holds: reduceHold(state.holds, holdKey(event.data.cartId, event.data.variantId), event.data.quantity),
        sold: remember(state.sold, saleKey(event.data.orderId, event.data.variantId), event.data.quantity),
        // Sold again after it was undone (a checkout that failed, then went through): it may be undone again.
        returned: forget(state.returned, saleKey(event.data.orderId, event.data.variantId)),
      };
    }
    case 'StockRestocked': {
      const key = variantKey(event.data.variantId);
      return { ...state, units: { ...state.units, [key]: (state.units[key] ?? 0) + event.data.units } };
    }
    case 'StockParLevelSet': {
      const key = variantKey(event.data.variantId);
      if (event.data.parLevel === null) {
        const { [key]: _removed, ...par } = state.par;
        return { ...state, par };
      }
      return { ...state, par: { ...state.par, [key]: event.data.parLevel } };
    }
    case 'StockDayStarted': {
      const key = variantKey(event.data.variantId);
      return { ...state, units: { ...state.units, [key]: event.data.units }, startedDay: { ...state.startedDay, [key]: event.data.tradingDay } };
    }
    case 'StockSaleCancelled': {
      const key = variantKey(event.data.variantId);
      const sale = saleKey(event.data.orderId, event.data.variantId);
      return {
        ...state,
        units: { ...state.units, [key]: (state.units[key] ?? 0) + event.data.quantity },
        sold: forget(state.sold, sale),
        returned: remember(state.returned, sale, true),
      };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}

function reduceHold(holds: Record<string, Hold>, key: string, quantity: number): Record<string, Hold> {
  const existing = holds[key];
  if (!existing) return holds;
  const { [key]: _removed, ...rest } = holds;
  return existing.quantity > quantity ? { ...rest, [key]: { ...existing, quantity: existing.quantity - quantity } } : rest;
}

/** An expired hold of this basket is given back first: the basket starts again from nothing for that line. */
function expireOwn(state: StockState, cartId: string, variantId: number | null, now: string, productId: number): StockEvent[] {
  const hold = state.holds[holdKey(cartId, variantId)];
  return hold && !isActive(hold, now)
    ? [{ type: 'StockHoldExpired', data: { productId, variantId, cartId, quantity: hold.quantity } }]
    : [];
}

/**
 * What undoing an order's sale gives back: what this stream remembers selling, else what the order says it sold
 * (a sale older than the memory), and nothing when it was undone already or never made.
 */
export function unitsToGiveBack(state: StockState, sale: string, orderSold: number | null): number {
  if (state.returned[sale]) return 0;
  return state.sold[sale] ?? orderSold ?? 0;
}

export function decideStock(command: StockCommand, state: StockState): StockEvent[] {
  switch (command.type) {
    case 'Restock':
      if (!Number.isInteger(command.units) || command.units < 1) throw new DomainError('invalid', 'Restock at least one unit');
      return [{ type: 'StockRestocked', data: { productId: command.productId, variantId: command.variantId, units: command.units } }];
    case 'SetParLevel': {
      const { productId, variantId, parLevel } = command;
      if (parLevel !== null && (!Number.isInteger(parLevel) || parLevel < 0)) throw new DomainError('invalid', 'A par level is a whole number of units, 0 or more');
      return (state.par[variantKey(variantId)] ?? null) === parLevel ? [] : [{ type: 'StockParLevelSet', data: { productId, variantId, parLevel } }];
    }
    case 'StartStockDay':
      return Object.entries(state.par)
        .filter(([key]) => (state.startedDay[key] ?? '') < command.tradingDay)
        .map(([key, units]) => ({
          type: 'StockDayStarted',
          data: { productId: command.productId, variantId: key === '-' ? null : Number(key), tradingDay: command.tradingDay, units },
        }));
    case 'SetStockLevel':
      if (!Number.isInteger(command.units) || command.units < 0) throw new DomainError('invalid', 'A stock level is a whole number of units, 0 or more');
      return state.units[variantKey(command.variantId)] === command.units
        ? []
        : [{ type: 'StockLevelSet', data: { productId: command.productId, variantId: command.variantId, units: command.units } }];
    case 'ReserveStock': {
      const { productId, variantId, cartId, quantity, now, offer, basket } = command;
      assertOffered(offer);
      const own = state.holds[holdKey(cartId, variantId)];
      const kept = own && isActive(own, now) ? own : undefined;
      const dishUnits = kept?.quantity ?? 0;
      const refusal = basketCapRefusal({ dish: basket.dish, dishUnits, basketUnits: basket.heldOfOtherDishes + dishUnits, adding: quantity, caps: basket.caps });
      if (refusal) throw new DomainError('conflict', refusal);
      const available = availableUnits(state, variantId, now);
      if (available < quantity) throw new OutOfStock(available);
      const shareRefusal = basket.address
        ? addressShareRefusal({ dish: basket.dish, adding: quantity, dishStock: state.units[variantKey(variantId)] ?? 0, lineUnits: dishUnits, address: basket.address })
        : null;
      if (shareRefusal) throw new DomainError('conflict', shareRefusal);
      const holdUntil = holdEnd(kept?.heldSince ?? now, command.holdUntil, basket.lifetimeMinutes, kept?.holdUntil);
      return [
        ...expireOwn(state, cartId, variantId, now, productId),
        { type: 'StockReserved', data: { productId, variantId, cartId, quantity, holdUntil, reservedAt: now } },
      ];
    }
    case 'ReturnStock': {
      const { productId, variantId, cartId, now } = command;
      const hold = state.holds[holdKey(cartId, variantId)];
      if (!hold) throw new DomainError('not_found', NOT_IN_BASKET);
      if (!isActive(hold, now)) return expireOwn(state, cartId, variantId, now, productId);
      const quantity = Math.min(command.quantity, hold.quantity);
      return [{ type: 'StockReturned', data: { productId, variantId, cartId, quantity } }];
    }
    case 'RenewHolds':
      return Object.values(state.holds)
        .filter((hold) => hold.cartId === command.cartId)
        .flatMap((hold): StockEvent[] => {
          const { productId, now } = command;
          if (!isActive(hold, now)) return [{ type: 'StockHoldExpired', data: { productId, variantId: hold.variantId, cartId: hold.cartId, quantity: hold.quantity } }];
          const holdUntil = holdEnd(hold.heldSince, command.holdUntil, command.lifetimeMinutes, hold.holdUntil);
          // A hold at the end of its lifetime is not renewed: it lapses however often the basket is touched.
          return Date.parse(holdUntil) > Date.parse(hold.holdUntil)
            ? [{ type: 'StockHoldRenewed', data: { productId, variantId: hold.variantId, cartId: hold.cartId, holdUntil } }]
            : [];
        });
    case 'ExpireHolds':
      return Object.values(state.holds)
        .filter((hold) => !isActive(hold, command.now))
        .map((hold) => ({
          type: 'StockHoldExpired',
          data: { productId: command.productId, variantId: hold.variantId, cartId: hold.cartId, quantity: hold.quantity },
        }));
    case 'SellStock': {
      const { productId, variantId, cartId, orderId, quantity } = command;
      if (state.sold[saleKey(orderId, variantId)] !== undefined) return [];
      const hold = state.holds[holdKey(cartId, variantId)];
      // A basket whose hold lapsed may still buy what is on the shelf; never more than that.
      const heldByCart = hold && isActive(hold, command.now) ? hold.quantity : 0;
      const fromShelf = Math.max(0, quantity - heldByCart);
      const events: StockEvent[] = hold && !isActive(hold, command.now) ? expireOwn(state, cartId, variantId, command.now, productId) : [];
      if (fromShelf > availableUnits(state, variantId, command.now)) throw new OutOfStock(availableUnits(state, variantId, command.now));
      return [...events, { type: 'StockSold', data: { productId, variantId, cartId, orderId, quantity } }];
    }
    case 'CancelSale': {
      const { productId, variantId, orderId, basket } = command;
      const quantity = unitsToGiveBack(state, saleKey(orderId, variantId), command.orderSold);
      if (quantity === 0) return [];
      const cancelled: StockEvent = { type: 'StockSaleCancelled', data: { productId, variantId, orderId, quantity } };
      if (!basket) return [cancelled]; // an order cancelled in the kitchen: back on the menu
      // A checkout that failed: the units come back on the shelf and at once into the basket again, so the
      // customer who is told to update their basket finds every other line still in it.
      // A fresh hold: its lifetime starts now.
      return [cancelled, { type: 'StockReserved', data: { productId, variantId, cartId: basket.cartId, quantity, holdUntil: basket.holdUntil, reservedAt: basket.reservedAt } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const stockDecider: Decider<StockCommand, StockEvent, StockState> = {
  initialState: { units: {}, holds: {}, sold: {}, returned: {}, par: {}, startedDay: {} },
  evolve: evolveStock,
  decide: decideStock,
};
