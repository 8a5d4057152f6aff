import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';

/**
 * A local stand-in for the parts of Stripe's API the shop uses (issue 17): PaymentIntents (create, retrieve,
 * confirm, cancel) and refunds, with Idempotency-Key replay, and webhooks signed as Stripe signs them. The
 * real `stripe` SDK talks to it over HTTP, so the shop's own client code runs in tests and in the demo shop.
 * Never for production: the config refuses it there.
 */
export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { message: string; code?: string; decline_code?: string } | null;
  created: number;
}

/** Cards the fake understands, as Stripe's test cards: this one is declined, any other succeeds. */
export const DECLINED_CARD = '4000000000000002';
/** Stripe's test card the bank declines for want of funds. */
export const INSUFFICIENT_FUNDS_CARD = '4000000000009995';
/** Stripe's test card whose bank asks for 3-D Secure: the intent waits (`requires_action`) until the challenge is done. */
export const THREE_D_SECURE_CARD = '4000002500003155';
/** Stripe's words when the customer fails the bank's check. */
export const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

export interface FakeRefund {
  id: string;
  object: 'refund';
  payment_intent: string;
  amount: number;
  status: 'succeeded' | 'pending' | 'failed';
  failure_reason: string | null;
  metadata: Record<string, string>;
}

/** How the fake answers the next refunds (issue 35's faults): as Stripe's own outcomes. */
export type RefundMode = 'succeed' | 'pending' | 'fail';

export interface FakeStripe {
  url: string;
  intents: Map<string, FakePaymentIntent>;
  refunds: FakeRefund[];
  /** From now on, refunds succeed at once (the default), stay pending until settled, or fail (a closed card). */
  refundMode(mode: RefundMode): void;
  /** Settles a pending refund as the bank would, and sends its refund.updated webhook when one is registered. */
  settleRefund(refundId: string, status: 'succeeded' | 'failed'): Promise<void>;
  /** Every request the SDK made, for tests that count them. */
  requests: Array<{ method: string; path: string }>;
  /** From now on, each confirmation's webhook goes to `endpoint`, as Stripe sends it to the registered URL. */
  sendWebhooksTo(endpoint: string): void;
  /** Sends a signed webhook to `endpoint`, as Stripe would after a change; answers the shop's HTTP status. */
  sendWebhook(endpoint: string, type: string, object: FakePaymentIntent | FakeRefund, options?: { eventId?: string; secret?: string }): Promise<number>;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Stripe's form encoding, one level of `a[b]` nesting (all the shop sends). */
function parseForm(body: string): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const nested = /^(\w+)\[(\w+)\]$/.exec(key);
    if (nested) result[nested[1]] = { ...(result[nested[1]] as object), [nested[2]]: value };
    else result[key] = value;
  }
  return result;
}

export async function startFakeStripe(options: {
  webhookSecret: string;
  port?: number;
  /** Where to send the webhook of each confirmation, as Stripe does (the demo shop and the browser tests). */
  webhookEndpoint?: string;
}): Promise<FakeStripe> {
  const intents = new Map<string, FakePaymentIntent>();
  const refunds: FakeStripe['refunds'] = [];
  let mode: RefundMode = 'succeed';
  const requests: FakeStripe['requests'] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  // The SDK (a large module tree) is loaded at the first webhook, not by every shop that starts the fake.
  let signer: Stripe | undefined;
  const sdk = () => require('stripe') as typeof Stripe;
  const sign = () => (signer ??= new (sdk())('sk_test_fake'));

  const answer = (path: string, method: string, form: Record<string, unknown>): { status: number; body: unknown } => {
    const notFound = { status: 404, body: { error: { type: 'invalid_request_error', message: `No such object: ${path}` } } };
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 30) return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Amount must be at least 30 pence' } } };
      const intentId = id('pi');
      const intent: FakePaymentIntent = {
        id: intentId, object: 'payment_intent', amount, currency: String(form.currency ?? 'gbp'), status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(8).toString('hex')}`, description: (form.description as string) ?? null,
        metadata: (form.metadata as Record<string, string>) ?? {}, last_payment_error: null, created: Math.floor(Date.now() / 1000),
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    const match = /^\/v1\/payment_intents\/([\w]+)(?:\/(cancel|confirm|authenticate))?$/.exec(path);
    if (match) {
      const intent = intents.get(match[1]);
      if (!intent) return notFound;
      if (method === 'GET' && !match[2]) return { status: 200, body: intent };
      if (method === 'POST' && match[2] === 'cancel') {
        // As Stripe: money that moved, or is moving, cannot be cancelled.
        if (intent.status === 'succeeded' || intent.status === 'processing') {
          return { status: 400, body: { error: { type: 'invalid_request_error', message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}` } } };
        }
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
      if (method === 'POST' && match[2] === 'confirm') {
        // From a browser (the local card form), as Stripe.js does: the intent's client secret is its credential.
        if (form.client_secret !== undefined && form.client_secret !== intent.client_secret) {
          return { status: 400, body: { error: { type: 'invalid_request_error', message: 'The client_secret does not match this PaymentIntent' } } };
        }
        if (intent.status === 'canceled' || intent.status === 'succeeded') {
          return { status: 400, body: { error: { type: 'invalid_request_error', message: `This PaymentIntent is ${intent.status}` } } };
        }
        const card = String(form.card ?? '').replace(/\s/g, '');
        if (card === THREE_D_SECURE_CARD) {
          // The bank asks the customer first (Stripe.js shows its page); nothing is taken until they pass.
          intent.status = 'requires_action';
          intent.last_payment_error = null;
          return { status: 200, body: { ...intent, next_action: { type: 'use_stripe_sdk' } } };
        }
        const declined = card === DECLINED_CARD || card === INSUFFICIENT_FUNDS_CARD;
        intent.status = declined ? 'requires_payment_method' : 'succeeded';
        intent.last_payment_error =
          card === INSUFFICIENT_FUNDS_CARD
            ? { message: 'Your card has insufficient funds.', code: 'card_declined', decline_code: 'insufficient_funds' }
            : declined
              ? { message: 'Your card was declined.', code: 'card_declined', decline_code: 'generic_decline' }
              : null;
        confirmed(intent);
        return { status: 200, body: intent };
      }
      if (method === 'POST' && match[2] === 'authenticate') {
        // The bank's 3-D Secure page, as Stripe's test page offers it: complete or fail the check.
        if (form.client_secret !== intent.client_secret) {
          return { status: 400, body: { error: { type: 'invalid_request_error', message: 'The client_secret does not match this PaymentIntent' } } };
        }
        if (intent.status !== 'requires_action') return { status: 400, body: { error: { type: 'invalid_request_error', message: `This PaymentIntent is ${intent.status}` } } };
        const passed = form.result === 'pass';
        intent.status = passed ? 'succeeded' : 'requires_payment_method';
        intent.last_payment_error = passed ? null : { message: AUTHENTICATION_FAILED };
        confirmed(intent);
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(String(form.payment_intent));
      if (!intent || intent.status !== 'succeeded') return { status: 400, body: { error: { type: 'invalid_request_error', message: 'Nothing to refund' } } };
      // As Stripe: a refund is at most what is left of the payment (failed refunds gave nothing back).
      const left = intent.amount - refunds.filter((one) => one.payment_intent === intent.id && one.status !== 'failed').reduce((sum, one) => sum + one.amount, 0);
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (!Number.isInteger(amount) || amount < 1 || amount > left) {
        return { status: 400, body: { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})` } } };
      }
      const status = ({ succeed: 'succeeded', pending: 'pending', fail: 'failed' } as const)[mode];
      const refund: FakeRefund = {
        id: id('re'), object: 'refund', payment_intent: intent.id, amount, status,
        failure_reason: status === 'failed' ? 'expired_or_canceled_card' : null, metadata: (form.metadata as Record<string, string>) ?? {},
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    const refundMatch = /^\/v1\/refunds\/([\w]+)$/.exec(path);
    if (refundMatch && method === 'GET') {
      const refund = refunds.find((one) => one.id === refundMatch[1]);
      return refund ? { status: 200, body: refund } : notFound;
    }
    return notFound;
  };

  // Stripe sends its webhook a moment after the change; a shop that is down gets it from the reconciler instead.
  let webhookEndpoint = options.webhookEndpoint;
  const confirmed = (intent: FakePaymentIntent) => {
    if (!webhookEndpoint) return;
    const type = intent.status === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
    const endpoint = webhookEndpoint;
    setImmediate(() => void sendWebhook(endpoint, type, intent).catch(() => undefined));
  };

  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const method = request.method ?? 'GET';
      requests.push({ method, path });
      // Stripe replays the first answer for a repeated Idempotency-Key.
      const key = request.headers['idempotency-key'];
      const replayKey = typeof key === 'string' && method === 'POST' ? `${path}|${key}` : undefined;
      const reply = (replayKey && replies.get(replayKey)) || answer(path, method, parseForm(body));
      if (replayKey && reply.status < 500) replies.set(replayKey, reply);
      // The local card form confirms from the shop's page, another origin: a simple form post, read with CORS.
      response.writeHead(reply.status, { 'Content-Type': 'application/json', 'Request-Id': id('req'), 'Access-Control-Allow-Origin': '*' });
      response.end(JSON.stringify(reply.body));
    });
  });
  // A port taken (a remembered one, src/http/remembered-port.ts) rejects, so the caller can pick another.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    intents,
    refunds,
    requests,
    sendWebhooksTo: (endpoint) => void (webhookEndpoint = endpoint),
    refundMode: (next) => void (mode = next),
    async settleRefund(refundId, status) {
      const refund = refunds.find((one) => one.id === refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = status;
      refund.failure_reason = status === 'failed' ? 'expired_or_canceled_card' : null;
      if (webhookEndpoint) await sendWebhook(webhookEndpoint, 'refund.updated', refund);
    },
    sendWebhook,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function sendWebhook(endpoint: string, type: string, intent: FakePaymentIntent | FakeRefund, sendOptions: { eventId?: string; secret?: string } = {}): Promise<number> {
    const payload = JSON.stringify({
      id: sendOptions.eventId ?? id('evt'), object: 'event', type, created: Math.floor(Date.now() / 1000), api_version: sdk().API_VERSION,
      data: { object: structuredClone(intent) },
    });
    const header = sign().webhooks.generateTestHeaderString({ payload, secret: sendOptions.secret ?? options.webhookSecret });
    const sent = await fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
    return sent.status;
  }
}
