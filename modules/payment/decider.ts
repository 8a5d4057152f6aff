import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { PaymentProvider } from './card-gateway';
import type { PaymentEvent, RefundReason } from './events';
import { refundKey } from './events';
import { attemptOfIntent, evolvePayment, hasStaffRefund, initialPaymentState, openAttempt, refundOf, unrefundedPenceOf, type PaymentState } from './state';

export const NO_CARD_PAYMENT = 'This order has no card payment to refund';

export const ALREADY_PAID = 'This order is already paid';
export const ATTEMPT_OPEN = 'A card payment for this order is still open';

export type PaymentCommand =
  | { type: 'StartAttempt'; orderId: string; attempt: number; provider: PaymentProvider; intentId: string; amountPence: number; at: string }
  | {
      type: 'RecordOutcome';
      intentId: string;
      outcome: 'succeeded' | 'failed' | 'canceled';
      /** What the provider says was taken (for a success). */
      amountPence: number;
      message: string;
      /** Fact from the order: it still waits for this card attempt (not switched to phone, lapsed or cancelled). */
      orderAwaits: boolean;
      at: string;
    }
  /** What the provider says of a refund it was sent: refunded, or failed (why, in its words). */
  | { type: 'RecordRefund'; attempt: number; refundNo: number; refundId: string; outcome: 'succeeded' | 'failed'; message: string; at: string }
  /** Staff gave part or all of a paid order's money back (issue 35): the order module's refund number and amount. */
  | { type: 'RefundPart'; orderId: string; refundNo: number; amountPence: number; at: string }
  /** The order would not take money recorded as its payment (it changed in between): it goes back. */
  | { type: 'GiveBack'; intentId: string; at: string };

/** The number the next attempt gets: the provider's idempotency key is made from it, so it is fixed before asking. */
export const nextAttempt = (state: PaymentState) => Math.max(0, ...state.attempts.map((one) => one.attempt)) + 1;

/**
 * Why money that arrived must go back, or null when it pays the order: another attempt paid already, the
 * attempt was given up (the customer chose another method, went back, or it lapsed), or the amount is not
 * the one the attempt was made for.
 */
export function refundReason(state: PaymentState, attempt: { attempt: number; status: string; amountPence: number }, paid: { amountPence: number; orderAwaits: boolean }): RefundReason | null {
  if (state.paidBy !== null && state.paidBy !== attempt.attempt) return 'already_paid';
  if (attempt.status === 'cancelled' || !paid.orderAwaits) return 'attempt_cancelled';
  if (paid.amountPence !== attempt.amountPence) return 'amount_changed';
  return null;
}

export function decidePayment(command: PaymentCommand, state: PaymentState): PaymentEvent[] {
  switch (command.type) {
    case 'StartAttempt': {
      const same = state.attempts.find((one) => one.attempt === command.attempt);
      if (same && same.intentId === command.intentId) return []; // told twice
      if (state.paidBy !== null) throw new DomainError('conflict', ALREADY_PAID);
      if (openAttempt(state)) throw new DomainError('conflict', ATTEMPT_OPEN);
      // The order numbers its attempts; one whose intent was never made (the provider down) leaves a gap.
      if (command.attempt < nextAttempt(state)) throw new DomainError('conflict', `Attempt ${command.attempt} is not after the last one`);
      const { orderId, attempt, provider, intentId, amountPence, at } = command;
      return [{ type: 'PaymentStarted', data: { orderId, attempt, intentId, amountPence, startedAt: at, provider } }];
    }
    case 'RecordOutcome': {
      const attempt = attemptOfIntent(state, command.intentId);
      if (!attempt || !state.orderId) throw new DomainError('not_found', `No card attempt with intent ${command.intentId}`);
      const base = { orderId: state.orderId, attempt: attempt.attempt, intentId: attempt.intentId, at: command.at };
      // Provider events arrive late, twice and out of order: only a change of an open attempt, or money, counts.
      if (command.outcome === 'failed') return attempt.status === 'open' ? [{ type: 'PaymentFailed', data: { ...base, message: command.message } }] : [];
      if (command.outcome === 'canceled') return attempt.status === 'open' ? [{ type: 'PaymentCancelled', data: { ...base, provider: attempt.provider } }] : [];
      if (attempt.status === 'succeeded') return [];
      const reason = refundReason(state, attempt, command);
      return reason === null
        ? [{ type: 'PaymentSucceeded', data: { ...base, amountPence: command.amountPence } }]
        : [{ type: 'RefundDue', data: { ...base, amountPence: command.amountPence, reason, refundNo: 0, key: refundKey(state.orderId, attempt.intentId, 0) } }];
    }
    case 'GiveBack': {
      const attempt = attemptOfIntent(state, command.intentId);
      if (!attempt || !state.orderId || attempt.status !== 'succeeded' || attempt.refunds.some((one) => one.refundNo === 0)) return [];
      const base = { orderId: state.orderId, attempt: attempt.attempt, intentId: attempt.intentId, at: command.at };
      return [{ type: 'RefundDue', data: { ...base, amountPence: attempt.amountPence, reason: 'attempt_cancelled', refundNo: 0, key: refundKey(state.orderId, attempt.intentId, 0) } }];
    }
    case 'RefundPart': {
      if (hasStaffRefund(state, command.refundNo)) return []; // told twice (a retry of the staff refund's process)
      const paid = state.attempts.find((one) => one.attempt === state.paidBy);
      if (!paid || !state.orderId) throw new DomainError('conflict', NO_CARD_PAYMENT);
      if (!Number.isInteger(command.amountPence) || command.amountPence <= 0) throw new DomainError('invalid', 'Refund an amount of at least 1p');
      if (command.amountPence > unrefundedPenceOf(paid)) throw new DomainError('conflict', 'This refund is more than is left of the card payment');
      const { orderId, refundNo, amountPence, at } = command;
      return [{ type: 'RefundDue', data: { orderId, attempt: paid.attempt, intentId: paid.intentId, amountPence, reason: 'staff', at, refundNo, key: refundKey(orderId, paid.intentId, refundNo) } }];
    }
    case 'RecordRefund': {
      const found = refundOf(state, command.attempt, command.refundNo);
      if (!found || found.refund.status !== 'due' || !state.orderId) return []; // told twice, or late
      const base = { orderId: state.orderId, attempt: found.attempt.attempt, intentId: found.attempt.intentId, refundId: command.refundId, refundNo: command.refundNo, at: command.at };
      return command.outcome === 'succeeded' ? [{ type: 'PaymentRefunded', data: base }] : [{ type: 'RefundFailed', data: { ...base, message: command.message } }];
    }
  }
}

export const paymentDecider: Decider<PaymentCommand, PaymentEvent, PaymentState> = {
  initialState: initialPaymentState,
  evolve: evolvePayment,
  decide: decidePayment,
};
