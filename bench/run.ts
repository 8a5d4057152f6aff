/**
 * `npm run bench [-- <filter>] [-- --quick] [-- --minutes N]`: starts a private embedded Postgres (default settings, fsync on)
 * in a temp dir, runs every registered benchmark whose name contains <filter>, prints one table and cleans up.
 * Benchmarks are never part of `npm test`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { removeSystemCluster, startEmbeddedPostgres, type EmbeddedPostgres } from '../src/db/embedded-postgres';
import { migrate } from '../src/db/migrate';
import { basketBenchmark } from './basket';
import { basketPacedBenchmark } from './basket-paced';
import { checkoutBenchmark, costBenchmark } from './checkout';
import { cardCheckoutBenchmark } from './card-checkout';
import { eventStoreBenchmark } from './eventstore';
import { instancesBenchmark } from './instances';
import { lighthouseBenchmark } from './lighthouse';
import { liveBenchmark } from './live';
import { menu150Benchmark } from './menu';
import { restartBenchmark } from './restart';
import { sealedRebuildBenchmark } from './sealed-rebuild';
import { soakBenchmark } from './soak';
import { storeStatusBenchmark } from './store-status';
import { verifiedReplayBenchmark } from './verified-replay';
import { cpuTimes } from './support';
import type { Benchmark, BenchContext, BenchRow } from './types';

/** Add new benchmark modules here. */
const BENCHMARKS: Benchmark[] = [eventStoreBenchmark, sealedRebuildBenchmark, basketBenchmark, basketPacedBenchmark, checkoutBenchmark, cardCheckoutBenchmark, liveBenchmark, storeStatusBenchmark, menu150Benchmark, lighthouseBenchmark, restartBenchmark, costBenchmark, soakBenchmark, verifiedReplayBenchmark, instancesBenchmark];

const TEMPLATE = 'bench_template';
/** Options that take a value: `--minutes 3` sets the soak's length, `--heap-snapshots DIR` where its snapshots go. */
const VALUE_OPTIONS = ['minutes', 'heap-snapshots'];

/**
 * Drops the databases of the groups before and flushes their writes, so that neither their autovacuum nor a
 * checkpoint runs in the middle of the next group's measurement.
 */
async function quietCluster(url: string, databases: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const database of databases.splice(0)) await client.query(`drop database ${client.escapeIdentifier(database)} with (force)`);
    await client.query('checkpoint');
  } finally {
    await client.end();
  }
}

function formatFigure(row: BenchRow): string {
  // Scores below 1 (a layout-shift score, say) keep three decimals: 0.068 is not 0.1.
  const digits = Math.abs(row.figure) >= 100 ? 0 : Math.abs(row.figure) < 1 && row.figure !== 0 ? 3 : 1;
  return row.figure.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

function printTable(rows: BenchRow[]): void {
  const header = ['benchmark', 'figure', 'unit', 'target', 'result'];
  const cells = rows.map((row) => [
    row.name,
    formatFigure(row),
    row.unit,
    row.target ?? '',
    row.target === undefined ? 'info' : row.pass ? 'PASS' : 'FAIL',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => line[column].length)));
  const line = (values: string[]) =>
    `| ${values.map((value, column) => (column === 1 ? value.padStart(widths[column]) : value.padEnd(widths[column]))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width, column) => (column === 1 ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`);
  for (const values of cells) console.log(line(values));
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const quick = args.includes('--quick');
  /** `--name value` options (`--minutes 3`); their values are not filters. */
  const options = new Map<string, string>();
  const words: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const name = args[index].slice(2);
    if (args[index].startsWith('--') && VALUE_OPTIONS.includes(name)) options.set(name, args[++index] ?? '');
    else if (!args[index].startsWith('--')) words.push(args[index]);
  }
  const filter = words[0];
  const selected = BENCHMARKS.filter((benchmark) => (filter ? benchmark.name.includes(filter) : !benchmark.onlyWhenNamed));
  if (selected.length === 0) {
    console.error(`No benchmark matches "${filter}". Known: ${BENCHMARKS.map((b) => b.name).join(', ')}`);
    return 2;
  }
  const log = (line: string) => console.error(`[bench] ${line}`);
  const started = performance.now();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-pg-'));
  let postgres: EmbeddedPostgres | undefined;
  const cleanUp = async () => {
    await postgres?.stop().catch((error) => log(`stopping Postgres failed: ${String(error)}`));
    postgres = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
    removeSystemCluster(dataDir);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  // A stray rejection (e.g. from a background loop) would otherwise exit without stopping Postgres.
  for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
    process.once(event, (error) => {
      console.error(error);
      void cleanUp().finally(() => process.exit(1));
    });
  }

  const load = () => os.loadavg().map((value) => value.toFixed(1)).join(' ');
  const rows: BenchRow[] = [];
  let failure: unknown;
  try {
    log(`host: ${os.cpus().length} CPUs, load average ${load()} (other work on the host skews the figures)`);
    const maxConnections = Math.max(100, ...selected.map((benchmark) => benchmark.maxConnections ?? 0));
    log(`starting embedded Postgres in ${dataDir}${maxConnections > 100 ? ` (max_connections ${maxConnections})` : ''}`);
    postgres = await startEmbeddedPostgres({ dataDir, maxConnections });
    await postgres.createDatabase(TEMPLATE);
    await migrate(postgres.url(TEMPLATE));
    const cluster = postgres;
    let databases = 0;
    /** Created since the last group started; dropped before the next one. */
    const created: string[] = [];
    let shopPid: number | undefined;
    const context: BenchContext = {
      quick,
      option: (name) => options.get(name),
      postgres: cluster,
      log,
      cpu: () => cpuTimes(dataDir, shopPid),
      watchProcess: (pid) => {
        shopPid = pid;
      },
      async database(name: string) {
        const database = `bench_${name}_${++databases}`;
        await cluster.createDatabase(database, TEMPLATE);
        created.push(database);
        return cluster.url(database);
      },
    };
    for (const benchmark of selected) {
      await quietCluster(cluster.url('postgres'), created);
      log(`running ${benchmark.name}${quick ? ' (quick)' : ''}`);
      rows.push(...(await benchmark.run(context)));
    }
  } catch (error) {
    failure = error;
  } finally {
    await cleanUp();
  }

  if (rows.length > 0) printTable(rows);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(`done in ${seconds} s, load average now ${load()}${quick ? ' (quick: figures are indicative only)' : ''}`);
  if (failure) {
    console.error(failure);
    return 1;
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
