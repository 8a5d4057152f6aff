import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { ProjectionContext } from '../../src/projections/types';
import type { CartEvent } from '../../modules/cart';
import type { StockEvent } from '../../modules/stock';
import { foldLines, lineStatements } from './lines';
import type { PersonalDataErased } from '../../modules/privacy';
import { ERASED, idInSubject } from '../../src/personal-data';

type Tx = ProjectionContext['tx'];
type CartsEvent = CartEvent | StockEvent | PersonalDataErased;

/** The basket a PersonalDataErased is about, if it is about a basket (its note). */
export const erasedCartOf = (event: PersonalDataErased) => idInSubject(event.data.subject, 'cart');

/** What a batch does to one basket's own row. */
interface CartChange {
  openedAt?: string;
  note?: string;
  userId?: string;
  checkedOutOrder?: string;
}

/**
 * The carts projection for a whole batch in at most five statements instead of one or two per event: a busy
 * checkout feeds it several events per order. The baskets' own rows are changed by what the batch says last;
 * their lines are the stock module's holds, folded with its own fold (lines.ts).
 */
export async function applyCartsBatch(events: StoredEvent[], tx: Tx): Promise<void> {
  const carts = new Map<string, CartChange>();
  const cartOf = (cartId: string) => carts.get(cartId) ?? carts.set(cartId, {}).get(cartId)!;
  const holds: StoredEvent[] = [];

  for (const stored of events) {
    const event = { type: stored.type, data: stored.data } as CartsEvent;
    switch (event.type) {
      case 'CartOpened':
        cartOf(event.data.cartId).openedAt ??= stored.metadata.at;
        break;
      case 'CartNoteChanged':
        cartOf(event.data.cartId).note = event.data.note;
        break;
      case 'CartAssignedToUser':
        cartOf(event.data.cartId).userId = event.data.userId;
        break;
      case 'CartCheckedOut':
        cartOf(event.data.cartId).checkedOutOrder = event.data.orderId;
        break;
      case 'PersonalDataErased': {
        const cartId = erasedCartOf(event);
        if (cartId) cartOf(cartId).note = ERASED;
        break;
      }
      case 'StockReserved':
      case 'StockHoldRenewed':
      case 'StockReturned':
      case 'StockHoldExpired':
      case 'StockSold':
        holds.push(stored);
        break;
      case 'StockLevelSet':
      case 'StockRestocked':
      case 'StockParLevelSet':
      case 'StockDayStarted':
      case 'StockSaleCancelled':
      case 'CartFrozen':
      case 'CartReopened':
        break;
      default: {
        const never: never = event;
        return never;
      }
    }
  }

  await applyCartChanges(tx, carts);
  const lines = await foldLines(tx, holds);
  for (const statement of lineStatements(lines, sql.fragment`true`)) await tx.query(sql.unsafe`${statement}`);
}

async function applyCartChanges(tx: Tx, carts: Map<string, CartChange>): Promise<void> {
  const opened = [...carts].filter(([, change]) => change.openedAt !== undefined);
  if (opened.length > 0) {
    await tx.query(sql.unsafe`
      insert into carts (cart_id, opened_at)
      select * from ${sql.unnest(opened.map(([cartId, change]) => [cartId, change.openedAt!]), ['uuid', 'timestamptz'])}
      on conflict (cart_id) do nothing`);
  }
  const changed = [...carts].filter(([, c]) => c.note !== undefined || c.userId !== undefined || c.checkedOutOrder !== undefined);
  if (changed.length === 0) return;
  await tx.query(sql.unsafe`
    update carts c
       set note = coalesce(d.note, c.note),
           user_id = coalesce(d.user_id, c.user_id),
           checked_out_order = coalesce(d.checked_out_order, c.checked_out_order)
      from ${sql.unnest(
        changed.map(([cartId, change]) => [cartId, change.note ?? null, change.userId ?? null, change.checkedOutOrder ?? null]),
        ['uuid', 'text', 'uuid', 'uuid'],
      )} as d(cart_id, note, user_id, checked_out_order)
     where c.cart_id = d.cart_id`);
}
