import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PAYPAL_DECLINED, paypalGateway, WebhookSignatureError, type CardGateway } from '../../../modules/payment';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../src/config';
import { withFakePayPal } from '../../../src/fake-paypal/beside-the-shop';
import { startFakePayPal, type FakePayPal } from '../../../src/fake-paypal/server';

/** Issue 36: the shop's fetch client for PayPal's Orders v2, through the payment port, against the local fake. */
describe('the PayPal gateway', () => {
  let fake: FakePayPal;
  let gateway: CardGateway;
  const order = (n: number) => ({ orderId: `order-${n}`, attempt: 1, amountPence: 1855, description: `Order ${n}`, reference: `REF${n}` });

  beforeAll(async () => {
    fake = await startFakePayPal();
    gateway = paypalGateway({ clientId: fake.clientId, clientSecret: fake.clientSecret, webhookId: fake.webhookId, baseUrl: fake.url, timeoutMs: 1000 });
  });
  afterAll(async () => {
    await fake.close();
  });

  it('creates one PayPal order per order and attempt (PayPal-Request-Id), to capture, for the amount, the reference as custom and invoice id', async () => {
    const first = await gateway.createIntent(order(1));
    expect(await gateway.createIntent(order(1))).toEqual(first);
    expect(first).toMatchObject({ clientSecret: first.id, amountPence: 1855, status: 'requires_payment_method', orderId: 'order-1', attempt: 1 });
    expect(fake.orders.get(first.id)).toMatchObject({ intent: 'CAPTURE', purchase_units: [{ custom_id: 'order-1:1', invoice_id: 'REF1-1', amount: { currency_code: 'GBP', value: '18.55' } }] });
    expect(fake.orders.size).toBe(1);
    // The token is asked for once and kept.
    expect(fake.requests.filter((one) => one.path === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('captures only what the payer approved; a capture is taken once; a declined one says why', async () => {
    const intent = await gateway.createIntent(order(2));
    expect(await gateway.captureIntent(intent.id)).toMatchObject({ status: 'requires_payment_method', failureMessage: null }); // not approved: nothing taken
    await fake.approve(intent.id);
    expect(await gateway.retrieveIntent(intent.id)).toMatchObject({ status: 'requires_capture' });
    const captured = await gateway.captureIntent(intent.id);
    expect(captured).toMatchObject({ status: 'succeeded', amountPence: 1855 });
    expect(await gateway.captureIntent(intent.id)).toEqual(captured);
    expect(fake.orders.get(intent.id)!.purchase_units[0].payments!.captures).toHaveLength(1);

    const declined = await gateway.createIntent(order(3));
    await fake.approve(declined.id);
    fake.captureMode('decline');
    try {
      expect(await gateway.captureIntent(declined.id)).toMatchObject({ status: 'requires_payment_method', failureMessage: PAYPAL_DECLINED });
    } finally {
      fake.captureMode('complete');
    }
    expect(await gateway.cancelIntent(declined.id)).toMatchObject({ status: 'canceled' });
    expect(await gateway.cancelIntent(intent.id)).toMatchObject({ status: 'succeeded' }); // money taken: answered as it is
  });

  it('tries again after a 5xx and after a timeout, with the same PayPal-Request-Id: one capture', async () => {
    const intent = await gateway.createIntent(order(4));
    await fake.approve(intent.id);
    fake.failNext('/capture', 2);
    expect(await gateway.captureIntent(intent.id)).toMatchObject({ status: 'succeeded' });
    const slow = await gateway.createIntent(order(5));
    await fake.approve(slow.id);
    fake.delayNext('/capture', 2500); // done at PayPal, answered after the client gave up
    expect(await gateway.captureIntent(slow.id)).toMatchObject({ status: 'succeeded' });
    expect(fake.orders.get(slow.id)!.purchase_units[0].payments!.captures).toHaveLength(1);
    fake.failNext('/v2/checkout/orders/', 3);
    await expect(gateway.retrieveIntent(slow.id)).rejects.toThrow(/PayPal answered 500/);
  });

  it('refunds a capture in parts, each once per key, never more than is left', async () => {
    const intent = await gateway.createIntent(order(6));
    await fake.approve(intent.id);
    await gateway.captureIntent(intent.id);
    const part = { amountPence: 500, key: 'order-6-refund-1', orderId: 'order-6', refundNo: 1 };
    const refund = await gateway.refund(intent.id, part);
    expect(refund).toMatchObject({ status: 'succeeded', orderId: 'order-6', refundNo: 1, intentId: intent.id });
    expect(await gateway.refund(intent.id, part)).toEqual(refund);
    expect(await gateway.retrieveRefund(refund.id)).toEqual(refund);
    expect(await gateway.refund(intent.id, { ...part, amountPence: 1400, key: 'order-6-refund-2', refundNo: 2 })).toMatchObject({ status: 'failed', failureReason: 'REFUND_AMOUNT_EXCEEDED' });
    expect(fake.refunds).toHaveLength(1);
  });

  it("takes a webhook PayPal's verify-webhook-signature call vouches for, and refuses a forged or unsigned one", async () => {
    const intent = await gateway.createIntent(order(7));
    const received: Array<{ body: Buffer; headers: http.IncomingHttpHeaders }> = [];
    const endpoint = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ body: Buffer.concat(chunks), headers: request.headers });
        response.end();
      });
    });
    await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/`;
    const header = (headers: http.IncomingHttpHeaders) => (name: string) => headers[name] as string | undefined;
    try {
      await fake.sendWebhook('CHECKOUT.ORDER.APPROVED', 'checkout-order', fake.orders.get(intent.id)!, { eventId: 'WH-1', endpoint: url });
      await fake.sendWebhook('CHECKOUT.ORDER.APPROVED', 'checkout-order', fake.orders.get(intent.id)!, { forged: true, endpoint: url });
      const [genuine, forged] = received;
      expect(await gateway.verifyWebhook(genuine.body, header(genuine.headers))).toEqual({ id: 'WH-1', type: 'CHECKOUT.ORDER.APPROVED', intentId: intent.id, refundId: null });
      await expect(gateway.verifyWebhook(forged.body, header(forged.headers))).rejects.toThrow(WebhookSignatureError);
      const tampered = Buffer.from(genuine.body.toString('utf8').replace(intent.id, 'SOMEOTHERORDER123'));
      await expect(gateway.verifyWebhook(tampered, header(genuine.headers))).rejects.toThrow(WebhookSignatureError);
      await expect(gateway.verifyWebhook(genuine.body, () => undefined)).rejects.toThrow(WebhookSignatureError);
    } finally {
      await new Promise<void>((resolve) => endpoint.close(() => resolve()));
    }
  });

  it("the demo's fake keeps its port across restarts of the shop (DATA_DIR), as the fake Stripe does (issue 38 item 7)", async () => {
    const config = loadConfig({ FAKE_PAYPAL: 'true', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'fake-paypal-port-')) });
    const first = await withFakePayPal(config);
    await first.fake!.close();
    const again = await withFakePayPal(config);
    expect(again.config.PAYPAL_BASE_URL).toBe(first.config.PAYPAL_BASE_URL);
    await again.fake!.close();
  });
});
