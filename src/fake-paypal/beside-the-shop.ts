import type { Config } from '../config';
import { onRememberedPort } from '../http/remembered-port';
import { startFakePayPal, type FakePayPal } from './server';

/**
 * FAKE_PAYPAL=true (the demo shop, the browser tests): the local fake PayPal API starts beside the shop, the shop
 * gets its client id, secret, webhook id and base URL, and the fake sends its webhooks to the shop once it
 * listens. The shop's own PayPal code (the fetch client, the webhook route, the reconciler) runs unchanged; the
 * web app shows stand-in buttons that approve at the fake, instead of PayPal's, which load from PayPal. It keeps
 * its port across restarts (DATA_DIR/fake-paypal-port), as the fake Stripe does.
 */
export async function withFakePayPal(config: Config): Promise<{ config: Config; fake: FakePayPal | null }> {
  if (!config.FAKE_PAYPAL) return { config, fake: null };
  const fake = await onRememberedPort(config.dataDir, 'fake-paypal', (port) => startFakePayPal({ port }));
  return {
    fake,
    config: { ...config, PAYPAL_CLIENT_ID: fake.clientId, PAYPAL_CLIENT_SECRET: fake.clientSecret, PAYPAL_WEBHOOK_ID: fake.webhookId, PAYPAL_BASE_URL: fake.url },
  };
}
