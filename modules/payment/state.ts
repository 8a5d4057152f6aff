import type { PaymentEvent, RefundReason } from './events';

export type AttemptStatus = 'open' | 'succeeded' | 'cancelled';

export interface Attempt {
  attempt: number;
  intentId: string;
  amountPence: number;
  status: AttemptStatus;
  /** Why the provider last refused the card on this attempt: a declined attempt is then cancelled, and the
   *  provider's cancelled intent no longer says why. */
  failure: string | null;
  /** Money of this attempt that must go back, and whether it went. */
  refund: { reason: RefundReason; refunded: boolean } | null;
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

export function evolvePayment(state: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentStarted': {
      const { orderId, attempt, intentId, amountPence } = event.data;
      return { ...state, orderId, attempts: [...state.attempts, { attempt, intentId, amountPence, status: 'open', failure: null, refund: null }] };
    }
    case 'PaymentSucceeded':
      return { ...withAttempt(state, event.data.attempt, (one) => ({ ...one, status: 'succeeded' })), paidBy: event.data.attempt };
    case 'PaymentFailed':
      return withAttempt(state, event.data.attempt, (one) => ({ ...one, failure: event.data.message }));
    case 'PaymentCancelled':
      return withAttempt(state, event.data.attempt, (one) => ({ ...one, status: 'cancelled' }));
    case 'RefundDue': {
      const refunded = withAttempt(state, event.data.attempt, (one) => ({ ...one, status: 'succeeded' as const, refund: { reason: event.data.reason, refunded: false } }));
      return { ...refunded, paidBy: state.paidBy === event.data.attempt ? null : state.paidBy };
    }
    case 'PaymentRefunded':
      return withAttempt(state, event.data.attempt, (one) => ({ ...one, refund: one.refund && { ...one.refund, refunded: true } }));
  }
}

export const openAttempt = (state: PaymentState): Attempt | undefined => state.attempts.find((one) => one.status === 'open');
export const attemptOfIntent = (state: PaymentState, intentId: string): Attempt | undefined => state.attempts.find((one) => one.intentId === intentId);
