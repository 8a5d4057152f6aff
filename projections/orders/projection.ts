import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { FragmentSqlToken } from 'slonik';
import type { Projection, ProjectionContext } from '../../src/projections/types';
import { londonDate } from '../../src/shared/london-time';
import { countsInTally, ORDER_EVENT_TYPES, orderRef, orderStatusAfter, orderTotalPence, type KitchenEvent, type KitchenStatus, type OrderEvent } from '../../modules/order';
import { COUNTS_IN_TALLY } from './queries';

type Tx = ProjectionContext['tx'];

/** The checkout steps: each changes one row and tells staff screens nothing. */
type QuietEvent = Extract<OrderEvent, { type: 'OrderPlaced' | 'OrderItemsRefreshed' | 'TakeawayMethodChosen' | 'DeliveryDetailsGiven' | 'PaymentMethodChosen' }>;

async function tallyFor(tx: Tx, orderId: string): Promise<number> {
  return (await tx.oneFirst(sql.unsafe`
    select coalesce(sum(total_pence), 0)::int from orders
     where trading_day = (select trading_day from orders where order_id = ${orderId}) and ${COUNTS_IN_TALLY}`)) as number;
}

/**
 * Orders as customers and the kitchen read them. Staff screens hear of each submitted order (NewOrder, with
 * today's tally) and each change of status (OrderChange) through the live outbox, in the same transaction.
 * A status is what the order module's orderStatusAfter says, never a copy of its rule here.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  eventTypes: ORDER_EVENT_TYPES,
  tables: ['orders'],
  async apply(stored: StoredEvent, { tx, publish }) {
    const event = { type: stored.type, data: stored.data } as OrderEvent;
    switch (event.type) {
      case 'OrderPlaced':
      case 'OrderItemsRefreshed':
      case 'TakeawayMethodChosen':
      case 'DeliveryDetailsGiven':
      case 'PaymentMethodChosen':
        await tx.query(sql.unsafe`${quietStatement(event, sql.fragment`true`)}`);
        return;
      case 'OrderSubmitted': {
        const o = event.data;
        await tx.query(sql.unsafe`
          update orders set status = ${o.status}, payment_method = ${o.paymentMethod}, total_pence = ${o.totalPence},
                 submitted_at = ${o.submittedAt}, trading_day = ${londonDate(o.submittedAt)}
           where order_id = ${o.orderId}`);
        await publish('orders', 'NewOrder', { id: o.orderId, tally: await tallyFor(tx, o.orderId) });
        return;
      }
      case 'OrderPaid':
      case 'OrderPrinted':
      case 'CustomerNotified':
      case 'OrderCompleted':
      case 'OrderCancelled':
        await kitchenChange(tx, publish, event);
        return;
      default: {
        const never: never = event;
        throw new Error(`orders projection: no statement for ${(never as { type: string }).type}`);
      }
    }
  },
  // A batch of one checkout step (what a steady trickle of orders brings) goes in one round trip.
  batchStatement: (events, guard) => {
    if (events.length !== 1) return undefined;
    const event = { type: events[0].type, data: events[0].data } as OrderEvent;
    return isQuiet(event) ? quietStatement(event, guard) : undefined;
  },
};

function isQuiet(event: OrderEvent): event is QuietEvent {
  return ['OrderPlaced', 'OrderItemsRefreshed', 'TakeawayMethodChosen', 'DeliveryDetailsGiven', 'PaymentMethodChosen'].includes(event.type);
}

/**
 * A checkout step as one statement that writes only where `guard` holds. The total is the order module's
 * (orderTotalPence); until submission, when the decider's own total is stored, it is the items' total.
 */
function quietStatement(event: QuietEvent, guard: FragmentSqlToken): FragmentSqlToken {
  switch (event.type) {
    case 'OrderPlaced': {
      const o = event.data;
      const total = orderTotalPence({ itemsTotalPence: o.itemsTotalPence, postagePence: 0, voucherDeductionPence: 0 });
      return sql.fragment`
        insert into orders (order_id, ref, cart_id, user_id, status, email, note, items, items_total_pence, total_pence)
        select ${o.orderId}::uuid, ${orderRef(o.orderId)}::text, ${o.cartId}::uuid, ${o.userId}::uuid, 'checkout',
               ${o.email ?? ''}::text, ${o.note}::text, ${sql.jsonb(o.items)}, ${o.itemsTotalPence}::int, ${total}::int
         where ${guard}`;
    }
    case 'OrderItemsRefreshed': {
      const o = event.data;
      const total = orderTotalPence({ itemsTotalPence: o.itemsTotalPence, postagePence: 0, voucherDeductionPence: 0 });
      return sql.fragment`
        update orders set items = ${sql.jsonb(o.items)}, items_total_pence = ${o.itemsTotalPence}, note = ${o.note},
               ta_method = null, postage_pence = null, total_pence = ${total}
         where order_id = ${o.orderId} and ${guard}`;
    }
    case 'TakeawayMethodChosen': {
      const o = event.data;
      return sql.fragment`
        update orders set ta_method = ${o.method}, postage_pence = ${o.postagePence}, postcode = coalesce(${o.postcode}, postcode)
         where order_id = ${o.orderId} and ${guard}`;
    }
    case 'DeliveryDetailsGiven': {
      const d = event.data;
      return sql.fragment`
        update orders set email = ${d.email}, full_name = ${d.fullName}, address_1 = ${d.address1}, address_2 = ${d.address2},
               address_3 = ${d.address3}, town_city = ${d.townCity}, postcode = ${d.postcode}, phone_number = ${d.phone},
               delivery_info = ${d.deliveryInfo}
         where order_id = ${d.orderId} and ${guard}`;
    }
    case 'PaymentMethodChosen':
      return sql.fragment`update orders set payment_method = ${event.data.method} where order_id = ${event.data.orderId} and ${guard}`;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** What a kitchen event records besides the status (as the order's evolve records it: a payment counts once). */
function kitchenColumns(event: KitchenEvent, current: KitchenStatus): FragmentSqlToken {
  switch (event.type) {
    case 'OrderPaid':
      return current === 'AWAITING-PAYMENT' ? sql.fragment`paid_at = ${event.data.paidAt}, due_by = ${event.data.dueBy}` : sql.fragment`paid_at = paid_at`;
    case 'OrderPrinted':
      return sql.fragment`printed_copies = ${event.data.copy}`;
    case 'CustomerNotified':
      return sql.fragment`notified_at = ${event.data.notifiedAt}`;
    case 'OrderCompleted':
      return sql.fragment`completed_at = ${event.data.completedAt}`;
    case 'OrderCancelled':
      return sql.fragment`cancelled_at = ${event.data.cancelledAt}`;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** A kitchen event moves the status as the order module says, records its facts, and tells staff screens. */
async function kitchenChange(tx: Tx, publish: ProjectionContext['publish'], event: KitchenEvent) {
  const { orderId } = event.data;
  const current = (await tx.oneFirst(sql.unsafe`select status from orders where order_id = ${orderId}`)) as KitchenStatus;
  const status = orderStatusAfter(current, event);
  await tx.query(sql.unsafe`update orders set status = ${status}, ${kitchenColumns(event, current)} where order_id = ${orderId}`);
  // Paid, or cancelled, the order enters or leaves the day's takings: staff screens get the new tally with it.
  const tally = countsInTally(current) !== countsInTally(status) ? { tally: await tallyFor(tx, orderId) } : {};
  await publishStatus(tx, publish, orderId, tally);
}

/** OrderChange carries what staff screens show of the change, so they need not fetch the order again. */
async function publishStatus(tx: Tx, publish: ProjectionContext['publish'], orderId: string, also: { tally?: number } = {}) {
  const row = (await tx.one(sql.unsafe`
    select status, due_by, notified_at, printed_copies from orders where order_id = ${orderId}`)) as {
    status: string;
    due_by: number | null;
    notified_at: number | null;
    printed_copies: number;
  };
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  await publish('orders', 'OrderChange', {
    id: orderId,
    status: row.status,
    due_by: iso(row.due_by),
    notified_at: iso(row.notified_at),
    printed_copies: row.printed_copies,
    ...also,
  });
}
