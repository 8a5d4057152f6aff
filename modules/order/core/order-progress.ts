import type { LiveData } from '../../../src/shared/live-contract';
import { orderRef, type KitchenStatus } from '../../../src/shared/order';
import type { ExpectedTime, OrderProgress, ProgressStep, ProgressStepName } from '../../../src/shared/order-progress';
import type { OrderEvent } from './events';
import { failedPenceOf, givenRefunds, refundedPenceOf, refundStandingOf } from './refunds';
import type { Placed, OrderState } from './state';

/** How far along the way each status of an order still to be served is (placed, paid, cooking, ready, completed). */
const STEPS_DONE: Record<Exclude<KitchenStatus, 'CANCELLED'>, number> = { 'AWAITING-PAYMENT': 1, SCHEDULED: 2, NEW: 2, PRINTED: 3, NOTIFIED: 4, COMPLETE: 5 };

/**
 * The order's steps as its customer follows them (issue 31): placed, paid, cooking (its first ticket printed),
 * ready for collection or on its way (the customer notified), completed; or placed, then lapsed or cancelled.
 * How far it got is its status (`orderStatusAfter` is the one home of the transitions); the times are the
 * kitchen's. `waitMinutes` is the wait the store's status quotes now, for an order not yet paid. Null for an
 * order not placed.
 */
export function orderProgress(state: OrderState, facts: { waitMinutes: number }): OrderProgress | null {
  if (state.status === 'none' || state.status === 'checkout') return null;
  const placedAt = state.submitted.submittedAt;
  if (state.status === 'CANCELLED') {
    const end = state.cancelledBecause === 'lapsed' ? 'lapsed' : 'cancelled';
    return progressOf(state, [reached('placed', placedAt), reached(end, state.cancelledAt)], null);
  }
  // An order submitted paid (before payments were their own event) was paid when it was placed.
  const paidAt = state.paidAt ?? (state.submitted.status === 'NEW' ? placedAt : null);
  const served: ProgressStepName = state.method?.method === 'DELIVER' ? 'on-its-way' : 'ready';
  const done = STEPS_DONE[state.status];
  const steps = (
    [
      ['placed', placedAt],
      ['paid', paidAt],
      ['cooking', state.printedAt],
      [served, state.notifiedAt],
      ['completed', state.completedAt],
    ] as const
  ).map(([step, at], index): ProgressStep => (index < done ? reached(step, at) : { step, reached: false, at: null }));
  return progressOf(state, steps, expectedOf(state, facts.waitMinutes));
}

function reached(step: ProgressStepName, at: string | null): ProgressStep {
  return { step, reached: true, at };
}

/**
 * The kitchen's promise: before payment, the wait after paying, or the slot booked (issue 37); then the time set
 * when it was paid (the slot, for an order for later), until it is ready.
 */
function expectedOf(order: Placed, waitMinutes: number): ExpectedTime {
  switch (order.status) {
    case 'AWAITING-PAYMENT':
      return order.scheduledFor ? { readyBy: order.scheduledFor } : { minutesAfterPayment: waitMinutes };
    case 'SCHEDULED':
    case 'NEW':
    case 'PRINTED':
      return order.dueBy ? { readyBy: order.dueBy } : null;
    default:
      return null;
  }
}

function progressOf(order: Placed, steps: ProgressStep[], expected: ExpectedTime): OrderProgress {
  return {
    orderId: order.orderId,
    ref: orderRef(order.orderId),
    method: order.method?.method ?? null,
    paymentMethod: order.submitted.paymentMethod,
    placedAt: order.submitted.submittedAt,
    scheduledFor: order.scheduledFor ?? null,
    current: steps.filter((step) => step.reached).at(-1)!.step,
    steps,
    expected,
    lapseAt: order.status === 'AWAITING-PAYMENT' ? (order.submitted.lapseAt ?? null) : null,
    refund: refundProgressOf(order),
  };
}

/** Money given back, and any the card's provider refused (not given back: the shop gives it another way). */
function refundProgressOf(order: Placed): OrderProgress['refund'] {
  if (order.refunds.length === 0) return null;
  const given = givenRefunds(order);
  return { refundedPence: refundedPenceOf(order), full: refundStandingOf(order) === 'FULL', byHand: given.length > 0 && given.every((one) => one.byHand), failedPence: failedPenceOf(order) };
}

/**
 * What the order's private live channel is told of an event (issue 31): that the order's steps moved (or money
 * went back, issue 35), so an open status page asks for them again. A reprint moves nothing; checkout events happen before there are steps.
 */
export function progressNewsOf(event: { type: string; data: unknown }): LiveData<'order', 'OrderProgressed'> | undefined {
  const { type, data } = event as OrderEvent;
  switch (type) {
    case 'OrderSubmitted':
    case 'OrderPaid':
    case 'OrderReleased':
    case 'CustomerNotified':
    case 'OrderCompleted':
    case 'OrderCancelled':
    case 'OrderRefunded':
    case 'OrderRefundFailed':
      return { orderId: data.orderId };
    case 'OrderPrinted':
      return data.copy === 1 ? { orderId: data.orderId } : undefined;
    default:
      return undefined;
  }
}
