import { sql, type FragmentSqlToken } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection, ProjectionContext } from '../../src/projections/types';
import { cardOutcomeOf, countsInTally, progressNewsOf, ORDER_EVENT_TYPES, orderStatusAfter, type KitchenEvent, type KitchenStatus, type OrderRefunded, type OrderRefundFailed } from '../../modules/order';
import { checkoutEventOf, checkoutStatements, isCheckoutEvent, PERSONAL_COLUMNS, type CheckoutEvent } from './batch';
import type { PersonalDataErased } from '../../modules/privacy';
import { ERASED, idInSubject } from '../../src/personal-data';

import { COUNTS_IN_TALLY, refundsOfDay, tallyOfDay } from './queries';

type Tx = ProjectionContext['tx'];

/**
 * The day's takings as each submission of a run leaves them: the takings of its trading day without the run's
 * orders, plus those of the run up to and including it that count (an order submitted paid counts at once).
 */
async function talliesAfter(tx: Tx, submitted: ReadonlyArray<{ orderId: string; status: KitchenStatus; totalPence: number }>): Promise<Map<string, number>> {
  const ids = sql.array(submitted.map((order) => order.orderId), 'uuid');
  const rows = (await tx.any(sql.unsafe`
    with days as (select order_id, trading_day from orders where order_id = any(${ids})),
    takings as (
      select trading_day, sum(total_pence)::int as tally from orders
       where trading_day in (select trading_day from days) and order_id <> all(${ids}) and ${COUNTS_IN_TALLY}
       group by trading_day
    )
    select d.order_id, d.trading_day::text as day, (coalesce(t.tally, 0) - ${refundsOfDay(sql.fragment`d.trading_day`)})::int as tally
      from days d left join takings t using (trading_day)`)) as Array<{ order_id: string; day: string; tally: number }>;
  const before = new Map(rows.map((row) => [row.order_id, row]));
  const running = new Map<string, number>();
  const tallies = new Map<string, number>();
  for (const order of submitted) {
    // An order with no row cannot happen (OrderPlaced comes first); it would count in no day's takings.
    const { day, tally } = before.get(order.orderId) ?? { day: '', tally: 0 };
    const now = (running.get(day) ?? tally) + (countsInTally(order.status) ? order.totalPence : 0);
    running.set(day, now);
    tallies.set(order.orderId, now);
  }
  return tallies;
}

const tallyFor = (tx: Tx, orderId: string) => tallyOfDay(tx, sql.fragment`(select trading_day from orders where order_id = ${orderId})`);

/**
 * Orders as customers and the kitchen read them. Staff screens hear of each submitted order (NewOrder, with
 * today's tally) and each change of status (OrderChange) through the live outbox, in the same transaction; the
 * customer's checkout hears its own card attempt's outcome on the order's private channel (CardOutcome), and
 * its order-complete or status page each move of the order's steps (OrderProgressed, issue 31).
 * A status is what the order module's orderStatusAfter says, never a copy of its rule here.
 *
 * A batch goes in runs: the checkout events between two kitchen events are folded into a few statements
 * (batch.ts), each kitchen event (rarer) is applied on its own, in the order they came.
 */
export const ordersProjection: Projection = {
  name: 'orders',
  eventTypes: [...ORDER_EVENT_TYPES, 'PersonalDataErased'],
  tables: ['orders', 'order_refunds'],
  writeCounters: { orders: ['version'] },
  apply: (stored, context) => applyOrders([stored], context),
  applyAll: applyOrders,
  // A batch of checkout steps that submits nothing (what a steady trickle of orders brings) goes in one round trip.
  batchStatement: (events, guard) => {
    const run = events.map(checkoutEventOf);
    if (!run.every(isCheckoutEvent)) return undefined;
    const { statements, submitted } = checkoutStatements(run, guard);
    return statements.length === 1 && submitted.length === 0 ? statements[0] : undefined;
  },
};

async function applyOrders(stored: StoredEvent[], { tx, publish }: ProjectionContext): Promise<void> {
  let run: CheckoutEvent[] = [];
  let runStored: StoredEvent[] = [];
  const flush = async () => {
    if (run.length === 0) return;
    const { statements, submitted } = checkoutStatements(run);
    const submissions = new Map(runStored.filter((one) => one.type === 'OrderSubmitted').map((one) => [(one.data as { orderId: string }).orderId, one]));
    run = [];
    runStored = [];
    for (const statement of statements) await tx.query(sql.unsafe`${statement}`);
    if (submitted.length === 0) return;
    // In the order they were submitted: the map keeps its keys in the order of the run.
    for (const [id, tally] of await talliesAfter(tx, submitted)) {
      await publish('orders', 'NewOrder', { id, tally });
      await tellCustomer(publish, submissions.get(id));
    }
  };
  for (const one of stored) {
    if (one.type === 'PersonalDataErased') {
      await flush();
      await eraseOrder(tx, publish, one.data as PersonalDataErased['data']);
      continue;
    }
    const event = checkoutEventOf(one);
    if (isCheckoutEvent(event)) {
      run.push(event);
      runStored.push(one);
      continue;
    }
    // A card attempt freezes an order still in checkout: nothing the kitchen or the books see changes.
    // The time chosen is the order's from its submission (OrderSubmitted.scheduledFor), as the kitchen sees it.
    if (event.type === 'CardAttemptStarted' || event.type === 'CardAttemptEnded' || event.type === 'OrderTimeChosen') continue;
    await flush();
    if (event.type === 'OrderJoinedToAccount') {
      await tx.query(sql.unsafe`update orders set user_id = ${event.data.userId} where order_id = ${event.data.orderId}`);
      continue;
    }
    if (event.type === 'OrderRefunded' || event.type === 'OrderRefundFailed') {
      await (event.type === 'OrderRefunded' ? refunded(tx, publish, event) : refundFailed(tx, publish, event));
      await tellCustomer(publish, one);
      continue;
    }
    await kitchenChange(tx, publish, event);
    await tellCustomer(publish, one);
  }
  await flush();
  for (const one of stored) {
    const outcome = cardOutcomeOf(one);
    if (outcome) await publish('order', 'CardOutcome', outcome, outcome.orderId);
  }
}

/** The customer's open order page hears each move of its order's steps (issue 31), in the order they came. */
async function tellCustomer(publish: ProjectionContext['publish'], event: StoredEvent | undefined) {
  const progressed = event && progressNewsOf(event);
  if (progressed) await publish('order', 'OrderProgressed', progressed, progressed.orderId);
}

/**
 * An order's personal columns read "[erased]"; its money, dishes and times stay for the books. Open staff
 * screens hear of it at once and show the order again without the person (issue 38).
 */
async function eraseOrder(tx: Tx, publish: ProjectionContext['publish'], { subject }: PersonalDataErased['data']) {
  const orderId = idInSubject(subject, 'guest_order');
  if (!orderId) return;
  const erased = await tx.query(sql.unsafe`
    update orders set ${sql.join(PERSONAL_COLUMNS.map((column) => sql.fragment`${sql.identifier([column])} = ${ERASED}`), sql.fragment`, `)}
     where order_id = ${orderId}`);
  if (erased.rowCount > 0) await publish('orders', 'OrderErased', { id: orderId });
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
    case 'OrderReleased': // an order for later comes to the kitchen as NEW (issue 37)
      return current === 'SCHEDULED' ? sql.fragment`released_at = ${event.data.releasedAt}` : sql.fragment`released_at = released_at`;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * Money given back (issue 35): the order shows what was refunded, and the refund comes off the takings of the day
 * it was made on; staff screens refetch the order and get that day's tally.
 */
async function refunded(tx: Tx, publish: ProjectionContext['publish'], { data }: OrderRefunded) {
  const added = await tx.query(sql.unsafe`
    insert into order_refunds (order_id, refund_no, trading_day, amount_pence, by_hand, reason, lines, restocked, refunded_at)
    values (${data.orderId}, ${data.refundNo}, ${data.tradingDay}, ${data.amountPence}, ${data.byHand}, ${data.reason},
            ${sql.array(data.lines, 'int4')}, ${data.restocked}, ${data.refundedAt})
    on conflict do nothing`);
  if (added.rowCount === 0) return;
  const status = (await tx.oneFirst(sql.unsafe`
    update orders set refunded_pence = refunded_pence + ${data.amountPence}, refund_standing = ${data.full ? 'FULL' : 'PART'}
     where order_id = ${data.orderId} returning status`)) as KitchenStatus;
  await publish('orders', 'OrderChange', { id: data.orderId, status, tally: await tallyOfDay(tx, sql.fragment`${data.tradingDay}::date`) });
}

/** A refund the card's provider refused gave nothing: it leaves the order's refunded money and its day's takings. */
async function refundFailed(tx: Tx, publish: ProjectionContext['publish'], { data }: OrderRefundFailed) {
  const day = await tx.maybeOneFirst(sql.unsafe`
    update order_refunds set failed_at = ${data.failedAt}
     where order_id = ${data.orderId} and refund_no = ${data.refundNo} and failed_at is null
    returning trading_day::text`);
  if (day === null) return;
  const status = (await tx.oneFirst(sql.unsafe`
    update orders set refunded_pence = refunded_pence - ${data.amountPence},
           refund_standing = ${data.standing}
     where order_id = ${data.orderId} returning status`)) as KitchenStatus;
  await publish('orders', 'OrderChange', { id: data.orderId, status, tally: await tallyOfDay(tx, sql.fragment`${day as string}::date`) });
}

/** A kitchen event moves the status as the order module says, records its facts, and tells staff screens. */
async function kitchenChange(tx: Tx, publish: ProjectionContext['publish'], event: KitchenEvent) {
  const { orderId } = event.data;
  const current = (await tx.oneFirst(sql.unsafe`select status from orders where order_id = ${orderId}`)) as KitchenStatus;
  const status = orderStatusAfter(current, event);
  await tx.query(sql.unsafe`update orders set status = ${status}, ${kitchenColumns(event, current)} where order_id = ${orderId}`);
  // Paid, or cancelled, the order enters or leaves the day's takings: staff screens get the new tally with it.
  const tally = countsInTally(current) !== countsInTally(status) ? { tally: await tallyFor(tx, orderId) } : {};
  // The screen shows the status at once and fetches the rest of the order (due time, copies) itself.
  await publish('orders', 'OrderChange', { id: orderId, status, ...tally });
}
