/**
 * Several instances (issue 42 item 4), only when named (`npm run bench -- instances`): three shop processes
 * (bench/shop.ts) on one database and one data folder, behind the round-robin balancer of the several-instances
 * test (in a process of its own, bench/proxy-process.ts), with no sticky sessions: every request goes to the next
 * instance. The checkout's 32 paced shoppers (bench/checkout.ts) offer 50 phone orders a second for 15 s through
 * the balancer; then two instances are stopped and the same load goes to the one left, directly, in the same run.
 * Targets: the request p99 through the balancer at most 1.5 times the one instance's, no request failed, no
 * acknowledged order missing from the orders table. Information: where the CPU went (each shop, Postgres, the
 * balancer, the load generator) and each shop's RSS peak.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { logSteps, orderableProducts, pacedCheckouts, PACED_ORDERS_PER_SECOND, type PacedCheckouts } from './checkout';
import { Browser, type Target } from './http';
import { describeLatencies, rssSampler, startBenchShop, type BenchShop, type MenuProductView } from './shop';
import { percentile, processCpuMs, sleep } from './support';
import type { Benchmark, BenchContext, BenchRow } from './types';

const INSTANCES = 3;
const RATIO_TARGET = 1.5;

interface Balancer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

function startBalancer(targets: string[]): Promise<Balancer> {
  const child = fork(path.join(__dirname, 'proxy-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_PROXY_TARGETS: JSON.stringify(targets) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('message', (message: { url: string; pid: number }) =>
      resolve({
        ...message,
        async stop() {
          child.disconnect();
          const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
          await exited;
          clearTimeout(timer);
        },
      }),
    );
    void exited.then(() => reject(new Error('the bench proxy exited before it listened')));
  });
}

/** CPU used meanwhile, in % of one core: each named process, Postgres and this process (the load generator). */
async function cpuSplit<T>(context: BenchContext, processes: Array<{ name: string; pid: number }>, work: () => Promise<T>): Promise<{ result: T; shares: Array<{ name: string; percent: number }> }> {
  const before = { own: processes.map(({ pid }) => processCpuMs(pid)), context: context.cpu() };
  const started = performance.now();
  const result = await work();
  const elapsedMs = performance.now() - started;
  const after = { own: processes.map(({ pid }) => processCpuMs(pid)), context: context.cpu() };
  const percent = (ms: number) => (100 * ms) / elapsedMs;
  return {
    result,
    shares: [
      ...processes.map(({ name }, index) => ({ name, percent: percent(after.own[index]! - before.own[index]!) })),
      { name: 'Postgres', percent: percent(after.context.postgresMs - before.context.postgresMs) },
      { name: 'load generator', percent: percent(after.context.nodeMs - before.context.nodeMs) },
    ],
  };
}

/**
 * The database's connections while `work` runs: the most open at once (sampled every 250 ms) and the sessions
 * Postgres started per second (pg_stat_database.sessions).
 */
async function connectionsDuring<T>(databaseUrl: string, work: () => Promise<T>): Promise<{ result: T; peak: number; openedPerSecond: number }> {
  const probe = new pg.Client({ connectionString: databaseUrl });
  await probe.connect();
  const sessions = async () => {
    await probe.query('select pg_stat_clear_snapshot()');
    const { rows } = await probe.query<{ sessions: string }>('select sessions::text from pg_stat_database where datname = current_database()');
    return Number(rows[0]!.sessions);
  };
  let peak = 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await probe.query<{ open: number }>('select count(*)::int as open from pg_stat_activity where datname = current_database()');
      peak = Math.max(peak, rows[0]!.open - 1);
      await sleep(250);
    }
  })();
  try {
    const before = await sessions();
    const started = performance.now();
    const result = await work();
    const seconds = (performance.now() - started) / 1000;
    sampling = false;
    await sampler;
    // The statistics reach pg_stat_database within a second of a session's start.
    await sleep(1000);
    return { result, peak, openedPerSecond: ((await sessions()) - before) / seconds };
  } finally {
    sampling = false;
    await sampler.catch(() => undefined);
    await probe.end();
  }
}

/** Every table's row count (the shop's own schemas), and the database's size as `bytes`, for what a run of orders leaves behind. */
async function tableRows(databaseUrl: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables where schemaname in ('public', 'pii') order by 1",
    );
    const counts = new Map<string, number>();
    counts.set('bytes', Number((await client.query<{ n: string }>('select pg_database_size(current_database())::text as n')).rows[0]!.n));
    for (const { name } of tables) counts.set(name, (await client.query<{ n: number }>(`select count(*)::int as n from ${name}`)).rows[0]!.n);
    return counts;
  } finally {
    await client.end();
  }
}

/** "public.es_events 10.0, public.orders 1.0, ...; the database 9.1 kB": what each order added, per table that grew. */
function rowsPer(before: Map<string, number>, after: Map<string, number>, orders: number): string {
  const per = (name: string) => ((after.get(name) ?? 0) - (before.get(name) ?? 0)) / orders;
  const tables = [...after.keys()]
    .filter((name) => name !== 'bytes' && per(name) >= 0.05)
    .map((name) => `${name} ${per(name).toFixed(1)}`)
    .join(', ');
  return `${tables}; the database ${(per('bytes') / 1024).toFixed(1)} kB`;
}

/** How many of the acknowledged orders the orders table lacks, once every read model has caught up. */
async function ordersLost(shop: BenchShop, run: PacedCheckouts): Promise<number> {
  await shop.settle();
  const client = new pg.Client({ connectionString: shop.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ found: number }>('select count(*)::int as found from orders where order_id = any($1::uuid[])', [run.acknowledged]);
    return new Set(run.acknowledged).size - rows[0]!.found;
  } finally {
    await client.end();
  }
}

/** One paced run, its CPU split and RSS peaks, and its log lines. */
async function measuredRun(
  context: BenchContext,
  label: string,
  shops: BenchShop[],
  extra: Array<{ name: string; pid: number }>,
  browser: (agent: Parameters<BenchShop['browser']>[0]) => Browser,
  products: MenuProductView[],
) {
  const samplers = shops.map((shop) => rssSampler(shop.pid, 200));
  const named = shops.length === 1 ? [{ name: 'shop', pid: shops[0]!.pid }] : shops.map((shop, index) => ({ name: `shop ${index + 1}`, pid: shop.pid }));
  let rssMb: number[] = [];
  const connections = await connectionsDuring(shops[0]!.databaseUrl, () =>
    cpuSplit(context, [...named, ...extra], () => pacedCheckouts(context, browser, products, PACED_ORDERS_PER_SECOND, { label: `, ${label}`, countFailures: true })),
  ).finally(() => (rssMb = samplers.map((sampler) => sampler.stop())));
  const split = connections.result;
  const run = split.result;
  const lost = await ordersLost(shops[0]!, run);
  const all = run.requests.all();
  logSteps(context, `instances, ${label}`, run.requests);
  context.log(`instances, ${label}: ${run.completed} orders in the window, ${run.acknowledged.length} acknowledged in all, ${run.failed} requests failed, ${lost} lost; every request ${describeLatencies(all, percentile)}`);
  context.log(`instances, ${label}: CPU ${split.shares.map(({ name, percent }) => `${name} ${percent.toFixed(0)}%`).join(', ')} of one core; RSS peak ${rssMb.map((mb) => `${mb.toFixed(0)} MB`).join(', ')}`);
  context.log(`instances, ${label}: at most ${connections.peak} database connections open at once, ${connections.openedPerSecond.toFixed(0)} opened a second`);
  return { p99: percentile(all, 99), failed: run.failed, lost, shares: split.shares, rssMb, connections, acknowledged: run.acknowledged.length };
}

export const instancesBenchmark: Benchmark = {
  name: 'instances',
  onlyWhenNamed: true,
  maxConnections: 300,
  async run(context) {
    const databaseUrl = await context.database('instances');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-instances-'));
    const shops: BenchShop[] = [];
    let balancer: Balancer | undefined;
    try {
      // One after another, as docker-compose.yml starts them: the first start seeds the menu and the admin.
      for (let index = 0; index < INSTANCES; index++) shops.push(await startBenchShop(context, 'instances', {}, { shared: { databaseUrl, dataDir } }));
      const products = await orderableProducts(shops[0]!, 1_000_000);
      balancer = await startBalancer(shops.map((shop) => `http://127.0.0.1:${shop.port}`));
      const port = Number(new URL(balancer.url).port);
      const proxied: Target = { ...shops[0]!.target, port, headers: { ...shops[0]!.target.headers, Host: `127.0.0.1:${port}` } };
      const label = `${INSTANCES} instances behind the proxy`;
      const through = await measuredRun(context, label, shops, [{ name: 'proxy', pid: balancer.pid }], (agent) => new Browser(proxied, agent), products);
      await balancer.stop();
      balancer = undefined;

      // One instance alone: the others stop, and it takes over the read models and background jobs they ran.
      for (const shop of shops.splice(1)) await shop.stop();
      context.watchProcess(shops[0]!.pid);
      const rowsBefore = await tableRows(databaseUrl);
      const alone = await measuredRun(context, 'one instance alone', shops, [], (agent) => shops[0]!.browser(agent), products);
      // measuredRun settled the shop: every read model and process has applied the run's orders.
      context.log(`instances: rows each phone order left (${alone.acknowledged} orders): ${rowsPer(rowsBefore, await tableRows(databaseUrl), alone.acknowledged)}`);

      const ratio = through.p99 / alone.p99;
      const at = `${PACED_ORDERS_PER_SECOND} orders/s`;
      const cpuRows = (run: string, shares: typeof through.shares): BenchRow[] =>
        shares.map(({ name, percent }) => ({ name: `instances: CPU ${run}, ${name}`, figure: percent, unit: '% of a core' }));
      return [
        { name: `instances: request p99, ${label} at ${at}`, figure: through.p99, unit: 'ms' },
        { name: `instances: request p99, one instance alone at ${at}`, figure: alone.p99, unit: 'ms' },
        { name: 'instances: p99 through the proxy / one instance', figure: ratio, unit: 'x', target: `<= ${RATIO_TARGET}`, pass: ratio <= RATIO_TARGET },
        { name: `instances: requests failed, ${label}`, figure: through.failed, unit: 'requests', target: '0', pass: through.failed === 0 },
        { name: `instances: acknowledged orders lost, ${label}`, figure: through.lost, unit: 'orders', target: '0', pass: through.lost === 0 },
        { name: 'instances: requests failed, one instance alone', figure: alone.failed, unit: 'requests', target: '0', pass: alone.failed === 0 },
        { name: 'instances: acknowledged orders lost, one instance alone', figure: alone.lost, unit: 'orders', target: '0', pass: alone.lost === 0 },
        ...cpuRows('behind the proxy', through.shares),
        ...cpuRows('one instance alone', alone.shares),
        { name: 'instances: shop RSS peak, largest behind the proxy', figure: Math.max(...through.rssMb), unit: 'MB' },
        { name: 'instances: shop RSS peak, one instance alone', figure: alone.rssMb[0]!, unit: 'MB' },
        { name: 'instances: database connections open at most, behind the proxy', figure: through.connections.peak, unit: 'connections' },
        { name: 'instances: database connections open at most, one instance alone', figure: alone.connections.peak, unit: 'connections' },
        { name: 'instances: database connections opened, behind the proxy', figure: through.connections.openedPerSecond, unit: '/s' },
        { name: 'instances: database connections opened, one instance alone', figure: alone.connections.openedPerSecond, unit: '/s' },
      ];
    } finally {
      await balancer?.stop();
      for (const shop of shops) await shop.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
