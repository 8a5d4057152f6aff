import Router from '@koa/router';
import { noInput } from '../../src/http/inputs';
import { CARD_UNAVAILABLE, PAYPAL_UNAVAILABLE } from '../../src/shared/payment-texts';

/**
 * Spec §7 `POST /api/env/STRIPE_KEY`: the publishable key, which the card form needs, and nothing else; the
 * secret key and the webhook secret never leave the server.
 */
export function paymentRoutes(deps: { publishableKey: string | undefined; fakeApiUrl?: string; paypalClientId?: string; fakePayPalUrl?: string }) {
  const router = new Router();
  router.post('/api/env/STRIPE_KEY', async (ctx) => {
    noInput.parse(ctx.request.body);
    if (!deps.publishableKey) {
      ctx.body = { status: false, value: null, message: CARD_UNAVAILABLE };
      return;
    }
    // With FAKE_CARD_PAYMENTS the web app shows the local card form, which confirms at the fake Stripe API.
    ctx.body = deps.fakeApiUrl ? { status: true, value: deps.publishableKey, fakeApiUrl: deps.fakeApiUrl } : { status: true, value: deps.publishableKey };
  });
  /**
   * PayPal's buttons (issue 36) load PayPal's SDK with the REST app's client id, which is public; the secret and the
   * webhook id never leave the server. With FAKE_PAYPAL the web app shows its stand-in buttons, which approve at
   * the local fake.
   */
  router.post('/api/env/PAYPAL_KEY', async (ctx) => {
    noInput.parse(ctx.request.body);
    if (!deps.paypalClientId) {
      ctx.body = { status: false, value: null, message: PAYPAL_UNAVAILABLE };
      return;
    }
    ctx.body = deps.fakePayPalUrl ? { status: true, value: deps.paypalClientId, fakeApiUrl: deps.fakePayPalUrl } : { status: true, value: deps.paypalClientId };
  });
  return router;
}
