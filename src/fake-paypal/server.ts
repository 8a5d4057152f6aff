import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the subset of PayPal's REST API the shop uses (issue 36): the OAuth2 token, Orders v2
 * (create, get, capture), refunds of a capture, verify-webhook-signature, and webhooks as PayPal sends them.
 * The shop's own fetch client (modules/payment/paypal-client.ts) talks to it over HTTP, in tests and in the demo
 * shop (FAKE_PAYPAL). Its faults are PayPal's: a declined capture, a webhook late, never sent or sent twice, a
 * forged webhook, a slow answer (a timeout), a 5xx then success, refunds. Never for production: the config
 * refuses it there.
 */
export interface FakePayPalCapture {
  id: string;
  status: 'COMPLETED' | 'DECLINED' | 'PENDING' | 'REFUNDED' | 'PARTIALLY_REFUNDED';
  amount: { currency_code: string; value: string };
  custom_id?: string;
  invoice_id?: string;
  supplementary_data: { related_ids: { order_id: string } };
}

export interface FakePayPalOrder {
  id: string;
  intent: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  purchase_units: Array<{
    reference_id: string;
    description?: string;
    custom_id?: string;
    invoice_id?: string;
    amount: { currency_code: string; value: string };
    payments?: { captures: FakePayPalCapture[] };
  }>;
}

export interface FakePayPalRefund {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'FAILED';
  amount: { currency_code: string; value: string };
  custom_id?: string;
  capture_id: string;
  status_details?: { reason: string };
}

/** What the next captures do: take the money (default), be declined by the payer's funding source, or wait. */
export type CaptureMode = 'complete' | 'decline' | 'pending';
/** How webhooks are sent from now on: at once (default), held until released (late), dropped (never), or twice. */
export type WebhookMode = 'send' | 'late' | 'never' | 'duplicate';
export type FakePayPalRefundMode = 'succeed' | 'pending' | 'fail';

export interface FakePayPal {
  url: string;
  webhookId: string;
  clientId: string;
  clientSecret: string;
  orders: Map<string, FakePayPalOrder>;
  refunds: FakePayPalRefund[];
  /** Every request the shop made, for tests that count them. */
  requests: Array<{ method: string; path: string }>;
  /** The payer approves the order in PayPal's window (the stand-in buttons call this too). */
  approve(orderId: string): Promise<void>;
  captureMode(mode: CaptureMode): void;
  refundMode(mode: FakePayPalRefundMode): void;
  webhookMode(mode: WebhookMode): void;
  /** Sends the webhooks held while the mode was 'late'; answers the shop's statuses. */
  releaseWebhooks(): Promise<number[]>;
  /** The next `times` requests whose path contains `path` answer 500 (then it works again). */
  failNext(path: string, times?: number): void;
  /** The next request whose path contains `path` is done, but answered only after `ms` (the shop's timeout). */
  delayNext(path: string, ms: number): void;
  /** From now on, webhooks go to `endpoint`, as PayPal sends them to the registered URL. */
  sendWebhooksTo(endpoint: string): void;
  /** Sends a webhook (signed, or `forged` with a signature PayPal never made); answers the shop's HTTP status. */
  sendWebhook(type: string, resourceType: string, resource: object, options?: { eventId?: string; forged?: boolean; endpoint?: string }): Promise<number>;
  close(): Promise<void>;
}

const PAYPAL_ID_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
/** PayPal's ids: 17 upper-case letters and digits. */
const paypalId = () => Array.from(randomBytes(17), (byte) => PAYPAL_ID_CHARS[byte % PAYPAL_ID_CHARS.length]).join('');
const pennies = (value: string) => Math.round(Number(value) * 100);
const pounds = (pence: number) => `${Math.trunc(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;

type Reply = { status: number; body: unknown };
const issue = (status: number, name: string, code: string, description: string): Reply => ({ status, body: { name, message: description, details: [{ issue: code, description }] } });
const notFound = (what: string) => issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', `Specified resource ID ${what} does not exist`);

export async function startFakePayPal(options: { port?: number; webhookEndpoint?: string } = {}): Promise<FakePayPal> {
  const clientId = 'fake-paypal-client';
  const clientSecret = randomBytes(12).toString('hex');
  const webhookId = `WH-${paypalId()}`;
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, FakePayPalOrder>();
  const refunds: FakePayPalRefund[] = [];
  const requests: FakePayPal['requests'] = [];
  const replies = new Map<string, Reply>();
  const failures: Array<{ path: string; times: number }> = [];
  const delays: Array<{ path: string; ms: number }> = [];
  let capturing: CaptureMode = 'complete';
  let refunding: FakePayPalRefundMode = 'succeed';
  let webhooks: WebhookMode = 'send';
  const held: Array<() => Promise<number>> = [];
  let webhookEndpoint = options.webhookEndpoint;

  const captureOf = (captureId: string) => {
    for (const order of orders.values()) {
      const capture = order.purchase_units[0].payments?.captures.find((one) => one.id === captureId);
      if (capture) return { order, capture };
    }
    return undefined;
  };

  /** PayPal's signature over an event: the transmission, the webhook id and the event's digest. */
  const signatureOf = (transmissionId: string, time: string, webhook: string, event: unknown) =>
    createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhook}|${createHash('sha256').update(JSON.stringify(event)).digest('hex')}`).digest('base64');

  function answer(method: string, path: string, body: Record<string, unknown>, authorization: string | undefined): Reply {
    if (method === 'POST' && path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (authorization !== expected) return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: 32400, nonce: paypalId() } };
    }
    // The payer's approval in PayPal's window: from the stand-in buttons, in the browser (no token).
    const approval = /^\/fake\/checkout\/orders\/(\w+)\/approve$/.exec(path);
    if (method === 'POST' && approval) {
      const order = orders.get(approval[1]);
      if (!order) return notFound(approval[1]);
      if (order.status !== 'CREATED' && order.status !== 'APPROVED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_COMPLETED', 'The order cannot be approved');
      if (order.status === 'CREATED') {
        order.status = 'APPROVED';
        announce('CHECKOUT.ORDER.APPROVED', 'checkout-order', order);
      }
      return { status: 200, body: order };
    }
    if (!authorization?.startsWith('Bearer ') || !tokens.has(authorization.slice('Bearer '.length))) {
      return issue(401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN', 'Authentication failed due to invalid authentication credentials or a missing Authorization header.');
    }
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const unit = (body.purchase_units as FakePayPalOrder['purchase_units'] | undefined)?.[0];
      if (body.intent !== 'CAPTURE' || !unit?.amount || unit.amount.currency_code !== 'GBP' || !(pennies(unit.amount.value) > 0)) {
        return issue(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'The order needs intent CAPTURE and one purchase unit in GBP');
      }
      if ([...orders.values()].some((one) => unit.invoice_id && one.purchase_units[0].invoice_id === unit.invoice_id)) {
        return issue(422, 'UNPROCESSABLE_ENTITY', 'DUPLICATE_INVOICE_ID', 'Duplicate Invoice ID detected.');
      }
      const order: FakePayPalOrder = { id: paypalId(), intent: 'CAPTURE', status: 'CREATED', purchase_units: [{ ...unit, reference_id: unit.reference_id ?? 'default' }] };
      orders.set(order.id, order);
      return { status: 201, body: order };
    }
    const orderPath = /^\/v2\/checkout\/orders\/(\w+)(\/capture)?$/.exec(path);
    if (orderPath) {
      const order = orders.get(orderPath[1]);
      if (!order) return notFound(orderPath[1]);
      if (method === 'GET' && !orderPath[2]) return { status: 200, body: order };
      if (method === 'POST' && orderPath[2]) return capture(order);
    }
    const refundPath = /^\/v2\/payments\/captures\/(\w+)\/refund$/.exec(path);
    if (method === 'POST' && refundPath) {
      const found = captureOf(refundPath[1]);
      if (!found) return notFound(refundPath[1]);
      const { capture: paid } = found;
      const left = pennies(paid.amount.value) - refunds.filter((one) => one.capture_id === paid.id && one.status !== 'FAILED').reduce((sum, one) => sum + pennies(one.amount.value), 0);
      const amount = body.amount ? pennies((body.amount as { value: string }).value) : left;
      if (paid.status === 'REFUNDED' || left <= 0) return issue(422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED', 'The capture has already been fully refunded');
      if (!(amount > 0) || amount > left) return issue(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED', 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.');
      const status = ({ succeed: 'COMPLETED', pending: 'PENDING', fail: 'FAILED' } as const)[refunding];
      const refund: FakePayPalRefund = {
        id: paypalId(), status, amount: { currency_code: 'GBP', value: pounds(amount) }, custom_id: body.custom_id as string | undefined, capture_id: paid.id,
        ...(status === 'FAILED' ? { status_details: { reason: 'ECHECK' } } : {}),
      };
      refunds.push(refund);
      if (status === 'COMPLETED') {
        paid.status = amount === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
        announce('PAYMENT.CAPTURE.REFUNDED', 'refund', refund);
      }
      return { status: 201, body: refund };
    }
    const refundGet = /^\/v2\/payments\/refunds\/(\w+)$/.exec(path);
    if (method === 'GET' && refundGet) {
      const refund = refunds.find((one) => one.id === refundGet[1]);
      return refund ? { status: 200, body: refund } : notFound(refundGet[1]);
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const { transmission_id: transmissionId, transmission_time: time, transmission_sig: signature, webhook_id: webhook, webhook_event: event } = body as Record<string, string>;
      const holds = webhook === webhookId && typeof signature === 'string' && signature === signatureOf(transmissionId, time, webhook, event);
      return { status: 200, body: { verification_status: holds ? 'SUCCESS' : 'FAILURE' } };
    }
    return notFound(path);
  }

  function capture(order: FakePayPalOrder): Reply {
    if (order.status === 'COMPLETED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED', 'Order already captured.');
    if (order.status !== 'APPROVED') return issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.');
    const unit = order.purchase_units[0];
    const status = ({ complete: 'COMPLETED', decline: 'DECLINED', pending: 'PENDING' } as const)[capturing];
    const taken: FakePayPalCapture = {
      id: paypalId(), status, amount: unit.amount, custom_id: unit.custom_id, invoice_id: unit.invoice_id, supplementary_data: { related_ids: { order_id: order.id } },
    };
    unit.payments = { captures: [...(unit.payments?.captures ?? []), taken] };
    // As PayPal: a declined funding source leaves the order for the payer to approve again with another.
    order.status = status === 'DECLINED' ? 'CREATED' : 'COMPLETED';
    if (status !== 'PENDING') announce(status === 'COMPLETED' ? 'PAYMENT.CAPTURE.COMPLETED' : 'PAYMENT.CAPTURE.DENIED', 'capture', taken);
    return { status: 201, body: order };
  }

  /** PayPal sends its webhook a moment after the change, as the mode says. */
  function announce(type: string, resourceType: string, resource: object) {
    const endpoint = webhookEndpoint;
    if (!endpoint || webhooks === 'never') return;
    const eventId = `WH-${paypalId()}`;
    const snapshot = structuredClone(resource);
    const send = () => sendWebhook(type, resourceType, snapshot, { eventId, endpoint });
    if (webhooks === 'late') {
      held.push(send);
      return;
    }
    setImmediate(() => void send().catch(() => undefined));
    if (webhooks === 'duplicate') setImmediate(() => void send().catch(() => undefined));
  }

  async function sendWebhook(type: string, resourceType: string, resource: object, sendOptions: { eventId?: string; forged?: boolean; endpoint?: string } = {}): Promise<number> {
    const endpoint = sendOptions.endpoint ?? webhookEndpoint;
    if (!endpoint) throw new Error('no webhook endpoint registered at the fake PayPal');
    const event = { id: sendOptions.eventId ?? `WH-${paypalId()}`, event_version: '1.0', create_time: new Date().toISOString(), resource_type: resourceType, event_type: type, summary: type, resource };
    const transmissionId = randomBytes(16).toString('hex');
    const time = new Date().toISOString();
    const signature = sendOptions.forged ? randomBytes(32).toString('base64') : signatureOf(transmissionId, time, webhookId, event);
    const sent = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'PAYPAL-AUTH-ALGO': 'SHA256withRSA',
        'PAYPAL-CERT-URL': 'https://api.paypal.com/v1/notifications/certs/CERT-FAKE',
        'PAYPAL-TRANSMISSION-ID': transmissionId,
        'PAYPAL-TRANSMISSION-SIG': signature,
        'PAYPAL-TRANSMISSION-TIME': time,
      },
      body: JSON.stringify(event),
    });
    return sent.status;
  }

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    request.on('end', () => {
      const path = new URL(request.url ?? '/', 'http://fake').pathname;
      const method = request.method ?? 'GET';
      requests.push({ method, path });
      const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': 'Content-Type' };
      if (method === 'OPTIONS') {
        response.writeHead(204, { ...cors, 'Access-Control-Allow-Methods': 'POST' });
        response.end();
        return;
      }
      const failing = failures.find((one) => path.includes(one.path) && one.times > 0);
      if (failing) {
        failing.times -= 1;
        response.writeHead(500, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ name: 'INTERNAL_SERVER_ERROR', message: 'An internal server error occurred.', details: [{ issue: 'INTERNAL_SERVER_ERROR' }] }));
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = raw && !raw.startsWith('grant_type') ? (JSON.parse(raw) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      // PayPal answers a repeated PayPal-Request-Id with the first successful answer.
      const requestId = request.headers['paypal-request-id'];
      const replayKey = typeof requestId === 'string' && method === 'POST' ? `${path}|${requestId}` : undefined;
      const reply = (replayKey && replies.get(replayKey)) || answer(method, path, body, request.headers.authorization);
      if (replayKey && reply.status < 300) replies.set(replayKey, reply);
      const delayIndex = delays.findIndex((one) => path.includes(one.path));
      const delay = delayIndex >= 0 ? delays.splice(delayIndex, 1)[0].ms : 0;
      setTimeout(() => {
        if (response.destroyed) return;
        response.writeHead(reply.status, { 'Content-Type': 'application/json', 'Paypal-Debug-Id': randomBytes(6).toString('hex'), ...cors });
        response.end(JSON.stringify(reply.body));
      }, delay);
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
    webhookId,
    clientId,
    clientSecret,
    orders,
    refunds,
    requests,
    async approve(orderId) {
      const reply = answer('POST', `/fake/checkout/orders/${orderId}/approve`, {}, undefined);
      if (reply.status !== 200) throw new Error(`the fake PayPal could not approve ${orderId}: ${JSON.stringify(reply.body)}`);
    },
    captureMode: (mode) => void (capturing = mode),
    refundMode: (mode) => void (refunding = mode),
    webhookMode: (mode) => void (webhooks = mode),
    async releaseWebhooks() {
      const sends = held.splice(0);
      const statuses: number[] = [];
      for (const send of sends) statuses.push(await send());
      return statuses;
    },
    failNext: (path, times = 1) => void failures.push({ path, times }),
    delayNext: (path, ms) => void delays.push({ path, ms }),
    sendWebhooksTo: (endpoint) => void (webhookEndpoint = endpoint),
    sendWebhook,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
