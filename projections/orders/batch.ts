import { sql, type FragmentSqlToken } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import { orderRef, orderTotalPence, type OrderEvent, type OrderSubmitted } from '../../modules/order';

/** The events of the checkout, which write columns of one row and (OrderSubmitted) tell staff screens. */
export type CheckoutEvent = Extract<
  OrderEvent,
  {
    type: 'OrderPlaced' | 'OrderItemsRefreshed' | 'TakeawayMethodChosen' | 'DeliveryDetailsGiven' | 'PaymentMethodChosen' | 'OrderSubmitted' | 'VoucherApplied' | 'VoucherRemoved';
  }
>;

const CHECKOUT_TYPES = new Set<string>([
  'OrderPlaced',
  'OrderItemsRefreshed',
  'TakeawayMethodChosen',
  'DeliveryDetailsGiven',
  'PaymentMethodChosen',
  'OrderSubmitted',
  'VoucherApplied',
  'VoucherRemoved',
]);

export const isCheckoutEvent = (event: OrderEvent): event is CheckoutEvent => CHECKOUT_TYPES.has(event.type);

/** Every column a checkout event writes, with its SQL type; text columns are `not null default ''`. */
const COLUMNS = {
  order_id: 'uuid',
  ref: 'text',
  cart_id: 'uuid',
  user_id: 'uuid',
  status: 'text',
  email: 'text',
  full_name: 'text',
  address_1: 'text',
  address_2: 'text',
  address_3: 'text',
  town_city: 'text',
  postcode: 'text',
  phone_number: 'text',
  delivery_info: 'text',
  allergy_info: 'text',
  note: 'text',
  ta_method: 'text',
  postage_pence: 'int4',
  items: 'jsonb',
  items_total_pence: 'int4',
  total_pence: 'int4',
  payment_method: 'text',
  submitted_at: 'timestamptz',
  trading_day: 'date',
  lapse_at: 'timestamptz',
  voucher_code: 'text',
  voucher_deduction_pence: 'int4',
  scheduled_for: 'timestamptz',
} as const;
type Column = keyof typeof COLUMNS;

/** The columns that hold a customer's personal data (the order module's sealed fields): erasure blanks them. */
export const PERSONAL_COLUMNS = ['email', 'full_name', 'address_1', 'address_2', 'address_3', 'town_city', 'postcode', 'phone_number', 'delivery_info', 'allergy_info', 'note'] as const satisfies readonly Column[];
type Row = Partial<Record<Column, unknown>>;

/** A new row's columns before any event: the table's defaults. */
const NEW_ROW: Row = {
  user_id: null, email: '', full_name: '', address_1: '', address_2: '', address_3: '', town_city: '', postcode: '',
  phone_number: '', delivery_info: '', allergy_info: '', note: '', ta_method: null, postage_pence: null, payment_method: null, submitted_at: null, trading_day: null, lapse_at: null,
  voucher_code: null, voucher_deduction_pence: 0, scheduled_for: null,
};

/**
 * The columns one checkout event writes. The total is the order module's (orderTotalPence); until
 * submission, when the decider's own total is stored, it is the items' total.
 */
export function columnsOf(event: CheckoutEvent): Row {
  switch (event.type) {
    case 'OrderPlaced': {
      const o = event.data;
      return {
        order_id: o.orderId, ref: orderRef(o.orderId), cart_id: o.cartId, user_id: o.userId, status: 'checkout', email: o.email ?? '',
        note: o.note, items: o.items, items_total_pence: o.itemsTotalPence,
        total_pence: orderTotalPence({ itemsTotalPence: o.itemsTotalPence, postagePence: 0, voucherDeductionPence: 0 }),
      };
    }
    case 'OrderItemsRefreshed': {
      const o = event.data;
      return {
        items: o.items, items_total_pence: o.itemsTotalPence, note: o.note, ta_method: null, postage_pence: null, voucher_code: null,
        total_pence: orderTotalPence({ itemsTotalPence: o.itemsTotalPence, postagePence: 0, voucherDeductionPence: 0 }),
      };
    }
    case 'TakeawayMethodChosen': {
      const o = event.data;
      // A method chosen without a postcode (collection) keeps the one the order has.
      return { ta_method: o.method, postage_pence: o.postagePence, ...(o.postcode !== null ? { postcode: o.postcode } : {}) };
    }
    case 'DeliveryDetailsGiven': {
      const d = event.data;
      return {
        email: d.email, full_name: d.fullName, address_1: d.address1, address_2: d.address2, address_3: d.address3,
        town_city: d.townCity, postcode: d.postcode, phone_number: d.phone, delivery_info: d.deliveryInfo,
        allergy_info: d.allergyInfo,
      };
    }
    case 'PaymentMethodChosen':
      return { payment_method: event.data.method };
    case 'OrderSubmitted': {
      const o = event.data;
      return {
        status: o.status, payment_method: o.paymentMethod, total_pence: o.totalPence, submitted_at: o.submittedAt,
        trading_day: o.tradingDay, lapse_at: o.lapseAt ?? null, voucher_deduction_pence: o.voucherDeductionPence,
        scheduled_for: o.scheduledFor ?? null,
      };
    }
    case 'VoucherApplied':
      return { voucher_code: event.data.code };
    case 'VoucherRemoved':
      return { voucher_code: null };
    default: {
      const never: never = event;
      return never;
    }
  }
}

export interface Submission {
  orderId: string;
  status: OrderSubmitted['data']['status'];
  totalPence: number;
}

/**
 * A run of checkout events folded per order, in event order, into at most two statements, each writing only
 * where `guard` holds: the orders placed in the run inserted whole, the others updated in the columns the run
 * wrote. What applying them one by one gives, in a few round trips however many orders a busy evening brings
 * at once. Also answers the orders the run submitted, in order.
 */
export function checkoutStatements(run: CheckoutEvent[], guard: FragmentSqlToken = sql.fragment`true`): { statements: FragmentSqlToken[]; submitted: Submission[] } {
  const placed = new Map<string, Row>();
  const changed = new Map<string, Row>();
  const submitted: Submission[] = [];
  for (const event of run) {
    const { orderId } = event.data;
    const columns = columnsOf(event);
    if (event.type === 'OrderPlaced') placed.set(orderId, { ...NEW_ROW, ...columns });
    else if (placed.has(orderId)) Object.assign(placed.get(orderId)!, columns);
    else changed.set(orderId, { ...changed.get(orderId), ...columns });
    if (event.type === 'OrderSubmitted') submitted.push({ orderId, status: event.data.status, totalPence: event.data.totalPence });
  }
  const statements: FragmentSqlToken[] = [];
  if (placed.size > 0) {
    const names = Object.keys(COLUMNS) as Column[];
    statements.push(sql.fragment`
      insert into orders (${sql.join(names.map((name) => sql.identifier([name])), sql.fragment`, `)})
      select ${sql.join(names.map((name) => valueOf(name)), sql.fragment`, `)}
        from jsonb_array_elements(${sql.jsonb([...placed.values()] as never)}) with ordinality as r(v, place)
       where ${guard}
       order by r.place
      on conflict (order_id) do nothing`);
  }
  if (changed.size > 0) {
    const names = [...new Set([...changed.values()].flatMap((row) => Object.keys(row)))] as Column[];
    const rows = [...changed].map(([orderId, row]) => ({ ...row, order_id: orderId }));
    statements.push(sql.fragment`
      update orders o
         set ${sql.join(names.map((name) => sql.fragment`${sql.identifier([name])} = case when r.v ? ${name} then ${valueOf(name)} else o.${sql.identifier([name])} end`), sql.fragment`, `)}
        from jsonb_array_elements(${sql.jsonb(rows as never)}) as r(v)
       where o.order_id = (r.v->>'order_id')::uuid and ${guard}`);
  }
  return { statements, submitted };
}

/** One column of the row `r.v`, as its SQL type. */
function valueOf(name: Column): FragmentSqlToken {
  const value = sql.fragment`r.v->>${name}`;
  switch (COLUMNS[name]) {
    case 'jsonb':
      return sql.fragment`(r.v->${name})`;
    case 'uuid':
      return sql.fragment`(${value})::uuid`;
    case 'int4':
      return sql.fragment`(${value})::int4`;
    case 'timestamptz':
      return sql.fragment`(${value})::timestamptz`;
    case 'date':
      return sql.fragment`(${value})::date`;
    case 'text':
      return sql.fragment`(${value})`;
  }
}

export const checkoutEventOf = (stored: StoredEvent) => ({ type: stored.type, data: stored.data }) as OrderEvent;
