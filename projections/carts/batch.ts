import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { ProjectionContext } from '../../src/projections/types';
import type { CartEvent } from '../../modules/cart';
import { variantKey, type StockEvent } from '../../modules/stock';
import type { PersonalDataErased } from '../../modules/privacy';
import { ERASED, idInSubject } from '../../src/personal-data';

type Tx = ProjectionContext['tx'];
type CartsEvent = CartEvent | StockEvent | PersonalDataErased;

/** The basket a PersonalDataErased is about, if it is about a basket (its note). */
export const erasedCartOf = (event: PersonalDataErased) => idInSubject(event.data.subject, 'cart');

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
 * The carts projection for a whole batch in at most eight statements instead of one or two per event: a
 * busy checkout feeds it several events per order. Each line's events are folded first; the result equals
 * applying them one by one. Where a batch takes units from a line and then reserves on it again, the line may
 * have been emptied in between and must then be added anew, with a new place in the basket: those lines are
 * replayed on their rows (see replayLines).
 */
export async function applyCartsBatch(events: StoredEvent[], tx: Tx): Promise<void> {
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
      case 'PersonalDataErased': {
        const cartId = erasedCartOf(event);
        if (cartId) cartOf(cartId).note = ERASED;
        break;
      }
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
  const replayed = [...lines.values()].filter((line) => line.reservedAfterTaking);
  const folded = [...lines.values()].filter((line) => !line.reservedAfterTaking);
  await applyLineChanges(tx, folded);
  await replayLines(tx, replayed);
}

/**
 * Lines whose units were taken and then reserved again within the batch: whether the line was emptied in
 * between (and so comes back as a new line, at the end of the basket) depends on its row, so the rows are read
 * first and each line's events replayed on it in memory, as `apply` would one by one; then written back.
 */
async function replayLines(tx: Tx, lines: LineChange[]): Promise<void> {
  if (lines.length === 0) return;
  const rows = (await tx.any(sql.unsafe`
    select l.cart_id, l.product_id, l.variant_key, l.quantity, l.added_at
      from cart_lines l
      join ${sql.unnest(lines.map((line) => [line.cartId, line.productId, line.variantKey]), ['uuid', 'int4', 'text'])}
           as d(cart_id, product_id, variant_key)
        on l.cart_id = d.cart_id and l.product_id = d.product_id and l.variant_key = d.variant_key`)) as Array<{
    cart_id: string; product_id: number; variant_key: string; quantity: number; added_at: string;
  }>;
  const rowOf = new Map(rows.map((row) => [`${row.cart_id}|${row.product_id}|${row.variant_key}`, row]));
  const kept: Array<[string, number, number | null, string, number, string, string]> = [];
  const emptied: Array<[string, number, string]> = [];
  for (const line of lines) {
    const row = rowOf.get(`${line.cartId}|${line.productId}|${line.variantKey}`);
    let quantity = row?.quantity ?? 0;
    let addedAt = row?.added_at;
    let present = row !== undefined;
    let holdUntil: string | undefined;
    for (const stored of line.events) {
      const event = { type: stored.type, data: stored.data } as StockEvent;
      if (event.type === 'StockReserved') {
        if (!present) addedAt = stored.position;
        quantity = present ? quantity + event.data.quantity : event.data.quantity;
        holdUntil = event.data.holdUntil;
        present = true;
      } else if (event.type === 'StockHoldRenewed') {
        if (present) holdUntil = event.data.holdUntil;
      } else if (present && (event.type === 'StockReturned' || event.type === 'StockHoldExpired' || event.type === 'StockSold')) {
        quantity -= event.data.quantity;
        present = quantity > 0;
      }
    }
    // A line reserved after it was taken from always ends with the hold that reservation (or a renewal) set.
    if (present) kept.push([line.cartId, line.productId, line.variantId, line.variantKey, quantity, holdUntil!, addedAt!]);
    else emptied.push([line.cartId, line.productId, line.variantKey]);
  }
  if (kept.length > 0) {
    await tx.query(sql.unsafe`
      insert into cart_lines (cart_id, product_id, variant_id, variant_key, quantity, hold_until, added_at)
      select * from ${sql.unnest(kept, ['uuid', 'int4', 'int4', 'text', 'int4', 'timestamptz', 'text'])}
      on conflict (cart_id, product_id, variant_key)
      do update set quantity = excluded.quantity, hold_until = excluded.hold_until, added_at = excluded.added_at`);
  }
  if (emptied.length > 0) {
    await tx.query(sql.unsafe`
      delete from cart_lines l
       using ${sql.unnest(emptied, ['uuid', 'int4', 'text'])} as d(cart_id, product_id, variant_key)
       where l.cart_id = d.cart_id and l.product_id = d.product_id and l.variant_key = d.variant_key`);
  }
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
