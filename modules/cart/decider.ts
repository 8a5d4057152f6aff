import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { CartEvent } from './events';

/**
 * The basket itself: who it belongs to and the note for the kitchen. Its lines are the stock it holds
 * (stock-<product> streams, keyed by cart id), so a basket can never claim units the shop did not give it.
 */
export type CartState =
  | { status: 'none' }
  | { status: 'open'; cartId: string; userId: string | null; note: string }
  | { status: 'checked-out'; cartId: string; orderId: string };

export type CartCommand =
  | { type: 'OpenCart'; cartId: string }
  | { type: 'ChangeNote'; cartId: string; note: string }
  | { type: 'AssignToUser'; cartId: string; userId: string }
  | { type: 'CheckOutCart'; cartId: string; orderId: string };

export function evolveCart(state: CartState, event: CartEvent): CartState {
  switch (event.type) {
    case 'CartOpened':
      return { status: 'open', cartId: event.data.cartId, userId: null, note: '' };
    case 'CartNoteChanged':
      return state.status === 'open' ? { ...state, note: event.data.note } : state;
    case 'CartAssignedToUser':
      return state.status === 'open' ? { ...state, userId: event.data.userId } : state;
    case 'CartCheckedOut':
      return { status: 'checked-out', cartId: event.data.cartId, orderId: event.data.orderId };
    default: {
      const never: never = event;
      return never;
    }
  }
}

function open(state: CartState): Extract<CartState, { status: 'open' }> {
  if (state.status === 'checked-out') throw new DomainError('conflict', 'This basket has already been ordered');
  if (state.status !== 'open') throw new DomainError('not_found', 'There is no basket yet');
  return state;
}

export function decideCart(command: CartCommand, state: CartState): CartEvent[] {
  switch (command.type) {
    case 'OpenCart':
      if (state.status === 'checked-out') throw new DomainError('conflict', 'This basket has already been ordered');
      return state.status === 'open' ? [] : [{ type: 'CartOpened', data: { cartId: command.cartId } }];
    case 'ChangeNote':
      return open(state).note === command.note ? [] : [{ type: 'CartNoteChanged', data: { cartId: command.cartId, note: command.note } }];
    case 'AssignToUser':
      return open(state).userId === command.userId
        ? []
        : [{ type: 'CartAssignedToUser', data: { cartId: command.cartId, userId: command.userId } }];
    case 'CheckOutCart':
      if (state.status === 'checked-out' && state.orderId === command.orderId) return [];
      open(state);
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
