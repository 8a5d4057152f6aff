import { DomainError } from '../../../src/core/errors';
import { londonTime } from '../../../src/shared/london-time';
import type { CancelUnpaidOrder, CompleteOrder, LapseUnpaidOrder, MarkPaid, NotifyCustomer, PrintOrder, ReleaseScheduledOrder } from './commands';
import { promiseOf } from './time-rules';
import type { OrderEvent } from './events';
import type { OrderState, Placed } from './state';

export const NO_SUCH_ORDER = 'There is no such order';

function placed(state: OrderState): Placed {
  if (state.status === 'none') throw new DomainError('not_found', NO_SUCH_ORDER);
  if (state.status === 'checkout') throw new DomainError('conflict', 'This order has not been placed yet');
  return state;
}

/** A placed order the kitchen may still pay, print, notify or complete: every action but cancelling refuses a cancelled one. */
function stillToServe(state: OrderState): Placed {
  const order = placed(state);
  if (order.status === 'CANCELLED') throw new DomainError('conflict', 'This order was cancelled: it was not paid');
  return order;
}

/** Staff took the phone payment: cook it, due by the paid time plus the minutes of the store's status then. */
export function markPaid(command: MarkPaid, state: OrderState): OrderEvent[] {
  const order = stillToServe(state);
  if (order.status !== 'AWAITING-PAYMENT') {
    if (order.paidAt) return []; // marked twice: the first one counts
    throw new DomainError('conflict', 'This order is already paid');
  }
  return [{ type: 'OrderPaid', data: { orderId: command.orderId, paidAt: command.now, ...promiseOf(order.scheduledFor, command, order.submitted.window) } }];
}

/** An order for later comes to the kitchen at its releaseAt (issue 37); printed early, paid late or released already: nothing. */
export function releaseScheduledOrder(command: ReleaseScheduledOrder, state: OrderState): OrderEvent[] {
  const order = placed(state);
  if (order.status !== 'SCHEDULED') return [];
  return [{ type: 'OrderReleased', data: { orderId: command.orderId, releasedAt: command.now } }];
}

/** Every print is a copy: the second and later are reprints, marked DUPLICATE on the ticket. */
export function printOrder(command: PrintOrder, state: OrderState): OrderEvent[] {
  const order = stillToServe(state);
  if (order.status === 'AWAITING-PAYMENT') throw new DomainError('conflict', 'Mark this order paid before printing it: it is not to be cooked yet');
  return [{ type: 'OrderPrinted', data: { orderId: command.orderId, printedAt: command.now, copy: order.copiesPrinted + 1, via: command.via } }];
}

/** The customer is told once that the order is ready or on its way. */
export function notifyCustomer(command: NotifyCustomer, state: OrderState): OrderEvent[] {
  const order = stillToServe(state);
  if (order.notifiedAt) throw new DomainError('conflict', `The customer was already notified at ${londonTime(order.notifiedAt)}`);
  if (order.status !== 'PRINTED') throw new DomainError('conflict', 'Print the order before notifying the customer');
  return [{ type: 'CustomerNotified', data: { orderId: command.orderId, notifiedAt: command.now } }];
}

export function completeOrder(command: CompleteOrder, state: OrderState): OrderEvent[] {
  const order = stillToServe(state);
  if (order.status === 'COMPLETE') return [];
  if (order.status !== 'PRINTED' && order.status !== 'NOTIFIED') throw new DomainError('conflict', 'Only a printed order can be completed');
  return [{ type: 'OrderCompleted', data: { orderId: command.orderId, completedAt: command.now } }];
}

/** A phone order nobody paid for is not cooked. */
export function cancelUnpaidOrder(command: CancelUnpaidOrder, state: OrderState): OrderEvent[] {
  const order = placed(state);
  if (order.status === 'CANCELLED') return []; // cancelled twice: the first one counts
  if (order.status !== 'AWAITING-PAYMENT') throw new DomainError('conflict', 'Only an order still awaiting payment can be cancelled');
  return [{ type: 'OrderCancelled', data: { orderId: command.orderId, cancelledAt: command.now, reason: 'unpaid' } }];
}

/** A phone order still unpaid at its lapseAt lapses; one paid (or cancelled) meanwhile stays as it is. */
export function lapseUnpaidOrder(command: LapseUnpaidOrder, state: OrderState): OrderEvent[] {
  const order = placed(state);
  if (order.status === 'CANCELLED') return []; // lapsed, or cancelled by staff, already
  if (order.status !== 'AWAITING-PAYMENT') throw new DomainError('conflict', 'This order was paid: it does not lapse');
  const lapseAt = order.submitted.lapseAt;
  if (!lapseAt || Date.parse(command.now) < Date.parse(lapseAt)) throw new DomainError('conflict', 'This order does not lapse yet');
  return [{ type: 'OrderCancelled', data: { orderId: command.orderId, cancelledAt: command.now, reason: 'lapsed' } }];
}
