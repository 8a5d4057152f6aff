import { sql } from 'slonik';
import type { CommandContext } from '../../src/core/decider';
import type { Services } from '../../src/services';
import { z } from 'zod';
import { DomainError } from '../../src/core/errors';
import { singleLineText } from '../../src/shared/text';
import type { CardGateway, CardIntent, CardRefund, CardWebhookEvent, PaymentProvider, WebhookHeader } from './card-gateway';
import { paymentDecider, type PaymentCommand } from './decider';
import { paymentStream } from './events';
import { attemptOfIntent, openAttempt, refundOf, type Attempt } from './state';

/** What the provider's answer means for the attempt; `pending` while money may still be moving (3-D Secure, say). */
export type AttemptOutcome = { outcome: 'succeeded' | 'failed' | 'canceled' | 'pending'; message: string } | { outcome: 'none'; message: string };

/** Fact from the order module: the order is still frozen for this attempt (not switched to phone, not lapsed). */
export type OrderAwaits = (orderId: string, attempt: number) => Promise<boolean>;

export function outcomeOf(intent: CardIntent): AttemptOutcome {
  if (intent.status === 'succeeded') return { outcome: 'succeeded', message: '' };
  if (intent.status === 'canceled') return { outcome: 'canceled', message: '' };
  if (intent.status === 'requires_payment_method' && intent.failureMessage) return { outcome: 'failed', message: intent.failureMessage };
  return { outcome: 'pending', message: '' };
}

/** A refund the provider has not settled yet: the cardRefund process asks again later (not a refusal). */
export class RefundPending extends Error {
  override name = 'RefundPending';
  constructor(readonly refundId: string) {
    super(`refund ${refundId} is still pending at the card provider; asked again later`);
  }
}

/** Why a refund failed, in words staff can act on (the provider's reasons are codes). */
export function refundFailureText(reason: string | null): string {
  if (reason === 'expired_or_canceled_card') return 'The card the order was paid with has expired or been cancelled: give the money back another way';
  if (reason === 'lost_or_stolen_card') return 'The card the order was paid with was reported lost or stolen: give the money back another way';
  return 'The card provider could not make this refund: give the money back another way';
}

/** Ids as the provider writes them; anything else (a NUL, say, which Postgres refuses) is no event of theirs. */
const providerId = singleLineText({ max: 255, min: 1, name: 'id' });
const webhookEvent = z.object({ id: providerId, type: singleLineText({ max: 255, name: 'type' }), intentId: providerId.nullable(), refundId: providerId.nullable() });

/** A verified webhook's ids, checked before any is looked up: a refusal is the 400 of a DomainError. */
function parseWebhookEvent(event: CardWebhookEvent): z.infer<typeof webhookEvent> {
  const parsed = webhookEvent.safeParse(event);
  if (!parsed.success) throw new DomainError('invalid', 'This webhook event is not one the payment provider sends');
  return parsed.data;
}

/**
 * The provider payments of orders (issue 17; PayPal, issue 36): each attempt's intent at its provider (a Stripe
 * PaymentIntent or a PayPal order), and what the provider says became of it, recorded on the order's payment
 * stream. Only the provider's answer, fetched by the server, is recorded: never what a browser or a webhook's
 * payload claims. Every mechanism here (open, settle, watch, cancel, refunds, webhooks) is the same for both
 * providers; only the gateway differs, chosen by the attempt's `provider`.
 */
export function createPayments(deps: { services: Services; gateways: Partial<Record<PaymentProvider, CardGateway>>; orderAwaits: OrderAwaits }) {
  const { services, orderAwaits } = deps;
  const load = (orderId: string) => services.commands.load(paymentStream(orderId), paymentDecider);
  const handle = (orderId: string, command: PaymentCommand, context: CommandContext) =>
    services.commands.handle(paymentStream(orderId), paymentDecider, command, context);
  // Not a refusal: a process step that meets a shop restarted without its keys retries later instead of giving up.
  const gatewayOf = (provider: PaymentProvider): CardGateway => {
    const gateway = deps.gateways[provider];
    if (!gateway) throw new Error(`${provider} payments are not configured`);
    return gateway;
  };

  async function attemptOf(orderId: string, attempt: number): Promise<Attempt | null> {
    return (await load(orderId)).attempts.find((one) => one.attempt === attempt) ?? null;
  }

  async function intentOf(orderId: string, attempt: number): Promise<string | null> {
    return (await attemptOf(orderId, attempt))?.intentId ?? null;
  }

  /** Cancels an intent at the provider; one that cannot be cancelled (paid, or money moving) is read as it is. */
  const cancelOrRetrieve = ({ provider, intentId }: Attempt): Promise<CardIntent> =>
    gatewayOf(provider).cancelIntent(intentId).catch(() => gatewayOf(provider).retrieveIntent(intentId));

  /**
   * The intent as the provider holds it now. One the payer approved and the shop must capture (PayPal) is captured
   * here, and only for the attempt the order still waits for: money is never taken for an attempt that ended.
   */
  async function current(orderId: string, attempt: Attempt): Promise<CardIntent> {
    const gateway = gatewayOf(attempt.provider);
    const intent = await gateway.retrieveIntent(attempt.intentId);
    if (intent.status !== 'requires_capture' || attempt.status !== 'open' || !(await orderAwaits(orderId, attempt.attempt))) return intent;
    return gateway.captureIntent(attempt.intentId);
  }

  /** Records what the provider says of an intent it answered; an intent still in progress records nothing. */
  async function record(orderId: string, intent: CardIntent, context: CommandContext): Promise<AttemptOutcome> {
    const found = outcomeOf(intent);
    if (found.outcome === 'pending' || found.outcome === 'none') return found;
    const attempt = attemptOfIntent(await load(orderId), intent.id);
    if (!attempt) return { outcome: 'none', message: '' };
    await handle(orderId, {
      type: 'RecordOutcome',
      intentId: intent.id,
      outcome: found.outcome,
      amountPence: intent.amountPence,
      message: found.message,
      orderAwaits: found.outcome === 'succeeded' ? await orderAwaits(orderId, attempt.attempt) : true,
      at: context.now,
    }, context);
    // A declined card's attempt is cancelled once it has ended (often by its webhook first), and the cancelled intent
    // no longer says why: the customer still hears the provider's refusal.
    if (found.outcome === 'canceled' && attempt.failure) return { outcome: 'canceled', message: attempt.failure };
    return found;
  }

  /** Records a refund the provider settled, refunded or failed; answers 'pending' while it has not. */
  async function recordRefund(orderId: string, attempt: number, refundNo: number, refund: CardRefund, context: CommandContext): Promise<'recorded' | 'pending'> {
    if (refund.status === 'pending' || refund.status === 'requires_action') return 'pending';
    const outcome = refund.status === 'succeeded' ? 'succeeded' : 'failed';
    await handle(orderId, { type: 'RecordRefund', attempt, refundNo, refundId: refund.id, outcome, message: refundFailureText(refund.failureReason), at: context.now }, context);
    return 'recorded';
  }

  return {
    /** Whether any provider is configured (its keys are set): an attempt may be open. */
    ready: Object.values(deps.gateways).some(Boolean),
    /** Whether this provider is configured. */
    offers: (provider: PaymentProvider) => Boolean(deps.gateways[provider]),
    intentOf,
    /** Whose the attempt's intent is, once it was made. */
    async providerOf(orderId: string, attempt: number): Promise<PaymentProvider | null> {
      return (await attemptOf(orderId, attempt))?.provider ?? null;
    },

    /** The attempt's intent at the provider (made once per order and attempt), recorded as started. */
    async open(orderId: string, attempt: number, provider: PaymentProvider, order: { amountPence: number; description: string; reference: string }, context: CommandContext) {
      // An earlier attempt still open on this side (its end raced its start) is cancelled first: one open at a time.
      const earlier = openAttempt(await load(orderId));
      if (earlier && earlier.attempt !== attempt) {
        const intent = await cancelOrRetrieve(earlier);
        await record(orderId, intent, context);
      }
      const intent = await gatewayOf(provider).createIntent({ orderId, attempt, amountPence: order.amountPence, description: order.description, reference: order.reference });
      await handle(orderId, { type: 'StartAttempt', orderId, attempt, provider, intentId: intent.id, amountPence: intent.amountPence, at: context.now }, context);
      return { clientSecret: intent.clientSecret, intentId: intent.id, amountPence: intent.amountPence };
    },

    /**
     * Asks the provider what became of the attempt and records it (the reconciler, and the return from the card form
     * or PayPal's approval): a PayPal order the payer approved is captured first.
     */
    async settle(orderId: string, attempt: number, context: CommandContext): Promise<AttemptOutcome> {
      const found = await attemptOf(orderId, attempt);
      if (!found) return { outcome: 'none', message: '' };
      return record(orderId, await current(orderId, found), context);
    },

    /**
     * Cancels the attempt at the provider, so it can never take money later; a payment that won the race is
     * recorded as the success it is. An attempt whose intent was never made answers `none`.
     */
    async cancel(orderId: string, attempt: number, context: CommandContext): Promise<AttemptOutcome> {
      const found = await attemptOf(orderId, attempt);
      if (!found) return { outcome: 'none', message: '' };
      return record(orderId, await cancelOrRetrieve(found), context);
    },

    /** What the attempt paid, when its money pays the order (not due back). */
    async paidAmount(orderId: string, attempt: number): Promise<number | null> {
      const state = await load(orderId);
      return state.paidBy === attempt ? (state.attempts.find((one) => one.attempt === attempt)?.amountPence ?? null) : null;
    },

    /**
     * The payment side's own safety net (the `cardPayment` process): asks Stripe about an attempt that has no final
     * answer yet and records it; an attempt the order no longer waits for is cancelled at Stripe (its money, if it
     * came, is then due back). Answers the outcome recorded.
     */
    async watch(orderId: string, attempt: number, context: CommandContext): Promise<AttemptOutcome> {
      const open = await attemptOf(orderId, attempt);
      if (!open) return { outcome: 'none', message: '' };
      const found = await record(orderId, await current(orderId, open), context);
      if (found.outcome === 'succeeded' || found.outcome === 'canceled' || (await orderAwaits(orderId, attempt))) return found;
      return record(orderId, await cancelOrRetrieve(open), context);
    },

    /** The order would not take money recorded as its payment: it becomes due back. */
    async giveBack(orderId: string, attempt: number, context: CommandContext): Promise<void> {
      const intentId = await intentOf(orderId, attempt);
      if (intentId) await handle(orderId, { type: 'GiveBack', intentId, at: context.now }, context);
    },

    /** Staff gave part or all of the order's money back (issue 35): it becomes due back to the card that paid. */
    async refundPart(orderId: string, refundNo: number, amountPence: number, context: CommandContext): Promise<void> {
      await handle(orderId, { type: 'RefundPart', orderId, refundNo, amountPence, at: context.now }, context);
    },

    /**
     * Sends a refund that is due and records what the provider says. Once only: the provider's refund is
     * idempotent per key, so a repeat after a crash is the first refund. One the provider has not settled yet
     * (pending) throws, so the cardRefund process asks again later, unless its webhook settles it first.
     */
    async refund(orderId: string, attemptNo: number, refundNo: number, context: CommandContext): Promise<void> {
      const found = refundOf(await load(orderId), attemptNo, refundNo);
      if (!found || found.refund.status !== 'due') return;
      const { attempt, refund } = found;
      const gateway = gatewayOf(attempt.provider);
      const sent = await gateway.refund(attempt.intentId, { amountPence: refund.amountPence, key: refund.key, orderId, refundNo });
      const now = sent.status === 'pending' ? await gateway.retrieveRefund(sent.id) : sent;
      if ((await recordRefund(orderId, attempt.attempt, refundNo, now, context)) === 'pending') throw new RefundPending(now.id);
    },

    /**
     * A webhook: its signature over the raw body is its only credential. Each event is handled once (by its id);
     * the intent it names is fetched again from the provider, and that answer is recorded, for the order the
     * provider's intent names: the payload's own copy of the intent is not what the provider holds now.
     */
    async webhook(
      provider: PaymentProvider,
      rawBody: Buffer,
      header: WebhookHeader,
      context: CommandContext,
      then: (orderId: string, attempt: number, outcome: AttemptOutcome) => Promise<unknown>,
    ): Promise<'handled' | 'repeat' | 'ignored'> {
      const gateway = gatewayOf(provider);
      const event = parseWebhookEvent(await gateway.verifyWebhook(rawBody, header));
      const seen = await services.pool.maybeOneFirst(sql.unsafe`select 1 from payment_webhook_events where event_id = ${event.id}`);
      if (seen) return 'repeat';
      // A refund's news (refund.updated, PAYMENT.CAPTURE.REFUNDED): the refund as the provider holds it now, for the order it names.
      const refund = event.refundId ? await gateway.retrieveRefund(event.refundId) : null;
      const refunded = refund?.orderId && refund.intentId ? attemptOfIntent(await load(refund.orderId), refund.intentId) : undefined;
      if (refund?.orderId && refund.refundNo !== null && refunded) await recordRefund(refund.orderId, refunded.attempt, refund.refundNo, refund, context);
      const intent = event.intentId ? await gateway.retrieveIntent(event.intentId) : null;
      const orderId = intent?.orderId ?? refund?.orderId;
      const attempt = intent && orderId ? attemptOfIntent(await load(orderId), intent.id) : undefined;
      if (intent && orderId && attempt?.provider === provider) {
        // PayPal's CHECKOUT.ORDER.APPROVED: the payer approved, so the shop captures (current), as on the buttons' return.
        const outcome = await record(orderId, intent.status === 'requires_capture' ? await current(orderId, attempt) : intent, context);
        await then(orderId, attempt.attempt, outcome);
      }
      await services.pool.query(sql.unsafe`
        insert into payment_webhook_events (event_id, event_type, received_at) values (${event.id}, ${event.type}, ${context.now})
        on conflict do nothing`);
      return orderId ? 'handled' : 'ignored';
    },
  };
}

export type Payments = ReturnType<typeof createPayments>;
