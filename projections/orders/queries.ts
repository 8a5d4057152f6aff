import { sql, type FragmentSqlToken } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import { countsInTally, KITCHEN_STATUSES, type KitchenOrder, type KitchenStatus, type RefundStanding } from '../../src/shared/order';

import { refundableNow, type KitchenOrders, type OrderPaymentMethod, type UnpaidOrders } from '../../modules/order';
import { readOpeningHours, tradingDayOf } from '../../modules/store';
import type { SettingsSource } from '../../src/services';
import { SUBJECT_PREFIX } from '../../src/personal-data';

export type { KitchenOrder };

const GUEST_ORDER_PREFIX = SUBJECT_PREFIX.guest_order;

/** The order module's KitchenOrders port, on this read model; "today" is the store's trading day at `now` on its current hours. */
export function kitchenOrders(pool: DatabasePool, settings: SettingsSource): KitchenOrders {
  const today = async (now: Date) => tradingDayOf(now, await readOpeningHours(settings));
  return {
    placed: (orderId, now) => placedOrder(pool, orderId, now),
    today: async (now) => todaysOrders(pool, await today(now), now),
    tally: async (now) => todaysTally(pool, await today(now)),
  };
}

/** The orders the day's tally counts: placed, in a status the order module counts. */
export const COUNTS_IN_TALLY = sql.fragment`submitted_at is not null and status = any(${sql.array(KITCHEN_STATUSES.filter(countsInTally), 'text')})`;

interface OrderRow {
  order_id: string;
  ref: string;
  status: string;
  email: string;
  full_name: string;
  address_1: string;
  address_2: string;
  address_3: string;
  town_city: string;
  postcode: string;
  phone_number: string;
  delivery_info: string;
  allergy_info: string;
  note: string;
  ta_method: string | null;
  postage_pence: number | null;
  items: Array<{ productId: number; variantId?: number | null; name: string; variantName: string; unitPricePence: number; quantity: number; virtual?: boolean }>;
  items_total_pence: number;
  total_pence: number;
  payment_method: string | null;
  submitted_at: number | null;
  paid_at: number | null;
  due_by: number | null;
  notified_at: number | null;
  printed_copies: number;
  version: bigint;
  completed_at: number | null;
  lapse_at: number | null;
  voucher_code: string | null;
  voucher_deduction_pence: number;
  refunded_pence: number;
  refund_standing: string;
  refunded_lines: number[];
  refund_failed_pence: number;
  scheduled_for: number | null;
  released_at: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** An order as the staff screens read it (staff spec §3). */
export function kitchenOrder(row: OrderRow, now: Date): KitchenOrder {
  const dueBy = iso(row.due_by);
  return {
    id: row.order_id,
    ref: row.ref,
    status: row.status as KitchenStatus,
    full_name: row.full_name,
    email: row.email,
    phone_number: row.phone_number,
    address_1: row.address_1,
    address_2: row.address_2,
    address_3: row.address_3,
    town_city: row.town_city,
    postcode: row.postcode,
    delivery_info: row.delivery_info,
    allergy_info: row.allergy_info,
    extra_info: row.note,
    payment_method: row.payment_method,
    ta_method: row.ta_method,
    postage: row.postage_pence,
    items_total: row.items_total_pence,
    total_cost: row.total_pence,
    voucher_code: row.voucher_code,
    voucher_deduction: row.voucher_deduction_pence,
    updated_at: iso(row.submitted_at),
    paid_at: iso(row.paid_at),
    due_by: dueBy,
    remaining: row.due_by === null ? null : Math.round((row.due_by - now.getTime()) / 1000),
    lapse_at: row.status === 'AWAITING-PAYMENT' ? iso(row.lapse_at) : null,
    lapse_remaining: row.status === 'AWAITING-PAYMENT' && row.lapse_at !== null ? Math.round((row.lapse_at - now.getTime()) / 1000) : null,
    notified_at: iso(row.notified_at),
    printed_copies: row.printed_copies,
    version: Number(row.version),
    completed_at: iso(row.completed_at),
    order_items: row.items.map((item) => ({
      product_id: item.productId,
      variant_id: item.variantId ?? null,
      quantity: item.quantity,
      price: item.unitPricePence,
      name: item.variantName ? `${item.name} (${item.variantName})` : item.name,
      virtual: item.virtual === true,
    })),
    refunded: row.refunded_pence,
    refund_standing: row.refund_standing as RefundStanding,
    refunded_lines: row.refunded_lines,
    refundable: refundableNow({ status: row.status as KitchenStatus, paymentMethod: row.payment_method as OrderPaymentMethod, paidPence: row.total_pence, refundedPence: row.refunded_pence }),
    refund_failed: row.refund_failed_pence,
    takeawayorder: { order_status: row.status, due_by: dueBy },
    scheduled_for: iso(row.scheduled_for),
    released_at: iso(row.released_at),
  };
}


const COLUMNS = sql.fragment`order_id, ref, status, email, full_name, address_1, address_2, address_3, town_city, postcode,
  phone_number, delivery_info, allergy_info, note, ta_method, postage_pence, items, items_total_pence, total_pence, payment_method,
  submitted_at, paid_at, due_by, notified_at, printed_copies, version, completed_at, lapse_at, voucher_code, voucher_deduction_pence, refunded_pence, refund_standing, scheduled_for, released_at,
  (select coalesce(array_agg(line order by line), '{}') from order_refunds r, unnest(r.lines) line where r.order_id = orders.order_id and r.failed_at is null) as refunded_lines,
  (select coalesce(sum(amount_pence), 0) from order_refunds r where r.order_id = orders.order_id and r.failed_at is not null
      and r.refund_no > (select coalesce(max(g.refund_no), 0) from order_refunds g where g.order_id = orders.order_id and g.failed_at is null))::int
    as refund_failed_pence`;

/** A trading day's placed orders, newest first; an order for later by its slot (issue 37). */
export async function todaysOrders(pool: DatabasePool, day: string, now: Date): Promise<KitchenOrder[]> {
  const rows = await pool.any(sql.unsafe`
    select ${COLUMNS} from orders where trading_day = ${day} and submitted_at is not null
     order by coalesce(scheduled_for, submitted_at) desc, submitted_at desc`);
  return (rows as unknown as OrderRow[]).map((row) => kitchenOrder(row, now));
}

/** Money given back on a trading day (issue 35): it comes off that day's takings, whichever day the order was. */
export const refundsOfDay = (day: FragmentSqlToken) => sql.fragment`(select coalesce(sum(amount_pence), 0) from order_refunds where trading_day = ${day} and failed_at is null)`;

/** A trading day's takings, in pence: its orders that count, less the refunds made on it (the one SQL of it). */
export async function tallyOfDay(db: Pick<DatabasePool, 'oneFirst'>, day: FragmentSqlToken): Promise<number> {
  return (await db.oneFirst(sql.unsafe`
    select (coalesce(sum(total_pence), 0) - ${refundsOfDay(day)})::int from orders where trading_day = ${day} and ${COUNTS_IN_TALLY}`)) as number;
}

export const todaysTally = (pool: DatabasePool, day: string) => tallyOfDay(pool, sql.fragment`${day}::date`);

export async function placedOrder(pool: DatabasePool, orderId: string, now: Date): Promise<KitchenOrder | null> {
  const row = await pool.maybeOne(sql.unsafe`select ${COLUMNS} from orders where order_id = ${orderId} and submitted_at is not null`);
  return row ? kitchenOrder(row as unknown as OrderRow, now) : null;
}

/**
 * The order module's UnpaidOrders port, on this read model. The status is written out, not a parameter: the
 * planner uses the partial indexes of migration 021 only when the query's predicate names the same literal.
 */
/**
 * The orders awaiting payment of one phone number, one email (found by their keyed hashes in pii.lookups,
 * never by the plaintext) and one session.
 */
export function unpaidOrders(pool: DatabasePool, lookupHash: (kind: 'email' | 'phone', value: string) => string): UnpaidOrders {
  const awaitingWith = (kind: 'email' | 'phone', value: string) => sql.fragment`
    (select count(*) from pii.lookups l
       join orders o on o.order_id = case when l.subject_id like ${GUEST_ORDER_PREFIX + '%'} then substr(l.subject_id, ${GUEST_ORDER_PREFIX.length + 1})::uuid end
      where l.kind = ${kind} and l.hash = ${lookupHash(kind, value)} and o.status = 'AWAITING-PAYMENT')::int`;
  return {
    async waiting({ phone, email, orderIds }) {
      const row = (await pool.one(sql.unsafe`
        select
          ${awaitingWith('phone', phone)} as phone,
          ${awaitingWith('email', email)} as email,
          (select count(*) from orders where status = 'AWAITING-PAYMENT' and order_id = any(${sql.array(orderIds, 'uuid')}))::int as session`)) as {
        phone: number;
        email: number;
        session: number;
      };
      return row;
    },
  };
}

/**
 * Placed orders newest first, a page at a time (the public API, issue 41): of one trading day or of all, after
 * the order the cursor names (its placing time and id, which order the list); by the index of migration 083.
 */
export async function placedOrdersPage(pool: DatabasePool, query: { day?: string; after?: { at: string; id: string }; limit: number }, now: Date): Promise<KitchenOrder[]> {
  const day = query.day === undefined ? sql.fragment`true` : sql.fragment`trading_day = ${query.day}`;
  const after = query.after === undefined ? sql.fragment`true` : sql.fragment`(submitted_at, order_id) < (${query.after.at}::timestamptz, ${query.after.id}::uuid)`;
  const rows = await pool.any(sql.unsafe`
    select ${COLUMNS} from orders where submitted_at is not null and ${day} and ${after}
     order by submitted_at desc, order_id desc limit ${query.limit}`);
  return (rows as unknown as OrderRow[]).map((row) => kitchenOrder(row, now));
}
