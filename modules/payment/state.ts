import type { PaymentProvider } from './card-gateway';
import type { PaymentEvent, RefundReason } from './events';

export type AttemptStatus = 'open' | 'succeeded' | 'cancelled';

export interface Attempt {
  attempt: number;
  /** Whose intent it is: Stripe's (card) or PayPal's. */
  provider: PaymentProvider;
  intentId: string;
  amountPence: number;
  status: AttemptStatus;
  /** Why the provider last refused the card on this attempt: a declined attempt is then cancelled, and the
   *  provider's cancelled intent no longer says why. */
  failure: string | null;
  /** Money of this attempt that must go back, and what became of it: number 0 is all of it (money no food
   *  follows), numbers from 1 the refunds staff gave (issue 35). */
  refunds: AttemptRefund[];
}

export interface AttemptRefund {
  refundNo: number;
  key: string;
  amountPence: number;
  reason: RefundReason;
  status: 'due' | 'refunded' | 'failed';
}

export interface PaymentState {
  orderId: string | null;
  attempts: Attempt[];
  /** The attempt whose money pays the order, once there is one. */
  paidBy: number | null;
}

export const initialPaymentState: PaymentState = { orderId: null, attempts: [], paidBy: null };

const withAttempt = (state: PaymentState, attempt: number, change: (one: Attempt) => Attempt): PaymentState => ({
  ...state,
  attempts: state.attempts.map((one) => (one.attempt === attempt ? change(one) : one)),
});

const withRefund = (state: PaymentState, attempt: number, refundNo: number, status: AttemptRefund['status']): PaymentState =>
  withAttempt(state, attempt, (one) => ({ ...one, refunds: one.refunds.map((refund) => (refund.refundNo === refundNo ? { ...refund, status } : refund)) }));

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentStarted': {
      const { orderId, attempt, intentId, amountPence, provider } = event.data;
      return { ...state, orderId, attempts: [...state.attempts, { attempt, provider, intentId, amountPence, status: 'open', failure: null, refunds: [] }] };
    }
    case 'PaymentSucceeded':
      return { ...withAttempt(state, event.data.attempt, (one) => ({ ...one, status: 'succeeded' })), paidBy: event.data.attempt };
    case 'PaymentFailed':
      return withAttempt(state, event.data.attempt, (one) => ({ ...one, failure: event.data.message }));
    case 'PaymentCancelled':
      return withAttempt(state, event.data.attempt, (one) => ({ ...one, status: 'cancelled' }));
    case 'RefundDue': {
      const { refundNo, key, amountPence, reason } = event.data;
      const due: AttemptRefund = { refundNo, key, amountPence, reason, status: 'due' };
      // A refund staff gave leaves the order paid; money no food follows never paid it.
      if (reason === 'staff') return withAttempt(state, event.data.attempt, (one) => ({ ...one, refunds: [...one.refunds, due] }));
      const refunded = withAttempt(state, event.data.attempt, (one) => ({ ...one, status: 'succeeded' as const, refunds: [...one.refunds, due] }));
      return { ...refunded, paidBy: state.paidBy === event.data.attempt ? null : state.paidBy };
    }
    case 'PaymentRefunded':
      return withRefund(state, event.data.attempt, event.data.refundNo, 'refunded');
    case 'RefundFailed':
      return withRefund(state, event.data.attempt, event.data.refundNo, 'failed');
  }
}

export const openAttempt = (state: PaymentState): Attempt | undefined => state.attempts.find((one) => one.status === 'open');
export const attemptOfIntent = (state: PaymentState, intentId: string): Attempt | undefined => state.attempts.find((one) => one.intentId === intentId);

/**
 * A refund of an attempt's money by its number: the shop's own whole refund is number 0 of its attempt (each attempt
 * may have one), staff refunds are numbered from 1 across the order.
 */
export function refundOf(state: PaymentState, attempt: number, refundNo: number): { attempt: Attempt; refund: AttemptRefund } | undefined {
  const found = state.attempts.find((one) => one.attempt === attempt);
  const refund = found?.refunds.find((one) => one.refundNo === refundNo);
  return found && refund ? { attempt: found, refund } : undefined;
}

/** Whether a staff refund of this number (unique across the order, from 1) was made already, on any attempt. */
export const hasStaffRefund = (state: PaymentState, refundNo: number): boolean => state.attempts.some((one) => one.refunds.some((refund) => refund.refundNo === refundNo));

/** What of an attempt's money has not been given back (a failed refund gave nothing back). */
export const unrefundedPenceOf = (attempt: Attempt): number =>
  attempt.amountPence - attempt.refunds.filter((one) => one.status !== 'failed').reduce((sum, one) => sum + one.amountPence, 0);
