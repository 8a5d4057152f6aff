import { minutesAfter } from '../../../src/core/clock';
import { DomainError } from '../../../src/core/errors';
import type { EndCardAttempt, PlaceCardOrder, StartCardAttempt } from './commands';
import { assertSubmittable, inCheckout, NO_ORDER, timeOf } from './decide-checkout';
import { promiseOf } from './time-rules';
import type { OrderEvent } from './events';
import { assertStoreOpen } from './rules';
import { postageOf, totalOf, voucherDeductionOf, type OrderState } from './state';

export const CARD_ATTEMPT_GONE = 'This card payment no longer pays this order';

/**
 * Pay by card or PayPal pressed: the order passes every check a placed order passes, then is frozen for a new
 * attempt for its total now, its payment method the attempt's. An attempt already open (a double click, a
 * reload) is the same attempt: nothing new. ("Card attempt" names any provider's attempt: card or PayPal.)
 */
export function startCardAttempt(command: StartCardAttempt, state: OrderState): OrderEvent[] {
  assertStoreOpen(command.submit.shop.storeOpen);
  const order = inCheckout(state);
  if (order.cardAttempt) return [];
  assertSubmittable(command.submit, order, command.method);
  const attempt = order.lastCardAttempt + 1;
  const now = command.submit.now;
  return [
    ...(order.paymentMethod === command.method ? [] : [{ type: 'PaymentMethodChosen' as const, data: { orderId: command.orderId, method: command.method } }]),
    {
      type: 'CardAttemptStarted',
      data: {
        orderId: command.orderId,
        attempt,
        amountPence: totalOf(order),
        startedAt: now,
        // Asked about before it lapses, whatever the two settings say.
        reconcileAt: minutesAfter(now, Math.min(command.reconcileMinutes, command.lapseMinutes - 1)),
        lapseAt: minutesAfter(now, command.lapseMinutes),
        ...(command.submit.window ? { window: command.submit.window } : {}),
      },
    },
  ];
}

/**
 * The provider took the money for an attempt: the order is placed and paid in one step, exactly as a phone order
 * marked paid (due by the paid time plus the store's minutes then). Only the attempt the order is frozen for, at
 * its amount, places it; the store may have closed since the attempt started, which is honoured.
 */
export function placeCardOrder(command: PlaceCardOrder, state: OrderState): OrderEvent[] {
  if (state.status === 'none') throw new DomainError('not_found', NO_ORDER);
  if (state.status !== 'checkout') {
    if (state.submitted.cardAttempt === command.attempt && state.paidAt !== null) return []; // told twice: placed once
    throw new DomainError('conflict', CARD_ATTEMPT_GONE);
  }
  const attempt = state.cardAttempt;
  if (!attempt || attempt.attempt !== command.attempt || attempt.amountPence !== command.paidPence) throw new DomainError('conflict', CARD_ATTEMPT_GONE);
  // The attempt's method: chosen when it started, and frozen with the order since.
  const paymentMethod = state.paymentMethod === 'PAYPAL' ? 'PAYPAL' : 'CARD';
  const { orderId, now } = command;
  return [
    {
      type: 'OrderSubmitted',
      data: {
        orderId,
        paymentMethod,
        status: 'AWAITING-PAYMENT',
        itemsTotalPence: state.itemsTotalPence,
        postagePence: postageOf(state),
        voucherDeductionPence: voucherDeductionOf(state),
        totalPence: attempt.amountPence,
        submittedAt: now,
        lapseAt: null,
        tradingDay: command.tradingDay,
        cardAttempt: attempt.attempt,
        ...timeOf(state.scheduledFor, attempt.window),
      },
    },
    { type: 'OrderPaid', data: { orderId, paidAt: now, ...promiseOf(state.scheduledFor, command, attempt.window) } },
  ];
}

/**
 * The card attempt whose intent a customer completing a card payment must name (spec §7 `/complete-order`), or
 * null when the order has none: a placed order, the attempt that paid it (`placed`: nothing left to settle); an
 * order in checkout, its open attempt, else its last one (ended, so settling it answers how it ended).
 */
export function expectedIntent(state: Exclude<OrderState, { status: 'none' }>): { attempt: number; placed: boolean } | null {
  if (state.status !== 'checkout') {
    const { cardAttempt } = state.submitted;
    return cardAttempt ? { attempt: cardAttempt, placed: true } : null;
  }
  const attempt = state.cardAttempt?.attempt ?? state.lastCardAttempt;
  return attempt > 0 ? { attempt, placed: false } : null;
}

/** The attempt ended without money: the order may change again. A repeat, or an older attempt, changes nothing. */
export function endCardAttempt(command: EndCardAttempt, state: OrderState): OrderEvent[] {
  if (state.status !== 'checkout' || state.cardAttempt?.attempt !== command.attempt) return [];
  return [{ type: 'CardAttemptEnded', data: { orderId: command.orderId, attempt: command.attempt, reason: command.reason, endedAt: command.now } }];
}
