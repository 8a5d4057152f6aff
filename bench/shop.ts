/**
 * The real shop for HTTP benchmarks: `startShop` in this process, on a fresh database of the bench's embedded
 * Postgres (default settings, fsync on), as production runs it: NODE_ENV=production behind a TLS-terminating
 * proxy (which the requests imitate with X-Forwarded-Proto/Host), LOG_LEVEL silent, the demo menu seeded.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createStockHandlers } from '../modules/stock';
import { loadConfig } from '../src/config';
import type { Clock } from '../src/core/clock';
import { startShop, type Shop } from '../src/server';
import { Browser, keepAliveAgent, type Target } from './http';
import type { BenchContext } from './types';

const PUBLIC_HOST = 'shop.bench.example';

export interface MenuProductView {
  id: number;
  name: string;
  price: number;
  status: string;
  virtual: boolean;
  stock: number;
  available: number;
  variants: Array<{ id: number; name: string; incremental_price: number; available: number }>;
}

export interface BenchShop {
  shop: Shop;
  target: Target;
  /** A browser with an empty cookie jar on `agent`. */
  browser(agent: ReturnType<typeof keepAliveAgent>): Browser;
  /** The menu as GET /api/menu answers it. */
  menu(): Promise<MenuProductView[]>;
  /** Sets each product's (or variant's) shelf level through the stock module's handlers; waits for the menu. */
  setStock(levels: Array<{ productId: number; variantId: number | null; units: number }>): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The shop's clock runs at real speed from 19:00 on a Friday in London, inside the default opening hours
 * (17:00-23:00), so the store clock never closes the shop during a run whatever the time of day.
 */
function openingHoursClock(): Clock {
  const startedAt = Date.now();
  const base = Date.parse('2026-11-20T19:00:00.000Z');
  return () => new Date(base + (Date.now() - startedAt));
}

/** `env` adds to or overrides the configuration, e.g. to compare a setting. */
export async function startBenchShop(context: BenchContext, name: string, env: Record<string, string> = {}): Promise<BenchShop> {
  const databaseUrl = await context.database(name);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-data-'));
  const config = loadConfig({
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
    ...env,
  });
  const clock = openingHoursClock();
  let shop: Shop;
  try {
    shop = await startShop(config, { clock, logger: pino({ level: 'silent' }) });
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const target: Target = {
    host: '127.0.0.1',
    port: shop.port,
    origin: `https://${PUBLIC_HOST}`,
    headers: { Host: `127.0.0.1:${shop.port}`, 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': PUBLIC_HOST },
  };
  const probe = keepAliveAgent(1);
  const stock = createStockHandlers(shop.services.commands);
  return {
    shop,
    target,
    browser: (agent) => new Browser(target, agent),
    async menu() {
      const answer = await new Browser(target, probe).get<{ products: MenuProductView[] }>('/api/menu');
      if (answer.status !== 200) throw new Error(`GET /api/menu answered ${answer.status}`);
      return answer.body.products;
    },
    async setStock(levels) {
      let last;
      for (const { productId, variantId, units } of levels) {
        const result = await stock.setLevel(productId, variantId, units, { actor: 'system', now: clock().toISOString(), correlationId: randomUUID() });
        last = result.position ?? last;
      }
      await shop.services.readModels.waitFor('menu', last);
    },
    async stop() {
      probe.destroy();
      await shop.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Samples this process's resident set size every `everyMs` while running; `peak` in MB. */
export function rssSampler(everyMs = 100) {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage().rss);
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
