import { randomBytes } from 'node:crypto';
import type { Config } from '../config';
import { onRememberedPort } from '../http/remembered-port';
import type { FakeStripe } from './server';

/**
 * FAKE_CARD_PAYMENTS=true (the demo shop, the browser tests): the local fake Stripe API starts beside the shop,
 * the shop gets test keys pointing at it, and the fake sends its webhooks to the shop once it listens. The shop's
 * own card code (the real SDK, the webhook route, the reconciler) runs unchanged. It keeps its port across
 * restarts (DATA_DIR/fake-stripe-port), so a page opened before one can still pay.
 */
export async function withFakeCardPayments(config: Config): Promise<{ config: Config; fake: FakeStripe | null }> {
  if (!config.FAKE_CARD_PAYMENTS) return { config, fake: null };
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  // Loaded only here: it brings the Stripe SDK, which a shop without the fake need not load.
  const { startFakeStripe } = await import('./server');
  const fake = await onRememberedPort(config.dataDir, 'fake-stripe', (port) => startFakeStripe({ webhookSecret, port }));
  return {
    fake,
    config: { ...config, STRIPE_SECRET_KEY: 'sk_test_local_fake', STRIPE_PUBLISHABLE_KEY: 'pk_test_local_fake', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: fake.url },
  };
}
