import { BASKET_AT_CHECKOUT, cartDecider, isSavedAs, refuseChangeAtCheckout, type CartState } from '../../../modules/cart/decider';
import type { CartEvent } from '../../../modules/cart/events';
import { specFor } from '../../support/given-when-then';

const spec = specFor(cartDecider);
const cartId = '33333333-3333-4333-8333-333333333333';
const userId = '44444444-4444-4444-8444-444444444444';
const opened = { type: 'CartOpened' as const, data: { cartId } };

describe('cart decider', () => {
  describe('no basket yet', () => {
    it('opens one', () => spec([]).when({ type: 'OpenCart', cartId }).then([opened]));
    it('cannot take a note before it is opened', () =>
      spec([]).when({ type: 'ChangeNote', cartId, note: 'no onions' }).thenFails('There is no basket yet', 'not_found'));
  });

  describe('an open basket', () => {
    it('opening again changes nothing', () => spec([opened]).when({ type: 'OpenCart', cartId }).then([]));
    it('records the note for the kitchen, once', () => {
      spec([opened]).when({ type: 'ChangeNote', cartId, note: 'no onions' }).then([{ type: 'CartNoteChanged', data: { cartId, note: 'no onions' } }]);
      spec([opened, { type: 'CartNoteChanged', data: { cartId, note: 'no onions' } }]).when({ type: 'ChangeNote', cartId, note: 'no onions' }).then([]);
    });
    it('is given to the customer who logs in', () => {
      spec([opened]).when({ type: 'AssignToUser', cartId, userId }).then([{ type: 'CartAssignedToUser', data: { cartId, userId } }]);
      spec([opened, { type: 'CartAssignedToUser', data: { cartId, userId } }]).when({ type: 'AssignToUser', cartId, userId }).then([]);
    });
  });

  describe('CheckOutCart', () => {
    const orderId = '55555555-5555-4555-8555-555555555555';
    const checkedOut = { type: 'CartCheckedOut' as const, data: { cartId, orderId } };
    it('an open basket becomes the order: it is done', () => spec([opened]).when({ type: 'CheckOutCart', cartId, orderId }).then([checkedOut]));
    it('checking out again for the same order changes nothing (a retried completion)', () =>
      spec([opened, checkedOut]).when({ type: 'CheckOutCart', cartId, orderId }).then([]));
    it('a basket already ordered is not ordered again, nor opened, nor changed', () => {
      const other = '77777777-7777-4777-8777-777777777777';
      spec([opened, checkedOut]).when({ type: 'CheckOutCart', cartId, orderId: other }).thenFails('This basket has already been ordered', 'conflict');
      spec([opened, checkedOut]).when({ type: 'OpenCart', cartId }).thenFails('This basket has already been ordered', 'conflict');
      spec([opened, checkedOut]).when({ type: 'ChangeNote', cartId, note: 'more rice' }).thenFails('This basket has already been ordered', 'conflict');
    });
    it('a basket never opened cannot be checked out', () =>
      spec([]).when({ type: 'CheckOutCart', cartId, orderId }).thenFails('There is no basket yet', 'not_found'));
  });
});

describe('cart decider: a basket saved as an order is frozen (issue 13, two tabs)', () => {
  const orderId = '55555555-5555-4555-8555-555555555555';
  const frozen = { type: 'CartFrozen' as const, data: { cartId, orderId } };
  const reopened = { type: 'CartReopened' as const, data: { cartId } };

  it('an open basket freezes for its order; freezing again for it changes nothing', () => {
    spec([opened]).when({ type: 'FreezeCart', cartId, orderId }).then([frozen]);
    spec([opened, frozen]).when({ type: 'FreezeCart', cartId, orderId }).then([]);
  });

  it('refuses a note while frozen, and names the way back', () =>
    spec([opened, frozen]).when({ type: 'ChangeNote', cartId, note: 'more rice' }).thenFails(BASKET_AT_CHECKOUT, 'conflict'));

  it('the refusal every add and remove asks', () => {
    const state = (events: CartEvent[]): CartState => events.reduce(cartDecider.evolve, cartDecider.initialState);
    expect(() => refuseChangeAtCheckout(state([opened, frozen]))).toThrow(BASKET_AT_CHECKOUT);
    expect(() => refuseChangeAtCheckout(state([opened, frozen, reopened]))).not.toThrow();
    expect(() => refuseChangeAtCheckout(state([opened]))).not.toThrow();
    expect(() => refuseChangeAtCheckout(state([]))).not.toThrow();
    expect(() => refuseChangeAtCheckout(state([opened, { type: 'CartCheckedOut', data: { cartId, orderId } }]))).toThrow('This basket has already been ordered');
  });

  it('the basket page reopens it: a note may change again; reopening an open basket changes nothing', () => {
    spec([opened, frozen]).when({ type: 'ReopenCart', cartId }).then([reopened]);
    spec([opened, frozen, reopened]).when({ type: 'ChangeNote', cartId, note: 'more rice' }).then([{ type: 'CartNoteChanged', data: { cartId, note: 'more rice' } }]);
    spec([opened]).when({ type: 'ReopenCart', cartId }).then([]);
    spec([]).when({ type: 'ReopenCart', cartId }).then([]);
  });

  it('a frozen basket keeps its note and owner, stays open to its customer logging in, and is checked out', () => {
    const noted = { type: 'CartNoteChanged' as const, data: { cartId, note: 'no onions' } };
    expect([opened, noted, frozen].reduce(cartDecider.evolve, cartDecider.initialState)).toEqual({ status: 'frozen', cartId, userId: null, note: 'no onions', orderId });
    spec([opened, frozen]).when({ type: 'AssignToUser', cartId, userId }).then([{ type: 'CartAssignedToUser', data: { cartId, userId } }]);
    spec([opened, frozen]).when({ type: 'OpenCart', cartId }).then([]);
    spec([opened, frozen]).when({ type: 'CheckOutCart', cartId, orderId }).then([{ type: 'CartCheckedOut', data: { cartId, orderId } }]);
  });

  it('is still the basket saved while frozen for its order, or checked out as it; not once reopened', () => {
    const state = (events: CartEvent[]): CartState => events.reduce(cartDecider.evolve, cartDecider.initialState);
    expect(isSavedAs(state([opened, frozen]), orderId)).toBe(true);
    expect(isSavedAs(state([opened, frozen, { type: 'CartCheckedOut', data: { cartId, orderId } }]), orderId)).toBe(true);
    expect(isSavedAs(state([opened, frozen, reopened]), orderId)).toBe(false);
    expect(isSavedAs(state([opened, frozen]), '66666666-6666-4666-8666-666666666666')).toBe(false);
  });

  it('a basket never opened has nothing to freeze; an ordered one cannot be frozen again', () => {
    spec([]).when({ type: 'FreezeCart', cartId, orderId }).then([]);
    spec([opened, { type: 'CartCheckedOut', data: { cartId, orderId } }]).when({ type: 'FreezeCart', cartId, orderId }).thenFails('This basket has already been ordered', 'conflict');
  });
});
