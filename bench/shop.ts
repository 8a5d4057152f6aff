/**
 * The real shop for HTTP benchmarks, in a Node process of its own (bench/shop-process.ts), as production runs
 * it: NODE_ENV=production behind a TLS-terminating proxy (which the requests imitate with
 * X-Forwarded-Proto/Host), LOG_LEVEL silent, the demo menu seeded, on a fresh database of the bench's embedded
 * Postgres (default settings, fsync on). The load generator stays in the bench process, like customers' browsers
 * on other machines; on this 2-CPU host it still competes with the shop and Postgres for CPU.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { removeSystemCluster } from '../src/db/embedded-postgres';
import os from 'node:os';
import path from 'node:path';
import type { Role } from '../src/identity/roles';
import type { MenuProduct } from '../src/shared/menu';
import { Browser, keepAliveAgent, type Target } from './http';
import type { ShopAnswer, ShopCall } from './shop-process';
import type { SqlCounts } from './sql-counter';
import type { BenchContext } from './types';

const PUBLIC_HOST = 'shop.bench.example';

/** A product as GET /api/menu answers it. */
export type MenuProductView = MenuProduct;

export interface BenchShop {
  port: number;
  /** The shop's database, for reading what was stored (e.g. when an event was appended). */
  databaseUrl: string;
  /** The shop's process id, for its CPU time and memory. */
  pid: number;
  target: Target;
  /** A browser with an empty cookie jar on `agent`. */
  browser(agent: ReturnType<typeof keepAliveAgent>): Browser;
  /** The menu as GET /api/menu answers it. */
  menu(): Promise<MenuProductView[]>;
  /** Sets each product's (or variant's) shelf level through the stock module's handlers; waits for the menu. */
  setStock(levels: Array<{ productId: number; variantId: number | null; units: number }>): Promise<void>;
  /** Changes shop settings (modules/store/settings.ts), e.g. the basket caps for a run that adds many of a dish. */
  changeSettings(settings: Record<string, unknown>): Promise<void>;
  createUser(user: { email: string; password: string; role: Role }): Promise<void>;
  /** SSE clients attached to a live channel. */
  clientCount(channel: string): Promise<number>;
  /** Resolves once every read model and process of the shop has applied everything stored so far. */
  settle(): Promise<void>;
  /** The SQL statements the shop's process has sent so far, in all and by text (bench/sql-counter.ts). */
  sqlCounts(): Promise<SqlCounts>;
  /** The shop process's process.memoryUsage() and V8 heap spaces, in bytes. */
  memory(): Promise<NodeJS.MemoryUsage & { spaces: import('node:v8').HeapSpaceInfo[] }>;
  /** Writes a V8 heap snapshot of the shop into `directory` (the shop stops for seconds) and returns its path. */
  heapSnapshot(directory: string): Promise<string>;
  stop(): Promise<void>;
}

/** How the shop's process runs, beyond its configuration. */
export interface ShopProcessOptions {
  /** Added to the process's environment, e.g. MALLOC_ARENA_MAX as `npm start` sets it. */
  processEnv?: Record<string, string>;
  /**
   * Logs as `npm start` does (the configuration's LOG_LEVEL, pino to stdout), the lines going to /dev/null so
   * the bench's table stays readable; by default the shop logs nothing.
   */
  productionLogging?: boolean;
  /**
   * Another instance of a shop already started (bench/instances.ts): its database and data folder, instead of a
   * fresh database and a data folder of its own. The caller removes the folder.
   */
  shared?: { databaseUrl: string; dataDir: string };
}

type Call = ShopCall extends infer C ? (C extends { id: number } ? Omit<C, 'id'> : never) : never;

/** `env` adds to or overrides the configuration, e.g. to compare a setting. */
export async function startBenchShop(context: BenchContext, name: string, env: Record<string, string> = {}, options: ShopProcessOptions = {}): Promise<BenchShop> {
  const databaseUrl = options.shared?.databaseUrl ?? (await context.database(name));
  const dataDir = options.shared?.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-data-'));
  const removeDataDir = () => {
    if (options.shared) return;
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeSystemCluster(dataDir);
  };
  const config = {
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    PUBLIC_ORIGIN: `https://${PUBLIC_HOST}`,
    SESSION_KEYS: 'bench-session-key-0123456789abcdefghijklmnop',
    ADMIN_EMAIL: 'admin@bench.example',
    ADMIN_PASSWORD: 'bench admin password',
    LOG_LEVEL: 'silent',
    // Every bench shopper comes from 127.0.0.1 and places phone orders as fast as it can.
    LIMIT_UNPAID_ORDERS: '100000000/1',
    // Every simulated shopper comes from 127.0.0.1, and a checkout run opens a basket per order.
    LIMIT_BASKETS_OPENED: '100000000/3600',
    // ... so all its baskets count for one address: the shares of the menu one address may hold are off.
    LIMIT_HELD_DISH_SHARE: '100',
    LIMIT_HELD_MENU_SHARE: '100',
    // The live channel's keys (issue 30 item 1): the staff screens' tokens are signed with them.
    LIVE_APP_ID: 'bench-shop',
    LIVE_APP_KEY: 'bench-live-key-0123',
    LIVE_APP_SECRET: 'bench-live-secret-0123456789abcdefghijklmnop',
    ...env,
  };
  const child = fork(path.join(__dirname, 'shop-process.ts'), [], {
    // The heap cap `npm start` sets (package.json).
    execArgv: [`--max-old-space-size=${process.env.SHOP_HEAP_MB ?? 128}`, '--import', 'tsx', ...(process.env.BENCH_SHOP_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_SHOP_PROFILE}`] : [])],
    env: {
      ...process.env,
      ...options.processEnv,
      NODE_ENV: 'production',
      BENCH_SHOP_ENV: JSON.stringify(config),
      ...(options.productionLogging ? { BENCH_SHOP_LOGGING: 'production' } : {}),
    },
    stdio: ['ignore', options.productionLogging ? 'ignore' : 'inherit', 'inherit', 'ipc'],
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.on('message', (message: ShopAnswer | { type: 'ready' }) => {
    if (!('id' in message)) return;
    const waiting = pending.get(message.id);
    pending.delete(message.id);
    if (message.ok) waiting?.resolve(message.value);
    else waiting?.reject(new Error(`bench shop: ${message.error}`));
  });
  void exited.then((code) => {
    for (const waiting of pending.values()) waiting.reject(new Error(`bench shop exited with ${code}`));
    pending.clear();
  });
  const call = <T>(message: Call): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = ++nextId;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ ...message, id });
    });

  let ready: { port: number; pid: number };
  try {
    ready = await waitForReady(child, exited);
  } catch (error) {
    child.kill('SIGKILL');
    removeDataDir();
    throw error;
  }
  const target: Target = {
    host: '127.0.0.1',
    port: ready.port,
    origin: `https://${PUBLIC_HOST}`,
    headers: { Host: `127.0.0.1:${ready.port}`, 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': PUBLIC_HOST },
  };
  context.watchProcess(ready.pid);
  const probe = keepAliveAgent(1);
  return {
    port: ready.port,
    databaseUrl,
    pid: ready.pid,
    target,
    browser: (agent) => new Browser(target, agent),
    async menu() {
      const answer = await new Browser(target, probe).get<{ products: MenuProductView[] }>('/api/menu');
      if (answer.status !== 200) throw new Error(`GET /api/menu answered ${answer.status}`);
      return answer.body.products;
    },
    setStock: (levels) => call({ call: 'setStock', levels }),
    changeSettings: (settings) => call({ call: 'changeSettings', settings }),
    createUser: (user) => call({ call: 'createUser', user }),
    clientCount: (channel) => call({ call: 'clientCount', channel }),
    settle: () => call({ call: 'settle' }),
    sqlCounts: () => call({ call: 'sqlCounts' }),
    memory: () => call({ call: 'memory' }),
    heapSnapshot: (directory) => call({ call: 'heapSnapshot', directory }),
    async stop() {
      probe.destroy();
      context.watchProcess(undefined);
      await call({ call: 'stop' }).catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      removeDataDir();
    },
  };
}

function waitForReady(child: ChildProcess, exited: Promise<number | null>): Promise<{ port: number; pid: number }> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type?: string; port?: number; pid?: number }) => {
      if (message.type !== 'ready') return;
      child.off('message', onMessage);
      resolve({ port: message.port!, pid: message.pid! });
    };
    child.on('message', onMessage);
    void exited.then((code) => reject(new Error(`bench shop exited with ${code} before it was ready`)));
  });
}

/** The resident set size of process `pid` (Linux), sampled every `everyMs` while running; `peak` in MB. */
export function rssSampler(pid: number, everyMs = 100) {
  const rss = () => {
    try {
      const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  let peak = rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, rss());
  }, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      peak = Math.max(peak, rss());
      return peak / (1024 * 1024);
    },
  };
}

/** Whole percentiles of a series for the log: "p50 3.1 ms, p99 12.0 ms, max 40.2 ms (n=1234)". */
export function describeLatencies(values: number[], percentile: (values: number[], p: number) => number): string {
  if (values.length === 0) return 'no samples';
  const max = values.reduce((a, b) => Math.max(a, b), -Infinity);
  return `p50 ${percentile(values, 50).toFixed(1)} ms, p90 ${percentile(values, 90).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${max.toFixed(1)} ms (n=${values.length})`;
}
