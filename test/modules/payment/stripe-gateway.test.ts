import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { stripeGateway, WebhookSignatureError, type CardGateway, type CardWebhookEvent } from '../../../modules/payment';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/config';
import { withFakeCardPayments } from '../../../src/fake-stripe/beside-the-shop';
import { DECLINED_CARD, startFakeStripe, type FakeStripe } from '../../../src/fake-stripe/server';

const WEBHOOK_SECRET = 'whsec_test_0123456789';

/** Issue 17: the real Stripe SDK, through the CardGateway, against the local fake Stripe API. */
describe('the Stripe card gateway', () => {
  let fake: FakeStripe;
  let gateway: CardGateway;

  beforeAll(async () => {
    fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET });
    gateway = stripeGateway({ secretKey: 'sk_test_gateway', webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });
  });
  afterAll(async () => {
    await fake.close();
  });

  const confirm = (intentId: string, card: string) => fetch(`${fake.url}/v1/payment_intents/${intentId}/confirm`, { method: 'POST', body: new URLSearchParams({ card }) });

  it('creates one intent per order and attempt, however often it is asked, for the amount in pence', async () => {
    const first = await gateway.createIntent({ orderId: 'order-1', attempt: 1, amountPence: 1855, description: 'Order 1', reference: 'ORD1' });
    const again = await gateway.createIntent({ orderId: 'order-1', attempt: 1, amountPence: 1855, description: 'Order 1', reference: 'ORD1' });
    const second = await gateway.createIntent({ orderId: 'order-1', attempt: 2, amountPence: 1855, description: 'Order 1', reference: 'ORD1' });
    expect(again).toEqual(first);
    expect(second.id).not.toBe(first.id);
    expect(first).toMatchObject({ amountPence: 1855, status: 'requires_payment_method', orderId: 'order-1', attempt: 1, failureMessage: null });
    expect(first.clientSecret).toMatch(/^pi_\w+_secret_/);
    expect(fake.intents.get(first.id)!.currency).toBe('gbp');
  });

  it('reads what the provider says: a declined card, then a success; cancels; refunds once', async () => {
    const intent = await gateway.createIntent({ orderId: 'order-2', attempt: 1, amountPence: 990, description: 'Order 2', reference: 'ORD2' });
    await confirm(intent.id, DECLINED_CARD);
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'requires_payment_method', failureMessage: 'Your card was declined.' });
    await confirm(intent.id, '4242424242424242');
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'succeeded', failureMessage: null });
    const whole = { amountPence: 990, key: `refund-${intent.id}`, orderId: 'order-2', refundNo: 0 };
    const refund = await gateway.refund(intent.id, whole);
    expect(refund).toMatchObject({ status: 'succeeded', orderId: 'order-2', refundNo: 0 });
    expect(await gateway.refund(intent.id, whole)).toEqual(refund);
    expect(fake.refunds.filter((one) => one.payment_intent === intent.id)).toHaveLength(1);
    // A refund Stripe refuses (nothing is left of the payment) is a failed refund, never an error to retry for ever.
    expect(await gateway.refund(intent.id, { ...whole, amountPence: 1, key: 'order-2-refund-1', refundNo: 1 })).toMatchObject({ status: 'failed', failureReason: 'charge_already_refunded', refundNo: 1 });

    const open = await gateway.createIntent({ orderId: 'order-3', attempt: 1, amountPence: 500, description: 'Order 3', reference: 'ORD3' });
    expect(await gateway.cancelIntent(open.id)).toMatchObject({ status: 'canceled' });
    await expect(gateway.retrieveIntent('pi_unknown')).rejects.toThrow(/No such object/);
  });

  it('takes a webhook signed with the secret, and refuses a forged or tampered one', async () => {
    const intent = await gateway.createIntent({ orderId: 'order-4', attempt: 1, amountPence: 700, description: 'Order 4', reference: 'ORD4' });
    const received: Array<{ body: Buffer; signature: string | undefined }> = [];
    const endpoint = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ body: Buffer.concat(chunks), signature: request.headers['stripe-signature'] as string | undefined });
        response.end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/`;
    try {
      await fake.sendWebhook(url, 'payment_intent.succeeded', { ...fake.intents.get(intent.id)!, status: 'succeeded' }, { eventId: 'evt_1' });
      await fake.sendWebhook(url, 'payment_intent.succeeded', fake.intents.get(intent.id)!, { secret: 'whsec_forged' });
      const [genuine, forged] = received;
      const header = (signature: string | undefined) => (name: string) => (name === 'stripe-signature' ? signature : undefined);
      const event: CardWebhookEvent = await gateway.verifyWebhook(genuine.body, header(genuine.signature));
      expect(event).toEqual({ id: 'evt_1', type: 'payment_intent.succeeded', intentId: intent.id, refundId: null });
      await expect(gateway.verifyWebhook(forged.body, header(forged.signature))).rejects.toThrow(WebhookSignatureError);
      const tampered = Buffer.from(genuine.body.toString('utf8').replace('"amount":700', '"amount":1'));
      await expect(gateway.verifyWebhook(tampered, header(genuine.signature))).rejects.toThrow(WebhookSignatureError);
      await expect(gateway.verifyWebhook(genuine.body, header(undefined))).rejects.toThrow(WebhookSignatureError);
    } finally {
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    }
  });

  it("the demo's fake keeps its port across restarts of the shop (DATA_DIR), and picks another when that one is taken (issue 38 item 7)", async () => {
    const config = loadConfig({ FAKE_CARD_PAYMENTS: 'true', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fake-stripe-port-')) });
    const first = await withFakeCardPayments(config);
    const url = first.config.STRIPE_API_URL;
    await first.fake!.close();
    const again = await withFakeCardPayments(config);
    expect(again.config.STRIPE_API_URL).toBe(url);
    // Still listening: the remembered port is taken, so a third start takes another and remembers it.
    const third = await withFakeCardPayments(config);
    expect(third.config.STRIPE_API_URL).not.toBe(url);
    expect(fs.readFileSync(path.join(config.dataDir, 'fake-stripe-port'), 'utf8').trim()).toBe(new URL(third.config.STRIPE_API_URL!).port);
    await again.fake!.close();
    await third.fake!.close();
  });
});
