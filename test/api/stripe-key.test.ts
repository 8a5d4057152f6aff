import { CARD_UNAVAILABLE } from '../../src/shared/payment-texts';
import { startTestServer, type TestServer } from '../support/server';
import { shopper } from './shopper';

const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_secret123', STRIPE_PUBLISHABLE_KEY: 'pk_test_public123', STRIPE_WEBHOOK_SECRET: 'whsec_hook123' };

/** Spec §7 POST /api/env/STRIPE_KEY (issue 17): the publishable key only, or why card cannot be taken. */
describe('the Stripe publishable key', () => {
  let configured: TestServer;
  let bare: TestServer;

  beforeAll(async () => {
    [configured, bare] = await Promise.all([startTestServer({ env: STRIPE }), startTestServer()]);
  });
  afterAll(async () => {
    await Promise.all([configured.stop(), bare.stop()]);
  });

  it('answers the publishable key and never a secret', async () => {
    const answer = await shopper(configured).post('/api/env/STRIPE_KEY').expect(200);
    expect(answer.body).toEqual({ status: true, value: 'pk_test_public123' });
    expect(answer.text).not.toMatch(/sk_test|whsec/);
  });

  it('says card cannot be taken when the shop has no Stripe keys, and refuses a body', async () => {
    expect((await shopper(bare).post('/api/env/STRIPE_KEY').expect(200)).body).toEqual({ status: false, value: null, message: CARD_UNAVAILABLE });
    expect((await shopper(configured).post('/api/env/STRIPE_KEY', { production: true }).expect(400)).body.status).toBe(false);
  });
});
