import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import { CART_EVENT_TYPES, type CartEvent } from '../../modules/cart/events';
import type { StockEvent } from '../../modules/stock/events';
import { variantKey } from '../../modules/stock/decider';
import { applyCartsBatch } from './batch';

type CartsEvent = CartEvent | StockEvent;

/** Baskets: owner and note from the cart stream, lines from the stock each basket holds. */
export const cartsProjection: Projection = {
  name: 'carts',
  eventTypes: [...CART_EVENT_TYPES, 'StockReserved', 'StockReturned', 'StockHoldRenewed', 'StockHoldExpired', 'StockSold'],
  tables: ['carts', 'cart_lines'],
  applyAll: (events, { tx }) => applyCartsBatch(events, tx),
  async apply(stored: StoredEvent, { tx }) {
    const event = { type: stored.type, data: stored.data } as CartsEvent;
    switch (event.type) {
      case 'CartOpened':
        await tx.query(sql.unsafe`
          insert into carts (cart_id, opened_at) values (${event.data.cartId}, ${stored.metadata.at})
          on conflict (cart_id) do nothing`);
        return;
      case 'CartNoteChanged':
        await tx.query(sql.unsafe`update carts set note = ${event.data.note} where cart_id = ${event.data.cartId}`);
        return;
      case 'CartCheckedOut':
        await tx.query(sql.unsafe`
          update carts set checked_out_order = ${event.data.orderId} where cart_id = ${event.data.cartId}`);
        return;
      case 'CartAssignedToUser':
        await tx.query(sql.unsafe`update carts set user_id = ${event.data.userId} where cart_id = ${event.data.cartId}`);
        return;
      case 'StockReserved': {
        const { cartId, productId, variantId, quantity, holdUntil } = event.data;
        await tx.query(sql.unsafe`
          insert into cart_lines (cart_id, product_id, variant_id, variant_key, quantity, hold_until, added_at)
          values (${cartId}, ${productId}, ${variantId}, ${variantKey(variantId)}, ${quantity}, ${holdUntil}, ${stored.position})
          on conflict (cart_id, product_id, variant_key)
          do update set quantity = cart_lines.quantity + excluded.quantity, hold_until = excluded.hold_until`);
        return;
      }
      case 'StockHoldRenewed':
        await tx.query(sql.unsafe`
          update cart_lines set hold_until = ${event.data.holdUntil}
           where cart_id = ${event.data.cartId} and product_id = ${event.data.productId}
             and variant_key = ${variantKey(event.data.variantId)}`);
        return;
      case 'StockReturned':
      case 'StockHoldExpired':
      case 'StockSold': {
        const { cartId, productId, variantId, quantity } = event.data;
        const where = sql.fragment`cart_id = ${cartId} and product_id = ${productId} and variant_key = ${variantKey(variantId)}`;
        await tx.query(sql.unsafe`update cart_lines set quantity = quantity - ${quantity} where ${where}`);
        await tx.query(sql.unsafe`delete from cart_lines where ${where} and quantity <= 0`);
        return;
      }
      case 'StockLevelSet':
      case 'StockSaleCancelled':
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};
