import { sql, type FragmentSqlToken } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import { CART_EVENT_TYPES, type CartEvent } from '../../modules/cart';
import { variantKey, type StockEvent } from '../../modules/stock';
import { applyCartsBatch, erasedCartOf } from './batch';
import type { PersonalDataErased } from '../../modules/privacy';
import { ERASED } from '../../src/personal-data';

type CartsEvent = CartEvent | StockEvent | PersonalDataErased;

/** Baskets: owner and note from the cart stream, lines from the stock each basket holds. */
export const cartsProjection: Projection = {
  name: 'carts',
  // A basket frozen at the checkout, or reopened, looks the same in the read model: those events are not read.
  eventTypes: [...CART_EVENT_TYPES.filter((type) => type !== 'CartFrozen' && type !== 'CartReopened'), 'StockReserved', 'StockReturned', 'StockHoldRenewed', 'StockHoldExpired', 'StockSold', 'PersonalDataErased'],
  tables: ['carts', 'cart_lines'],
  applyAll: (events, { tx }) => applyCartsBatch(events, tx),
  // A lone event that one statement applies (all but units taken, which update then delete) goes in one round trip.
  batchStatement: (events, guard) => (events.length === 1 ? loneStatement(events[0], guard) : undefined),
  async apply(stored: StoredEvent, { tx }) {
    const lone = loneStatement(stored, sql.fragment`true`);
    if (lone) {
      await tx.query(sql.unsafe`${lone}`);
      return;
    }
    const event = { type: stored.type, data: stored.data } as CartsEvent;
    switch (event.type) {
      case 'StockReturned':
      case 'StockHoldExpired':
      case 'StockSold': {
        const { cartId, productId, variantId, quantity } = event.data;
        const where = sql.fragment`cart_id = ${cartId} and product_id = ${productId} and variant_key = ${variantKey(variantId)}`;
        await tx.query(sql.unsafe`update cart_lines set quantity = quantity - ${quantity} where ${where}`);
        await tx.query(sql.unsafe`delete from cart_lines where ${where} and quantity <= 0`);
        return;
      }
      case 'CartOpened':
      case 'CartNoteChanged':
      case 'CartCheckedOut':
      case 'CartAssignedToUser':
      case 'StockReserved':
      case 'StockHoldRenewed':
        return; // applied by loneStatement
      case 'StockLevelSet':
      case 'StockRestocked':
      case 'StockParLevelSet':
      case 'StockDayStarted':
      case 'StockSaleCancelled':
      case 'CartFrozen':
      case 'CartReopened':
      case 'PersonalDataErased': // a basket's is applied by loneStatement
        return; // not a change of the read model
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};

/** The statement that applies `stored` alone, writing only where `guard` holds; undefined when it takes two. */
function loneStatement(stored: StoredEvent, guard: FragmentSqlToken): FragmentSqlToken | undefined {
  const event = { type: stored.type, data: stored.data } as CartsEvent;
  switch (event.type) {
    case 'CartOpened':
      return sql.fragment`
        insert into carts (cart_id, opened_at) select ${event.data.cartId}::uuid, ${stored.metadata.at}::timestamptz where ${guard}
        on conflict (cart_id) do nothing`;
    case 'CartNoteChanged':
      return sql.fragment`update carts set note = ${event.data.note} where cart_id = ${event.data.cartId} and ${guard}`;
    case 'PersonalDataErased': {
      const cartId = erasedCartOf(event);
      return cartId ? sql.fragment`update carts set note = ${ERASED} where cart_id = ${cartId} and ${guard}` : undefined;
    }
    case 'CartCheckedOut':
      return sql.fragment`update carts set checked_out_order = ${event.data.orderId} where cart_id = ${event.data.cartId} and ${guard}`;
    case 'CartAssignedToUser':
      return sql.fragment`update carts set user_id = ${event.data.userId} where cart_id = ${event.data.cartId} and ${guard}`;
    case 'StockReserved': {
      const { cartId, productId, variantId, quantity, holdUntil } = event.data;
      return sql.fragment`
        insert into cart_lines (cart_id, product_id, variant_id, variant_key, quantity, hold_until, added_at)
        select ${cartId}::uuid, ${productId}::int, ${variantId}::int, ${variantKey(variantId)}::text, ${quantity}::int,
               ${holdUntil}::timestamptz, ${stored.position}::text
         where ${guard}
        on conflict (cart_id, product_id, variant_key)
        do update set quantity = cart_lines.quantity + excluded.quantity, hold_until = excluded.hold_until`;
    }
    case 'StockHoldRenewed':
      return sql.fragment`
        update cart_lines set hold_until = ${event.data.holdUntil}
         where cart_id = ${event.data.cartId} and product_id = ${event.data.productId}
           and variant_key = ${variantKey(event.data.variantId)} and ${guard}`;
    case 'StockReturned':
    case 'StockHoldExpired':
    case 'StockSold':
      return undefined; // takes two statements: update, then delete an emptied line
    case 'StockLevelSet':
    case 'StockRestocked':
    case 'StockParLevelSet':
    case 'StockDayStarted':
    case 'StockSaleCancelled':
    case 'CartFrozen':
    case 'CartReopened':
      return undefined;
    default: {
      const never: never = event;
      return never;
    }
  }
}
