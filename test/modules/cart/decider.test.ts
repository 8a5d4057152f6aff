import { cartDecider } from '../../../modules/cart/decider';
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
