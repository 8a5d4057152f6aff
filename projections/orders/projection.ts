import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { FragmentSqlToken } from 'slonik';
import type { Projection, ProjectionContext } from '../../src/projections/types';
import { londonDate } from '../../src/shared/london-time';
import { ORDER_EVENT_TYPES, type OrderEvent } from '../../modules/order';
import { COUNTS_IN_TALLY } from './queries';

type Tx = ProjectionContext['tx'];

async function tallyFor(tx: Tx, orderId: string): Promise<number> {
  return (await tx.oneFirst(sql.unsafe`
    select coalesce(sum(total_pence), 0)::int from orders
     where trading_day = (select trading_day from orders where order_id = ${orderId}) and ${COUNTS_IN_TALLY}`)) as number;
}

/**
 * Orders as customers and the kitchen read them. Staff screens hear of each submitted order (NewOrder, with
 * today's tally) and each change of status (OrderChange) through the live outbox, in the same transaction.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  eventTypes: ORDER_EVENT_TYPES,
  tables: ['orders'],
  async apply(stored: StoredEvent, { tx, publish }) {
    const event = { type: stored.type, data: stored.data } as OrderEvent;
    const quiet = quietStatement(event, sql.fragment`true`);
    if (quiet) {
      await tx.query(sql.unsafe`${quiet}`);
      return;
    }
    switch (event.type) {
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
        await changeStatus(tx, publish, event.data.orderId, 'NEW', sql.fragment`paid_at = ${event.data.paidAt}, due_by = ${event.data.dueBy}`);
        return;
      case 'OrderPrinted':
        await tx.query(sql.unsafe`
          update orders set printed_copies = ${event.data.copy},
                 status = case when status = 'NEW' then 'PRINTED' else status end
           where order_id = ${event.data.orderId}`);
        await publishStatus(tx, publish, event.data.orderId);
        return;
      case 'CustomerNotified':
        await tx.query(sql.unsafe`
          update orders set notified_at = ${event.data.notifiedAt},
                 status = case when status = 'COMPLETE' then status else 'NOTIFIED' end
           where order_id = ${event.data.orderId}`);
        await publishStatus(tx, publish, event.data.orderId);
        return;
      case 'OrderCompleted':
        await changeStatus(tx, publish, event.data.orderId, 'COMPLETE', sql.fragment`completed_at = ${event.data.completedAt}`);
        return;
      case 'OrderCancelled':
        // The day's tally no longer counts it: staff screens get the new one with the change.
        await changeStatus(tx, publish, event.data.orderId, 'CANCELLED', sql.fragment`cancelled_at = ${event.data.cancelledAt}`, { withTally: true });
        return;
      default:
        throw new Error(`orders projection: no statement for ${event.type}`);
    }
  },
  // A batch of one checkout step (what a steady trickle of orders brings) goes in one round trip.
  batchStatement: (events, guard) =>
    events.length === 1 ? quietStatement({ type: events[0].type, data: events[0].data } as OrderEvent, guard) : undefined,
};

/**
 * The checkout steps, which change one row and tell staff screens nothing, as one statement each that
 * writes only where `guard` holds; undefined for the events that publish.
 */
function quietStatement(event: OrderEvent, guard: FragmentSqlToken): FragmentSqlToken | undefined {
  switch (event.type) {
    case 'OrderPlaced': {
      const o = event.data;
      return sql.fragment`
        insert into orders (order_id, ref, cart_id, user_id, status, email, note, items, items_total_pence, total_pence)
        select ${o.orderId}::uuid, ${o.orderId.slice(0, 8).toUpperCase()}::text, ${o.cartId}::uuid, ${o.userId}::uuid, 'checkout',
               ${o.email ?? ''}::text, ${o.note}::text, ${sql.jsonb(o.items)}, ${o.itemsTotalPence}::int, ${o.itemsTotalPence}::int
         where ${guard}`;
    }
    case 'OrderItemsRefreshed': {
      const o = event.data;
      return sql.fragment`
        update orders set items = ${sql.jsonb(o.items)}, items_total_pence = ${o.itemsTotalPence}, note = ${o.note},
               ta_method = null, postage_pence = null, total_pence = ${o.itemsTotalPence}
         where order_id = ${o.orderId} and ${guard}`;
    }
    case 'TakeawayMethodChosen': {
      const o = event.data;
      return sql.fragment`
        update orders set ta_method = ${o.method}, postage_pence = ${o.postagePence},
               total_pence = items_total_pence + ${o.postagePence}, postcode = coalesce(${o.postcode}, postcode)
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
    default:
      return undefined;
  }
}

async function changeStatus(
  tx: Tx,
  publish: ProjectionContext['publish'],
  orderId: string,
  status: string,
  also: ReturnType<typeof sql.fragment>,
  options: { withTally?: boolean } = {},
) {
  await tx.query(sql.unsafe`update orders set status = ${status}, ${also} where order_id = ${orderId}`);
  await publishStatus(tx, publish, orderId, options.withTally ? { tally: await tallyFor(tx, orderId) } : {});
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
