import { sql, type FragmentSqlToken } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import { CART_EVENT_TYPES, type CartEvent } from '../../modules/cart';
import type { StockEvent } from '../../modules/stock';
import { applyCartsBatch, erasedCartOf } from './batch';
import { foldLines, HOLD_EVENT_TYPES, isHoldEvent, lineStatements } from './lines';
import type { PersonalDataErased } from '../../modules/privacy';
import { ERASED } from '../../src/personal-data';

type CartsEvent = CartEvent | StockEvent | PersonalDataErased;

/** Baskets: owner and note from the cart stream, lines from the stock each basket holds. */
export const cartsProjection: Projection = {
  name: 'carts',
  // A basket frozen at the checkout, or reopened, looks the same in the read model: those events are not read.
  eventTypes: [...CART_EVENT_TYPES.filter((type) => type !== 'CartFrozen' && type !== 'CartReopened'), ...HOLD_EVENT_TYPES, 'PersonalDataErased'],
  tables: ['carts', 'cart_lines'],
  applyAll: (events, { tx }) => applyCartsBatch(events, tx),
  apply: (event, { tx }) => applyCartsBatch([event], tx),
  // A basket move, or a lone change of a basket's row, goes in one round trip with the checkpoint (a move's
  // lines are read first, on the pool: only this projection writes them, and the statement writes nothing if
  // its checkpoint moved meanwhile).
  async batchStatement(events, guard, db) {
    const lone = events.length === 1 ? loneStatement(events[0], guard) : undefined;
    if (lone || !db || !events.every(isHoldEvent)) return lone;
    const statements = lineStatements(await foldLines(db, events), guard);
    if (statements.length > 1) return undefined;
    return statements[0] ?? sql.fragment`select 1`;
  },
};

/** The statement that applies a lone change of a basket's own row, writing only where `guard` holds. */
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
    case 'StockReserved':
    case 'StockHoldRenewed':
    case 'StockReturned':
    case 'StockHoldExpired':
    case 'StockSold':
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
