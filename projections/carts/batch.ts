import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { ProjectionContext } from '../../src/projections/types';
import type { CartEvent } from '../../modules/cart/events';
import type { StockEvent } from '../../modules/stock/events';
import { variantKey } from '../../modules/stock/decider';

type Tx = ProjectionContext['tx'];
type CartsEvent = CartEvent | StockEvent;

/** What a batch does to one basket line, folded in event order. */
interface LineChange {
  cartId: string;
  productId: number;
  variantId: number | null;
  variantKey: string;
  /** Units added minus units taken, over the batch. */
  delta: number;
  /** The last hold end the batch set (by a reservation or a renewal). */
  holdUntil?: string;
  /** Where the batch first reserved for this line: the line's `added_at` if the batch creates it. */
  firstReservedAt?: string;
  /** Units were taken and reserved again after: whether the line was emptied in between depends on its row. */
  reservedAfterTaking: boolean;
  taken: boolean;
  events: StoredEvent[];
}

/** What a batch does to one basket's own row. */
interface CartChange {
  openedAt?: string;
  note?: string;
  userId?: string;
  checkedOutOrder?: string;
}

/**
 * The carts projection for a whole batch in at most five statements instead of one or two per event: a
 * busy checkout feeds it several events per order, and requests wait for it. Each line's events are folded
 * first; the result equals applying them one by one, except where a batch takes units from a line and then
 * reserves on it again (the line may have been emptied in between and must then be added anew, with a new
 * place in the basket), so those lines are applied one event at a time by `applyOne`.
 */
export async function applyCartsBatch(
  events: StoredEvent[],
  tx: Tx,
  applyOne: (event: StoredEvent) => Promise<void>,
): Promise<void> {
  const carts = new Map<string, CartChange>();
  const lines = new Map<string, LineChange>();
  const lineOf = (data: { cartId: string; productId: number; variantId: number | null }) => {
    const key = `${data.cartId}|${data.productId}|${variantKey(data.variantId)}`;
    let line = lines.get(key);
    if (!line) {
      line = { ...data, variantKey: variantKey(data.variantId), delta: 0, reservedAfterTaking: false, taken: false, events: [] };
      lines.set(key, line);
    }
    return line;
  };
  const cartOf = (cartId: string) => carts.get(cartId) ?? carts.set(cartId, {}).get(cartId)!;

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
      case 'StockReserved': {
        const line = lineOf(event.data);
        line.delta += event.data.quantity;
        line.holdUntil = event.data.holdUntil;
        line.firstReservedAt ??= stored.position;
        if (line.taken) line.reservedAfterTaking = true;
        line.events.push(stored);
        break;
      }
      case 'StockHoldRenewed': {
        const line = lineOf(event.data);
        line.holdUntil = event.data.holdUntil;
        line.events.push(stored);
        break;
      }
      case 'StockReturned':
      case 'StockHoldExpired':
      case 'StockSold': {
        const line = lineOf(event.data);
        line.delta -= event.data.quantity;
        line.taken = true;
        line.events.push(stored);
        break;
      }
      case 'StockLevelSet':
      case 'StockSaleCancelled':
        break;
      default: {
        const never: never = event;
        return never;
      }
    }
  }

  await applyCartChanges(tx, carts);
  const oneByOne = [...lines.values()].filter((line) => line.reservedAfterTaking);
  const folded = [...lines.values()].filter((line) => !oneByOne.includes(line));
  await applyLineChanges(tx, folded);
  for (const line of oneByOne) for (const event of line.events) await applyOne(event);
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

async function applyLineChanges(tx: Tx, lines: LineChange[]): Promise<void> {
  if (lines.length === 0) return;
  const reserved = lines.filter((line) => line.firstReservedAt !== undefined);
  const others = lines.filter((line) => line.firstReservedAt === undefined);
  if (reserved.length > 0) {
    await tx.query(sql.unsafe`
      insert into cart_lines (cart_id, product_id, variant_id, variant_key, quantity, hold_until, added_at)
      select * from ${sql.unnest(
        reserved.map((line) => [line.cartId, line.productId, line.variantId, line.variantKey, line.delta, line.holdUntil!, line.firstReservedAt!]),
        ['uuid', 'int4', 'int4', 'text', 'int4', 'timestamptz', 'text'],
      )}
      on conflict (cart_id, product_id, variant_key)
      do update set quantity = cart_lines.quantity + excluded.quantity, hold_until = excluded.hold_until`);
  }
  if (others.length > 0) {
    await tx.query(sql.unsafe`
      update cart_lines l
         set quantity = l.quantity + d.delta, hold_until = coalesce(d.hold_until, l.hold_until)
        from ${sql.unnest(
          others.map((line) => [line.cartId, line.productId, line.variantKey, line.delta, line.holdUntil ?? null]),
          ['uuid', 'int4', 'text', 'int4', 'timestamptz'],
        )} as d(cart_id, product_id, variant_key, delta, hold_until)
       where l.cart_id = d.cart_id and l.product_id = d.product_id and l.variant_key = d.variant_key`);
  }
  await tx.query(sql.unsafe`
    delete from cart_lines l
     using ${sql.unnest(lines.map((line) => [line.cartId, line.productId, line.variantKey]), ['uuid', 'int4', 'text'])}
           as d(cart_id, product_id, variant_key)
     where l.cart_id = d.cart_id and l.product_id = d.product_id and l.variant_key = d.variant_key and l.quantity <= 0`);
}
