import { minutesAfter } from '../../../src/core/clock';
import type { CommandContext } from '../../../src/core/decider';
import type { StoredEvent } from '../../../src/eventstore/types';
import type { ProcessDefinition } from '../../../src/process';
import type { CardAttemptEnded, CardAttemptStarted, OrderSubmitted } from '../core/events';
import type { PaymentEvent } from '../../payment';

/** What the card processes ask of the checkout (card-checkout.ts `cardActions`): each safe to repeat. */
export interface CardActions {
  reconcile(orderId: string, attempt: number, context: CommandContext): Promise<void>;
  watch(orderId: string, attempt: number, context: CommandContext): Promise<void>;
  lapse(orderId: string, attempt: number, context: CommandContext): Promise<void>;
  refund(orderId: string, attempt: number, refundNo: number, context: CommandContext): Promise<void>;
}

type AttemptFact = { orderId: string; attempt: number; lapseAt: string };
export type CardAttemptCommand = { type: 'ReconcileCardPayment' | 'LapseCardPayment'; orderId: string; attempt: number };
type AttemptState = { status: 'idle' } | { status: 'pending'; orderId: string; attempt: number };

const attemptProcessId = (orderId: string, attempt: number) => `${orderId}-${attempt}`;

/**
 * A card attempt with no answer (issue 17 items 2 and 4): nearly every attempt is answered within seconds, by the
 * card form's return or a webhook, and the order's placing or the attempt's end withdraws this process before it
 * starts. One still open at its `reconcileAt` (a lost webhook, a closed tab, a crash between the provider's
 * success and the order's placing) has the shop ask the provider, and at its `lapseAt` it is cancelled at the
 * provider: its dishes go back into the basket, unless the money came first, which places the order. Money may
 * be moving while it waits, so nothing here ever gives units back without asking the provider first.
 */
export function cardAttemptProcess(actions: CardActions): ProcessDefinition<AttemptState, AttemptFact, CardAttemptCommand> {
  return {
    kind: 'cardAttempt',
    startsOn: ['CardAttemptStarted'],
    advancesOn: [],
    withdrawnBy: {
      eventTypes: ['OrderSubmitted', 'CardAttemptEnded'],
      processIdOf(event) {
        const data = event.data as (OrderSubmitted | CardAttemptEnded)['data'];
        const attempt = 'attempt' in data ? data.attempt : data.cardAttempt;
        return attempt ? attemptProcessId(data.orderId, attempt) : undefined;
      },
    },
    receive(event: StoredEvent) {
      const { orderId, attempt, reconcileAt, lapseAt } = (event as StoredEvent<'CardAttemptStarted', CardAttemptStarted['data']>).data;
      return { processId: attemptProcessId(orderId, attempt), fact: { orderId, attempt, lapseAt }, waitUntil: reconcileAt };
    },
    initialState: { status: 'idle' },
    evolve: (state, input) => (input.kind === 'event' ? { status: 'pending', orderId: input.fact.orderId, attempt: input.fact.attempt } : state),
    decide(input, state) {
      switch (input.kind) {
        case 'event': {
          const { orderId, attempt, lapseAt } = input.fact;
          return { send: [{ type: 'ReconcileCardPayment', orderId, attempt }], setTimers: [{ name: 'lapse', at: lapseAt }] };
        }
        case 'timer':
          return state.status === 'pending' ? { send: [{ type: 'LapseCardPayment', orderId: state.orderId, attempt: state.attempt }], finish: true } : {};
        case 'succeeded':
        case 'refused':
          return {};
      }
    },
    send: (command, { context }) =>
      command.type === 'ReconcileCardPayment'
        ? actions.reconcile(command.orderId, command.attempt, context)
        : actions.lapse(command.orderId, command.attempt, context),
  };
}

type RefundFact = { orderId: string; attempt: number; refundNo: number };
export type CardRefundCommand = { type: 'RefundCardPayment'; orderId: string; attempt: number; refundNo?: number };

/**
 * Money goes back (issue 17 item 3, issue 35): each RefundDue of the payment module is refunded at the provider,
 * exactly once (the provider's refund is idempotent per key, and the payment stream records it). Refund 0 is all
 * of an attempt's money that no food follows (its process keeps the attempt's id, as before numbers); staff
 * refunds are numbered from 1, one process each. A refund the provider settles later is asked about again.
 */
export function cardRefundProcess(actions: CardActions): ProcessDefinition<{ status: 'idle' }, RefundFact, CardRefundCommand> {
  return {
    kind: 'cardRefund',
    startsOn: ['RefundDue'],
    advancesOn: [],
    receive(event: StoredEvent) {
      const { orderId, attempt, refundNo } = event.data as RefundFact;
      const processId = refundNo === 0 ? attemptProcessId(orderId, attempt) : `${orderId}-refund-${refundNo}`;
      return { processId, fact: { orderId, attempt, refundNo } };
    },
    initialState: { status: 'idle' },
    evolve: (state) => state,
    decide(input) {
      if (input.kind === 'event') return { send: [{ type: 'RefundCardPayment', orderId: input.fact.orderId, attempt: input.fact.attempt, refundNo: input.fact.refundNo }], finish: true };
      return {};
    },
    // A command queued before refunds had numbers was the whole refund, number 0.
    send: (command, { context }) => actions.refund(command.orderId, command.attempt, command.refundNo ?? 0, context),
  };
}

/** How often Stripe is asked about a payment with no final answer, and for how long at most. */
export const CARD_WATCH_MINUTES = 10;
const CARD_WATCHES = 12;

type WatchFact = { event: 'started' | 'final' | 'cancelledAtPayPal'; orderId: string; attempt: number };
export type CardWatchCommand = { type: 'WatchCardPayment'; orderId: string; attempt: number };
type WatchState = { status: 'idle' } | { status: 'watching'; orderId: string; attempt: number; watches: number };
const FINAL_PAYMENT_EVENTS = ['PaymentSucceeded', 'PaymentCancelled', 'RefundDue'];

/**
 * PayPal cannot void an order made to capture (issue 36): the shop ending an attempt is only its promise not to
 * capture. A capture the shop asked for whose answer was lost (every try timed out) may still be done at PayPal
 * after the shop read the order as uncaptured and ended the attempt; its webhook would say so, and if that is
 * lost too, this one look CARD_WATCH_MINUTES after the ending finds the money, which is then due back.
 */
const looksAgainAfterEnding = (event: StoredEvent) =>
  event.type === 'PaymentCancelled' && (event.data as Extract<PaymentEvent, { type: 'PaymentCancelled' }>['data']).provider === 'paypal';

/**
 * The payment side's safety net (issue 17 items 3 and 4): every payment made at Stripe ends with a final answer
 * recorded (paid, cancelled, or due back), whatever the order did meanwhile. An attempt still without one
 * CARD_WATCH_MINUTES after it started (a lost webhook after the customer switched to phone, say, or an intent made
 * while the order's attempt ended) has Stripe asked again, every CARD_WATCH_MINUTES, and an attempt the order no
 * longer waits for cancelled at Stripe; money that came for it is refunded by the cardRefund process. Nearly every
 * payment has its final answer within seconds, which withdraws this before it starts. A PayPal attempt's ending
 * is not final: it is looked at once more (looksAgainAfterEnding).
 */
export function cardPaymentProcess(actions: CardActions): ProcessDefinition<WatchState, WatchFact, CardWatchCommand> {
  return {
    kind: 'cardPayment',
    startsOn: ['PaymentStarted'],
    advancesOn: FINAL_PAYMENT_EVENTS,
    withdrawnBy: {
      eventTypes: FINAL_PAYMENT_EVENTS,
      processIdOf(event) {
        if (looksAgainAfterEnding(event)) return undefined;
        const { orderId, attempt } = event.data as PaymentEvent['data'];
        return attemptProcessId(orderId, attempt);
      },
    },
    receive(event: StoredEvent) {
      const { orderId, attempt } = event.data as PaymentEvent['data'];
      const processId = attemptProcessId(orderId, attempt);
      if (looksAgainAfterEnding(event)) return { processId, fact: { event: 'cancelledAtPayPal', orderId, attempt }, waitUntil: minutesAfter(event.metadata.at, CARD_WATCH_MINUTES) };
      if (event.type !== 'PaymentStarted') return { processId, fact: { event: 'final', orderId, attempt } };
      return { processId, fact: { event: 'started', orderId, attempt }, waitUntil: minutesAfter(event.metadata.at, CARD_WATCH_MINUTES) };
    },
    initialState: { status: 'idle' },
    evolve(state, input) {
      if (input.kind === 'event' && input.fact.event === 'started') return { status: 'watching', orderId: input.fact.orderId, attempt: input.fact.attempt, watches: 1 };
      if (input.kind === 'timer' && state.status === 'watching') return { ...state, watches: state.watches + 1 };
      return state;
    },
    decide(input, state) {
      switch (input.kind) {
        case 'event': {
          if (input.fact.event === 'final') return { finish: true };
          const { orderId, attempt } = input.fact;
          const watch = { send: [{ type: 'WatchCardPayment' as const, orderId, attempt }] };
          if (input.fact.event === 'cancelledAtPayPal') return { ...watch, finish: true };
          return { ...watch, setTimers: [{ name: 'watch', at: minutesAfter(input.at, CARD_WATCH_MINUTES) }] };
        }
        case 'timer': {
          if (state.status !== 'watching') return {};
          const watch = { send: [{ type: 'WatchCardPayment' as const, orderId: state.orderId, attempt: state.attempt }] };
          return state.watches + 1 >= CARD_WATCHES ? { ...watch, finish: true } : { ...watch, setTimers: [{ name: 'watch', at: minutesAfter(input.at, CARD_WATCH_MINUTES) }] };
        }
        case 'succeeded':
        case 'refused':
          return {};
      }
    },
    send: (command, { context }) => actions.watch(command.orderId, command.attempt, context),
  };
}
