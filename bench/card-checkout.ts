/**
 * Card checkout benchmark (issue 17 item 10), over real HTTP against the shop in its own process and the local
 * fake Stripe API in this one: 32 shoppers paced at 50 orders/s in all, each order the web app's card flow: add →
 * saveCartAsOrder → updateOrder (COLLECT) → updateOrder (details) → createCheckoutSession (the shop makes the
 * PaymentIntent at the fake) → the card form's confirm at the fake (the browser's step, timed apart) →
 * /complete-order with the intent's id (the shop asks the fake and places the order).
 *
 * The shop runs with NODE_ENV=development here, because production refuses a Stripe API other than Stripe's:
 * every append is then also checked against its schema, so these request times are, if anything, pessimistic.
 * No webhooks are sent (the card form's return places each order; a webhook would find it placed).
 */
import { randomBytes } from 'node:crypto';
import { startFakeStripe } from '../src/fake-stripe/server';
import { collectDiscount, orderableProducts } from './checkout';
import type { Browser } from './http';
import { keepAliveAgent, Latencies } from './http';
import { describeLatencies, startBenchShop, type MenuProductView } from './shop';
import { pacedJourneys, percentile, withCpuLog } from './support';
import type { Benchmark, BenchContext, BenchRow } from './types';

const SHOPPERS = 32;
const ORDERS_PER_SECOND = 50;
const STEPS = ['add', 'saveCartAsOrder', 'updateOrder method', 'updateOrder details', 'createCheckoutSession', 'complete-order'] as const;

let customers = 0;
function details() {
  const n = customers++ % 200_000;
  return { email: `card-shopper-${n}@example.com`, full_name: 'Sam Smith', phone_number: `07911 ${String(100_000 + n)}` };
}

async function placeCardOrder(browser: Browser, fakeUrl: string, product: MenuProductView, note: (step: (typeof STEPS)[number] | 'fake confirm', answer: { ms: number; at: number }) => void) {
  note('add', await browser.ok('/api/moveProductStockToBasket', { id: product.id, variant: null, quantity: 1 }));
  const saved = await browser.ok<{ order: { items_total: number } }>('/api/saveCartAsOrder');
  note('saveCartAsOrder', saved);
  const itemsTotal = saved.body.order.items_total;
  const postage = collectDiscount(itemsTotal);
  note('updateOrder method', await browser.ok('/api/updateOrder', { ta_method: 'COLLECT', postage, total_cost: itemsTotal + postage, postcode: null }));
  note('updateOrder details', await browser.ok('/api/updateOrder', { deliveryForm: details() }));
  const session = await browser.ok<{ clientSecret: string; amount: number }>('/api/createCheckoutSession', { unique_id: 'bench', production: false });
  note('createCheckoutSession', session);
  const clientSecret = session.body.clientSecret;
  const intentId = clientSecret.split('_secret_')[0];
  const started = performance.now();
  const confirmed = await fetch(`${fakeUrl}/v1/payment_intents/${intentId}/confirm`, { method: 'POST', body: new URLSearchParams({ card: '4242424242424242', client_secret: clientSecret }) });
  await confirmed.json();
  note('fake confirm', { ms: performance.now() - started, at: performance.now() });
  const done = await browser.ok<{ order: { status: string } }>('/complete-order', { payment_method: 'CARD', status: 'succeeded', message: '', id: intentId });
  note('complete-order', done);
  if (done.body.order.status !== 'NEW') throw new Error(`unexpected card order ${JSON.stringify(done.body.order)}`);
}

function timing(context: BenchContext) {
  return context.quick ? { durationMs: 3000, warmupMs: 1000 } : { durationMs: 15_000, warmupMs: 2000 };
}

export const cardCheckoutBenchmark: Benchmark = {
  name: 'card-checkout',
  async run(context) {
    const webhookSecret = `whsec_${randomBytes(12).toString('hex')}`;
    const fake = await startFakeStripe({ webhookSecret });
    const bench = await startBenchShop(context, 'card-checkout', {
      NODE_ENV: 'development',
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_API_URL: fake.url,
    });
    const agent = keepAliveAgent(SHOPPERS);
    try {
      // No kitchen screen watches the bench shop: 0 turns off the unattended-kitchen rule, which would refuse card.
      await bench.changeSettings({ payment_methods: ['phone', 'card'], card_unattended_minutes: 0 });
      const products = await orderableProducts(bench, 1_000_000);
      const { durationMs, warmupMs } = timing(context);
      const requests = new Latencies(-Infinity, Infinity);
      const fakeTimes: number[] = [];
      let completed = 0;
      await withCpuLog(context, `card checkout paced (32 shoppers, ${ORDERS_PER_SECOND} orders/s)`, () => {
        const browsers = Array.from({ length: SHOPPERS }, () => bench.browser(agent));
        return pacedJourneys({ shoppers: SHOPPERS, perSecond: ORDERS_PER_SECOND, warmupMs, durationMs }, async (shopper, due) => {
          await placeCardOrder(browsers[shopper], fake.url, products[shopper % products.length], (step, answer) => {
            if (!due.measured) return;
            if (step === 'fake confirm') fakeTimes.push(answer.ms);
            else requests.note(step, answer);
          });
          if (due.measured) completed += 1;
        });
      });
      const all = requests.all();
      for (const step of STEPS) context.log(`card checkout paced: ${step.padEnd(21)} ${describeLatencies(requests.get(step), percentile)}`);
      context.log(`card checkout paced: ${completed} orders; the fake's confirm (the browser's step, apart) ${describeLatencies(fakeTimes, percentile)}`);
      const rows: BenchRow[] = [
        { name: `card checkout: request p50, 32 shoppers paced at ${ORDERS_PER_SECOND} orders/s`, figure: percentile(all, 50), unit: 'ms' },
        { name: `card checkout: request p99, 32 shoppers paced at ${ORDERS_PER_SECOND} orders/s`, figure: percentile(all, 99), unit: 'ms', target: '< 50', pass: percentile(all, 99) < 50 },
        { name: "card checkout: the fake Stripe's confirm p99 (apart)", figure: percentile(fakeTimes, 99), unit: 'ms' },
      ];
      return rows;
    } finally {
      agent.destroy();
      await bench.stop();
      await fake.close();
    }
  },
};
