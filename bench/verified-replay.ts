/**
 * `npm run bench -- verified-replay` (issue 40 item 3): the checkout's request p99 with 32 shoppers paced at 50
 * orders/s, first as the checkout benchmark measures it, then on the same shop (its history now holding the first
 * run's orders) while an admin's "Verify read models" of all runs in the shop, paced by REPLAY_BATCH_SIZE and
 * REPLAY_PAUSE_MS, started again as soon as one ends so the whole window has a rebuild under way. The target: p99
 * under 50 ms during the rebuild, or within 20 % of the run without one.
 */
import { keepAliveAgent } from './http';
import { orderableProducts, pacedShoppers, PACED_ORDERS_PER_SECOND } from './checkout';
import { startBenchShop } from './shop';
import { sleep } from './support';
import type { Benchmark, BenchRow } from './types';

const DURING = ' during a verified replay of all';
const p99Of = (rows: BenchRow[]) => rows.find((row) => row.name.includes('request p99'))!.figure;

export const verifiedReplayBenchmark: Benchmark = {
  name: 'verified-replay',
  onlyWhenNamed: true,
  async run(context) {
    const bench = await startBenchShop(context, 'verified-replay');
    const agent = keepAliveAgent(1);
    try {
      const products = await orderableProducts(bench, 1_000_000);
      const without = await pacedShoppers(context, bench, products, PACED_ORDERS_PER_SECOND);
      await bench.settle();
      const admin = bench.browser(agent);
      await admin.ok('/api/login', { email: 'admin@bench.example', password: 'bench admin password' });
      let stop = false;
      const outcomes: string[] = [];
      const started = performance.now();
      const verifying = (async () => {
        while (!stop) {
          await admin.ok('/api/operations/verify', { projection: 'all' });
          for (;;) {
            await sleep(100);
            const { body } = await admin.get<{ verify: { state: string } }>('/api/operations/verify');
            if (body.verify.state !== 'running') {
              outcomes.push(body.verify.state);
              break;
            }
          }
        }
      })();
      let during: BenchRow[];
      try {
        during = await pacedShoppers(context, bench, products, PACED_ORDERS_PER_SECOND, DURING);
      } finally {
        stop = true;
        await verifying;
      }
      const seconds = (performance.now() - started) / 1000;
      context.log(`verified replay: ${outcomes.length} verifies of all in ${seconds.toFixed(1)} s (${outcomes.join(', ')})`);
      const [p99Without, p99During] = [p99Of(without), p99Of(during)];
      const pass = p99During < 50 || p99During <= p99Without * 1.2;
      return [
        ...without,
        ...during.map((row) => (row.name.includes('request p99') ? { ...row, target: '< 50, or within 20 % of the run without', pass } : row)),
        { name: 'verified replay: verifies of all completed', figure: outcomes.length, unit: 'verifies' },
        { name: 'verified replay: seconds per verify of all', figure: seconds / Math.max(1, outcomes.length), unit: 's' },
      ];
    } finally {
      agent.destroy();
      await bench.stop();
    }
  },
};
