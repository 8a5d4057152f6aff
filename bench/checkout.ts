/**
 * Checkout benchmark, over real HTTP against the shop in its own process (see shop.ts): 32 shoppers, each
 * with its own cookie jar, each placing phone-paid collection orders one after another through the whole
 * checkout the web app drives: add to basket → saveCartAsOrder → updateOrder (COLLECT, with the collect
 * discount) → updateOrder (details) → updateOrder (PHONE) → POST /complete-order.
 * First counts what one basket move and one order cost the database (statement-costs.ts), then
 * reports completed orders/s and the p99 of every request in the flow; then (informative) the request times of
 * the same shoppers paced at 25–100 orders/s (the p99 target is at 50); and the peak RSS of the shop's process over both.
 */
import { collectPostage } from '../src/shared/postage';
import type { Browser } from './http';
import { keepAliveAgent, Latencies } from './http';
import { describeLatencies, rssSampler, startBenchShop, type BenchShop, type MenuProductView } from './shop';
import { countedOrders, statementCosts } from './statement-costs';
import { pacedJourneys, percentile, throughput, withCpuLog } from './support';
import type { Benchmark, BenchContext, BenchRow } from './types';

const SHOPPERS = 32;
/**
 * A customer of their own for each order (as on a real evening), so the cap on unpaid orders per phone number
 * and email (setting max_unpaid_orders) never refuses a bench order; the session cap is raised by the bench shop.
 */
let customers = 0;
function details() {
  const n = customers++ % 200_000; // 07911 100000-299999 are valid mobile numbers
  return { email: `shopper-${n}@example.com`, full_name: 'Sam Smith', phone_number: `07911 ${String(100_000 + n)}` };
}

/** The steps of one order, in order, as named in the latency series. */
export const CHECKOUT_STEPS = ['add', 'saveCartAsOrder', 'updateOrder method', 'updateOrder details', 'updateOrder payment', 'complete-order'] as const;

/** The server's collect discount with the default settings (10 % of the items), by the shared rule itself. */
export function collectDiscount(itemsTotalPence: number): number {
  return collectPostage(itemsTotalPence, false, { offer: true, type: 'Percentage %', amountOrPercent: 10 });
}

interface OrderView {
  id: string;
  status: string;
  items_total: number;
  total_cost: number;
  postage: number;
}

/**
 * One phone-paid collection order of one unit of `product`, request by request; each answer goes to `note`.
 * Returns the order and when the answer to POST /complete-order arrived (performance.now()).
 */
export async function placePhoneOrder(
  browser: Browser,
  product: MenuProductView,
  note: (step: (typeof CHECKOUT_STEPS)[number], answer: { ms: number; at: number }) => void = () => undefined,
): Promise<{ order: OrderView; completedAt: number }> {
  note('add', await browser.ok('/api/moveProductStockToBasket', { id: product.id, variant: null, quantity: 1 }));
  const saved = await browser.ok<{ order: OrderView }>('/api/saveCartAsOrder');
  note('saveCartAsOrder', saved);
  const itemsTotal = saved.body.order.items_total;
  const postage = collectDiscount(itemsTotal);
  note('updateOrder method', await browser.ok('/api/updateOrder', { ta_method: 'COLLECT', postage, total_cost: itemsTotal + postage, postcode: null }));
  note('updateOrder details', await browser.ok('/api/updateOrder', { deliveryForm: details() }));
  note('updateOrder payment', await browser.ok('/api/updateOrder', { payment_method: 'PHONE', status: 'AWAITING-PAYMENT' }));
  const done = await browser.ok<{ order: OrderView }>('/complete-order', { payment_method: 'PHONE' });
  note('complete-order', done);
  if (done.body.order.status !== 'AWAITING-PAYMENT' || done.body.order.total_cost !== itemsTotal + postage) {
    throw new Error(`unexpected completed order ${JSON.stringify(done.body.order)}`);
  }
  return { order: done.body.order, completedAt: done.at };
}

/** Products without options that are not virtual, with their stock raised so a long run never sells out. */
export async function orderableProducts(bench: BenchShop, units: number): Promise<MenuProductView[]> {
  const products = (await bench.menu()).filter((product) => product.variants.length === 0 && !product.virtual && product.status === 'active');
  await bench.setStock(products.map((product) => ({ productId: product.id, variantId: null, units })));
  return products;
}

/** One log line per checkout step: its request times, as `latencies` noted them. */
export function logSteps(context: BenchContext, prefix: string, latencies: Latencies): void {
  for (const step of CHECKOUT_STEPS) context.log(`${prefix}: ${step.padEnd(19)} ${describeLatencies(latencies.get(step), percentile)}`);
}

function timing(context: BenchContext) {
  return context.quick ? { durationMs: 3000, warmupMs: 1000 } : { durationMs: 15_000, warmupMs: 2000 };
}

/** The offered rate at which the request p99 target is stated (docs/operations.md, "Benchmarks"), shared by the 32 shoppers. */
export const PACED_ORDERS_PER_SECOND = 50;
/** The rates around it, as information: where p99 turns up shows what the host holds (see basket-paced.ts). */
const PACED_SWEEP = [25, PACED_ORDERS_PER_SECOND, 75, 100];
/** Phone checkouts flat out: the throughput target, which says how many restaurants one server carries. */
const FLAT_OUT_TARGET = 150;

/** What a paced run of the 32 shoppers did (`pacedCheckouts`). */
export interface PacedCheckouts {
  /** The request times of every order started in the measured window, by step. */
  requests: Latencies;
  /** Orders started in the measured window and completed. */
  completed: number;
  /** Every order POST /complete-order acknowledged, warm-up included: each must reach the orders table. */
  acknowledged: string[];
  /** Requests that failed (an error answer, or none): only with `countFailures`, else the first one throws. */
  failed: number;
  /** From the start of the measured window to the last answer. */
  elapsedS: number;
}

/**
 * The same 32 shoppers at an offered rate instead of flat out: at 50 orders/s each starts an order every 32/50 s (staggered),
 * or at once when the one before took longer. Request times are those of every order started in the window.
 * Closed-loop shoppers who never pause queue on the shop's one thread, so their request times are set by the
 * throughput (Little's law); this run shows the request times at the load the target names. `browser` makes each
 * shopper's browser, against one shop or a balancer in front of several (bench/instances.ts); `label` names the
 * run in the CPU log line. With `countFailures`, a failed request ends that order and is counted, not thrown.
 */
export async function pacedCheckouts(
  context: BenchContext,
  browser: (agent: ReturnType<typeof keepAliveAgent>) => Browser,
  products: MenuProductView[],
  ordersPerSecond: number,
  options: { label?: string; countFailures?: boolean } = {},
): Promise<PacedCheckouts> {
  const agent = keepAliveAgent(SHOPPERS);
  const { durationMs, warmupMs } = timing(context);
  const measuredFrom = performance.now() + warmupMs;
  const requests = new Latencies(-Infinity, Infinity);
  const acknowledged: string[] = [];
  let completed = 0;
  let failed = 0;
  try {
    await withCpuLog(context, `checkout paced (32 shoppers, ${ordersPerSecond} orders/s${options.label ?? ''})`, () => {
      const browsers = Array.from({ length: SHOPPERS }, () => browser(agent));
      return pacedJourneys({ shoppers: SHOPPERS, perSecond: ordersPerSecond, warmupMs, durationMs }, async (shopper, due) => {
        try {
          const { order } = await placePhoneOrder(browsers[shopper], products[shopper % products.length], (step, answer) => {
            if (due.measured) requests.note(step, answer);
          });
          acknowledged.push(order.id);
          if (due.measured) completed += 1;
        } catch (error) {
          if (!options.countFailures) throw error;
          if (failed++ < 5) context.log(`checkout paced${options.label ?? ''}: a request failed: ${error instanceof Error ? error.message : String(error)}`);
          // The failed order's basket may be left half-way: the shopper starts again with an empty cookie jar.
          browsers[shopper] = browser(agent);
        }
      });
    });
  } finally {
    agent.destroy();
  }
  return { requests, completed, acknowledged, failed, elapsedS: (performance.now() - measuredFrom) / 1000 };
}

/** `pacedCheckouts` against one shop, as rows; `during` names what else the shop does meanwhile (bench/verified-replay.ts). */
export async function pacedShoppers(context: BenchContext, bench: BenchShop, products: MenuProductView[], ordersPerSecond: number, during = ''): Promise<BenchRow[]> {
  const { requests, completed, elapsedS } = await pacedCheckouts(context, (agent) => bench.browser(agent), products, ordersPerSecond);
  const all = requests.all();
  const label = `${ordersPerSecond} orders/s${during}`;
  const targeted = ordersPerSecond === PACED_ORDERS_PER_SECOND;
  logSteps(context, `checkout paced at ${label}`, requests);
  context.log(`checkout paced at ${label}: ${completed} orders due in ${(timing(context).durationMs / 1000).toFixed(0)} s, all done after ${elapsedS.toFixed(1)} s; every request ${describeLatencies(all, percentile)}`);
  return [
    { name: `checkout: request p50, 32 shoppers paced at ${label}`, figure: percentile(all, 50), unit: 'ms' },
    // The target stated at this offered rate (the closed-loop p99 below is informative).
    { name: `checkout: request p99, 32 shoppers paced at ${label}`, figure: percentile(all, 99), unit: 'ms', ...(targeted ? { target: '< 50', pass: percentile(all, 99) < 50 } : {}) },
  ];
}

export const checkoutBenchmark: Benchmark = {
  name: 'checkout',
  async run(context) {
    const bench = await startBenchShop(context, 'checkout');
    const agent = keepAliveAgent(SHOPPERS);
    try {
      const products = await orderableProducts(bench, 1_000_000);
      // Counted first, on a quiet shop: the rows "statements and commits per basket move and per order".
      const costs = await statementCosts(context, bench, products);
      const window = Latencies.window(timing(context));
      // Over both runs, so that the shop's caches hold several thousand orders when the peak is taken.
      const rss = rssSampler(bench.pid, 100);
      let rate: number;
      let all: number[];
      let paced: BenchRow[];
      let flatOutCosts: BenchRow[];
      let peakMb = 0;
      try {
        let placed = 0;
        rate = 0;
        flatOutCosts = await countedOrders(context, bench, async () => {
          rate = await withCpuLog(context, 'checkout (32 shoppers)', () =>
            throughput(SHOPPERS, timing(context), (worker) => {
              const browser = bench.browser(agent);
              const product = products[worker % products.length];
              return async () => {
                await placePhoneOrder(browser, product, (step, answer) => window.note(step, answer));
                placed += 1;
              };
            }),
          );
          return placed;
        });
        all = window.all();
        logSteps(context, 'checkout', window);
        context.log(`checkout: ${rate.toFixed(1)} orders/s; every request ${describeLatencies(all, percentile)}`);
        paced = [];
        for (const pacedRate of context.quick ? [PACED_ORDERS_PER_SECOND] : PACED_SWEEP) paced.push(...(await pacedShoppers(context, bench, products, pacedRate)));
      } finally {
        peakMb = rss.stop();
      }
      context.log(`checkout: shop RSS peak over both runs ${peakMb.toFixed(0)} MB`);
      return [
        { name: 'checkout: phone collection orders, 32 shoppers', figure: rate, unit: 'orders/s', target: `>= ${FLAT_OUT_TARGET}`, pass: rate >= FLAT_OUT_TARGET },
        { name: 'checkout: request p50, 32 shoppers', figure: percentile(all, 50), unit: 'ms' },
        { name: 'checkout: request p99, 32 shoppers flat out', figure: percentile(all, 99), unit: 'ms' },
        { name: 'checkout: shop RSS peak', figure: peakMb, unit: 'MB', target: '<= 250', pass: peakMb <= 250 },
        ...paced,
        ...costs,
        ...flatOutCosts,
      ];
    } finally {
      agent.destroy();
      await bench.stop();
    }
  },
};

/** Only the counts of statement-costs.ts, on a shop of its own: seconds, for comparing a change (`npm run bench -- cost`). */
export const costBenchmark: Benchmark = {
  name: 'cost',
  onlyWhenNamed: true,
  async run(context) {
    const bench = await startBenchShop(context, 'cost');
    try {
      return await statementCosts(context, bench, await orderableProducts(bench, 1_000_000));
    } finally {
      await bench.stop();
    }
  },
};
