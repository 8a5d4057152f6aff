import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { CartEvent } from './events';

/**
 * The basket itself: who it belongs to and the note for the kitchen. Its lines are the stock it holds
 * (stock-<product> streams, keyed by cart id), so a basket can never claim units the shop did not give it.
 * A basket saved as an order is `frozen` until the customer goes back to the basket page or the order is placed.
 */
export type CartState =
  | { status: 'none' }
  | { status: 'open'; cartId: string; userId: string | null; note: string }
  | { status: 'frozen'; cartId: string; userId: string | null; note: string; orderId: string }
  | { status: 'checked-out'; cartId: string; orderId: string };

export type CartCommand =
  | { type: 'OpenCart'; cartId: string }
  | { type: 'ChangeNote'; cartId: string; note: string }
  | { type: 'AssignToUser'; cartId: string; userId: string }
  | { type: 'FreezeCart'; cartId: string; orderId: string }
  | { type: 'ReopenCart'; cartId: string }
  | { type: 'CheckOutCart'; cartId: string; orderId: string };

export const ALREADY_ORDERED = 'This basket has already been ordered';
export const NO_BASKET = 'There is no basket yet';
/** Issue 13 ("two tabs"): the answer to a change of a basket that is at the checkout. */
export const BASKET_AT_CHECKOUT =
  'Your basket is at the checkout, perhaps in another tab or window: go back to the basket page to change it';

export function evolveCart(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'CartOpened':
      return { status: 'open', cartId: event.data.cartId, userId: null, note: '' };
    case 'CartNoteChanged':
      return state.status === 'open' || state.status === 'frozen' ? { ...state, note: event.data.note } : state;
    case 'CartAssignedToUser':
      return state.status === 'open' || state.status === 'frozen' ? { ...state, userId: event.data.userId } : state;
    case 'CartFrozen':
      return state.status === 'open' || state.status === 'frozen' ? { ...state, status: 'frozen', orderId: event.data.orderId } : state;
    case 'CartReopened': {
      if (state.status !== 'frozen') return state;
      const { orderId: _order, ...open } = state;
      return { ...open, status: 'open' };
    }
    case 'CartCheckedOut':
      return { status: 'checked-out', cartId: event.data.cartId, orderId: event.data.orderId };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** A basket that exists and is not yet ordered, frozen or not. */
function owned(state: CartState): Extract<CartState, { status: 'open' | 'frozen' }> {
  if (state.status === 'checked-out') throw new DomainError('conflict', ALREADY_ORDERED);
  if (state.status === 'none') throw new DomainError('not_found', NO_BASKET);
  return state;
}

/** Whether the basket is still the one saved as `orderId`: frozen for it, or already checked out as it. */
export function isSavedAs(state: CartState, orderId: string): boolean {
  return (state.status === 'frozen' || state.status === 'checked-out') && state.orderId === orderId;
}

/**
 * The one rule for changing what a basket holds (its lines or its note): not once it is ordered, nor while it
 * is at the checkout. The basket asks it before every add or remove; ChangeNote asks it here.
 */
export function refuseChangeAtCheckout(state: CartState): void {
  if (state.status === 'frozen') throw new DomainError('conflict', BASKET_AT_CHECKOUT);
  if (state.status === 'checked-out') throw new DomainError('conflict', ALREADY_ORDERED);
}

export function decideCart(command: CartCommand, state: CartState): CartEvent[] {
  switch (command.type) {
    case 'OpenCart':
      if (state.status === 'checked-out') throw new DomainError('conflict', ALREADY_ORDERED);
      return state.status === 'none' ? [{ type: 'CartOpened', data: { cartId: command.cartId } }] : [];
    case 'ChangeNote': {
      refuseChangeAtCheckout(state);
      return owned(state).note === command.note ? [] : [{ type: 'CartNoteChanged', data: { cartId: command.cartId, note: command.note } }];
    }
    case 'AssignToUser':
      return owned(state).userId === command.userId
        ? []
        : [{ type: 'CartAssignedToUser', data: { cartId: command.cartId, userId: command.userId } }];
    case 'FreezeCart': {
      if (state.status === 'none') return []; // never opened: it holds nothing to keep still
      const basket = owned(state);
      return basket.status === 'frozen' && basket.orderId === command.orderId
        ? []
        : [{ type: 'CartFrozen', data: { cartId: command.cartId, orderId: command.orderId } }];
    }
    case 'ReopenCart':
      return state.status === 'frozen' ? [{ type: 'CartReopened', data: { cartId: command.cartId } }] : [];
    case 'CheckOutCart':
      if (state.status === 'checked-out' && state.orderId === command.orderId) return [];
      owned(state);
      return [{ type: 'CartCheckedOut', data: { cartId: command.cartId, orderId: command.orderId } }];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const cartDecider: Decider<CartCommand, CartEvent, CartState> = {
  initialState: { status: 'none' },
  evolve: evolveCart,
  decide: decideCart,
};
