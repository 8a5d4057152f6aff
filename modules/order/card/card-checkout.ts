import type { CommandContext } from '../../../src/core/decider';
import { DomainError } from '../../../src/core/errors';
import type { Logger } from 'pino';
import type { Services } from '../../../src/services';
import { CARD_UNAVAILABLE, PAYPAL_UNAVAILABLE } from '../../../src/shared/payment-texts';
import type { AttemptOutcome, PaymentProvider, Payments, WebhookHeader } from '../../payment';
import { readOpeningHours, readSettings, tradingDayOf } from '../../store';
import type { OrderCommand, SubmitOrder } from '../core/commands';
import { CARD_ATTEMPT_GONE, expectedIntent } from '../core/decide-card';
import { NO_ORDER, orderDecider, type OrderState } from '../core/decider';
import { orderStream, type CardAttemptEndReason, type OrderPaymentMethod, type ProviderPaymentMethod } from '../core/events';
import { orderRef } from '../../../src/shared/order';
import type { Placing } from '../placing';
import { orderView, type OrderView } from '../core/view';

/** What the card checkout takes from the checkout (checkout.ts wires it): the placing sequence and SubmitOrder's facts (submit-facts.ts). */
export interface CardCheckoutDeps {
  services: Services;
  payments: Payments;
  logger?: Pick<Logger, 'warn'>;
  placing: Placing;
  submitFacts(orderId: string, state: OrderState, method: OrderPaymentMethod, now: string, session: { placedOrderIds: readonly string[] }): Promise<SubmitOrder>;
}

/** Whose money pays a method: Stripe's cards, or PayPal. */
export const providerOf = (method: ProviderPaymentMethod): PaymentProvider => (method === 'PAYPAL' ? 'paypal' : 'stripe');
/** The spec's text when a provider's payment cannot be taken now. */
export const unavailableText = (method: ProviderPaymentMethod) => (method === 'PAYPAL' ? PAYPAL_UNAVAILABLE : CARD_UNAVAILABLE);
export const OTHER_ATTEMPT_OPEN = 'Another payment for this order is still open: please finish it, or choose the payment method again';

export const ATTEMPT_ENDED_MEANWHILE = 'Your order changed while the card payment was being set up: please check it and press Pay again';

/** What became of a card payment the customer completed: the order placed, or why not. */
export type SettledCard =
  | { result: 'placed'; message: string; order: OrderView }
  | { result: 'ended' | 'pending' | 'given back'; message: string };

/** What the customer's card form needs to confirm the payment with the provider. */
export interface CardSession {
  clientSecret: string;
  amountPence: number;
}

/**
 * Card payments in the checkout (issue 17). Pay pressed: the order passes every check of a placed order, its
 * units are sold to it and it is frozen for a numbered attempt; then the provider's intent is made for the
 * server's total. The provider's answer, fetched by the server (the card form's return, a webhook, the
 * reconciler), places the order paid, or ends the attempt: the units go back into the basket and the customer
 * may try again or choose phone. Every step is safe to repeat.
 */
export function createCardCheckout(deps: CardCheckoutDeps) {
  const { services, payments, placing } = deps;
  const load = (orderId: string) => services.commands.load(orderStream(orderId), orderDecider);
  const handle = (orderId: string, command: OrderCommand, context: CommandContext) => services.commands.handle(orderStream(orderId), orderDecider, command, context);

  /** The placing sequence's basket turn, with the order read again inside it; an order that does not exist is not found. */
  function inBasketTurn<T>(orderId: string, work: (state: Exclude<OrderState, { status: 'none' }>) => Promise<T>): Promise<T> {
    return placing.inBasketTurn(
      orderId,
      async () => work((await load(orderId)) as Exclude<OrderState, { status: 'none' }>),
      () => Promise.reject(new DomainError('not_found', NO_ORDER)),
    );
  }

  /** The payment module's fact: the order is still frozen for this attempt. */
  async function awaitsCard(orderId: string, attempt: number): Promise<boolean> {
    const state = await load(orderId);
    return state.status === 'checkout' && state.cardAttempt?.attempt === attempt;
  }

  /**
   * Sells the order's units to it and freezes it for an attempt paid by `method`; an attempt already open is
   * answered as it is, when it is one of the same method.
   */
  async function freeze(orderId: string, method: ProviderPaymentMethod, context: CommandContext, session: { placedOrderIds: readonly string[] }) {
    return inBasketTurn(orderId, async (state) => {
      if (state.status === 'checkout' && state.cardAttempt) {
        if (state.paymentMethod !== method) throw new DomainError('conflict', OTHER_ATTEMPT_OPEN);
        return state.cardAttempt;
      }
      const [submit, minutes] = await Promise.all([
        deps.submitFacts(orderId, state, method, context.now, session),
        readSettings(services.settings, ['card_reconcile_minutes', 'card_lapse_minutes']),
      ]);
      const { type: _type, paymentMethod: _method, ...facts } = submit;
      const command: OrderCommand = {
        type: 'StartCardAttempt',
        orderId,
        method,
        submit: facts,
        reconcileMinutes: minutes.card_reconcile_minutes,
        lapseMinutes: minutes.card_lapse_minutes,
      };
      // The placing sequence's card steps (placing.ts): the voucher use, the sale, the freeze.
      return placing.freezeForCard(state, command, context);
    });
  }

  /** The provider took the money: the order is placed and paid, or, if it no longer waits for it, the money is due back. */
  async function placePaid(orderId: string, attempt: number, paidPence: number, context: CommandContext): Promise<'placed' | 'given back'> {
    const [settings, hours, before] = await Promise.all([
      readSettings(services.settings, ['order_status', 'open_delivery_minutes', 'busy_delivery_minutes', 'slammed_delivery_minutes', 'scheduled_lead_minutes']),
      readOpeningHours(services.settings),
      load(orderId),
    ]);
    // An order for later counts in its slot's trading day (issue 37); the slot cannot change while the attempt is open.
    const scheduledFor = before.status === 'checkout' ? before.scheduledFor : null;
    const command: OrderCommand = {
      type: 'PlaceCardOrder',
      orderId,
      attempt,
      paidPence,
      now: context.now,
      storeStatus: settings.order_status,
      deliveryMinutes: settings,
      tradingDay: tradingDayOf(new Date(scheduledFor ?? context.now), hours),
      leadMinutes: settings.scheduled_lead_minutes,
    };
    return inBasketTurn(orderId, async () => {
      let placed: OrderState;
      try {
        placed = (await handle(orderId, command, context)).state;
      } catch (error) {
        if (!(error instanceof DomainError && error.message === CARD_ATTEMPT_GONE)) throw error;
        await payments.giveBack(orderId, attempt, context);
        return 'given back';
      }
      if (placed.status === 'none' || placed.status === 'checkout') return 'given back';
      await placing.finishPlaced(placed, context); // after paid, then the basket checked out
      return 'placed';
    });
  }

  /**
   * Ends an attempt without money. It is cancelled at the provider first, so it can never take money later; a
   * payment that won that race places the order instead. Then the order may change again and its units go back
   * into the basket with a fresh hold.
   */
  async function endAttempt(orderId: string, attempt: number, reason: CardAttemptEndReason, context: CommandContext): Promise<'ended' | 'placed'> {
    const cancelled = await payments.cancel(orderId, attempt, context);
    if (cancelled.outcome === 'succeeded' && (await act(orderId, attempt, cancelled, context)) === 'placed') return 'placed';
    await closeAttempt(orderId, attempt, reason, context);
    return 'ended';
  }

  /** The order's side of an attempt's end: the undo of the placing sequence's freeze (placing.ts endCardAttempt). */
  const closeAttempt = placing.endCardAttempt;

  /** What the recorded outcome means for the order: placed, ended, or nothing yet. */
  async function act(orderId: string, attempt: number, outcome: AttemptOutcome, context: CommandContext): Promise<'placed' | 'ended' | 'pending' | 'given back'> {
    switch (outcome.outcome) {
      case 'succeeded': {
        const paid = await payments.paidAmount(orderId, attempt);
        if (paid !== null) return placePaid(orderId, attempt, paid, context);
        // Money that does not pay the order (another amount, say) is due back; the order opens again.
        await closeAttempt(orderId, attempt, 'cancelled', context);
        return 'given back';
      }
      case 'failed':
        return endAttempt(orderId, attempt, 'failed', context);
      case 'canceled':
        return endAttempt(orderId, attempt, 'cancelled', context);
      case 'pending':
      case 'none':
        return 'pending';
    }
  }

  return {
    awaitsCard,

    /**
     * Spec §7 `POST /api/createCheckoutSession` (card), and PayPal's create order (issue 36): the order from the
     * session, the amount from the order. The same placing sequence for both; only the provider differs.
     */
    async startCardPayment(
      orderId: string | undefined,
      context: CommandContext,
      session: { placedOrderIds: readonly string[] },
      method: ProviderPaymentMethod = 'CARD',
    ): Promise<CardSession> {
      if (!orderId) throw new DomainError('not_found', NO_ORDER);
      const provider = providerOf(method);
      if (!payments.offers(provider)) throw new DomainError('conflict', unavailableText(method));
      const freezing = () => freeze(orderId, method, context, session);
      const reference = orderRef(orderId);
      const open = (attempt: { attempt: number; amountPence: number }) =>
        payments.open(orderId, attempt.attempt, provider, { amountPence: attempt.amountPence, description: `Order ${reference}`, reference }, context).catch((error: unknown) => {
          // The provider could not be reached (or refused): nothing can be paid on this attempt; the order opens again.
          deps.logger?.warn({ err: error, orderId, attempt: attempt.attempt, provider }, 'payment attempt could not be opened at the provider');
          throw new DomainError('conflict', unavailableText(method));
        });
      // The placing sequence's card steps (placing.ts): an attempt the provider cannot start is ended at once.
      const { attempt, opened } = await placing.payByCard(freezing, open, (frozen) => endAttempt(orderId, frozen.attempt, 'unavailable', context));
      // The attempt may have ended while its payment was being made (phone chosen in another tab): no secret for it.
      if (!(await awaitsCard(orderId, attempt.attempt))) {
        await payments.cancel(orderId, attempt.attempt, context);
        throw new DomainError('conflict', ATTEMPT_ENDED_MEANWHILE);
      }
      return { clientSecret: opened.clientSecret, amountPence: opened.amountPence };
    },

    /**
     * The card form's return (spec §7 `/complete-order` with the intent's id): only the order's current intent is
     * asked about, and only the provider's answer counts. Answers what became of the order.
     */
    async settleCardPayment(orderId: string | undefined, intentId: string, context: CommandContext, method: ProviderPaymentMethod = 'CARD'): Promise<SettledCard> {
      if (!payments.offers(providerOf(method))) throw new DomainError('conflict', unavailableText(method));
      if (!orderId) throw new DomainError('not_found', NO_ORDER);
      const state = await load(orderId);
      if (state.status === 'none') throw new DomainError('not_found', NO_ORDER);
      const expected = expectedIntent(state);
      const expectedId = expected ? await payments.intentOf(orderId, expected.attempt) : null;
      const expectedProvider = expected ? await payments.providerOf(orderId, expected.attempt) : null;
      if (!expected || expectedId !== intentId || expectedProvider !== providerOf(method)) {
        throw new DomainError('conflict', `Something's not right, expecting id ${expectedId ?? `of a ${method === 'PAYPAL' ? 'PayPal' : 'card'} payment`}`);
      }
      if (expected.placed) return { result: 'placed', message: '', order: orderView(state)! };
      let outcome: AttemptOutcome;
      try {
        outcome = await payments.settle(orderId, expected.attempt, context);
      } catch (error) {
        // The provider did not answer (a timeout, a 5xx after the tries): the money may have moved (a PayPal capture
        // answered too late), so nothing ends; the customer asks again, and the reconciler asks in any case.
        if (error instanceof DomainError) throw error;
        deps.logger?.warn({ err: error, orderId, attempt: expected.attempt }, 'the payment provider did not answer; asked again later');
        return { result: 'pending', message: '' };
      }
      const result = await act(orderId, expected.attempt, outcome, context);
      return result === 'placed' ? { result, message: '', order: orderView(await load(orderId))! } : { result, message: outcome.message };
    },

    /** A webhook, Stripe's or PayPal's: the provider's answer, fetched again, recorded, then acted on. */
    async cardWebhook(provider: PaymentProvider, rawBody: Buffer, header: WebhookHeader, context: CommandContext) {
      if (!payments.offers(provider)) throw new DomainError('conflict', provider === 'paypal' ? PAYPAL_UNAVAILABLE : CARD_UNAVAILABLE);
      // The providers want a 2xx within seconds: the outcome is recorded before answering, and acted on (the order
      // placed, the units given back) just after. A crash in between is finished by the order's reconciler.
      return payments.webhook(provider, rawBody, header, context, async (orderId, attempt, outcome) => {
        void act(orderId, attempt, outcome, context).catch((error: unknown) =>
          deps.logger?.warn({ err: error, orderId, attempt }, 'acting on a card webhook failed; the reconciler will finish it'),
        );
      });
    },

    /** The customer chose another method or went back to the basket: the open attempt is cancelled first. */
    async cancelOpenCardAttempt(orderId: string, context: CommandContext): Promise<'none' | 'ended' | 'placed'> {
      const state = await load(orderId);
      if (state.status !== 'checkout' || !state.cardAttempt) return 'none';
      return endAttempt(orderId, state.cardAttempt.attempt, 'cancelled', context);
    },

    /** The process's timers (card-process.ts): ask the provider, or give the attempt up. */
    cardActions: {
      async reconcile(orderId: string, attempt: number, context: CommandContext): Promise<void> {
        await act(orderId, attempt, await payments.settle(orderId, attempt, context), context);
      },
      async watch(orderId: string, attempt: number, context: CommandContext): Promise<void> {
        await act(orderId, attempt, await payments.watch(orderId, attempt, context), context);
      },
      async lapse(orderId: string, attempt: number, context: CommandContext): Promise<void> {
        await endAttempt(orderId, attempt, 'lapsed', context);
      },
      async refund(orderId: string, attempt: number, refundNo: number, context: CommandContext): Promise<void> {
        await payments.refund(orderId, attempt, refundNo, context);
      },
    },
  };
}

export type CardCheckout = ReturnType<typeof createCardCheckout>;
