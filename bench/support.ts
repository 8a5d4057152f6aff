/** Small helpers shared by benchmarks. */
import fs from 'node:fs';
import { percentile as sharedPercentile } from '../src/shared/percentile';
import path from 'node:path';
import type { BenchContext, CpuTimes } from './types';
import { clusterDirFor } from '../src/db/embedded-postgres';

/** utime + stime of a process in ms (Linux: clock ticks of 10 ms); 0 when it cannot be read. */
export function processCpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** Linux only (reads /proc); elsewhere the shop and Postgres read as 0. */
export function cpuTimes(dataDir: string, shopPid?: number): CpuTimes {
  const usage = process.cpuUsage();
  let ticks = 0;
  try {
    const postmaster = Number(fs.readFileSync(path.join(clusterDirFor(dataDir), 'postmaster.pid'), 'utf8').split('\n')[0]);
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        // fields[1] is ppid; fields[11] and [12] are utime and stime in clock ticks (100 per second on Linux)
        if (Number(entry) === postmaster || Number(fields[1]) === postmaster) ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process exited meanwhile
      }
    }
  } catch {
    // not Linux, or Postgres is not running
  }
  return { nodeMs: (usage.user + usage.system) / 1000, shopMs: shopPid ? processCpuMs(shopPid) : 0, postgresMs: ticks * 10 };
}

/** Adds up the CPU used by Node and Postgres during the pieces of work it measures. */
export function cpuMeter(context: BenchContext) {
  let nodeMs = 0;
  let shopMs = 0;
  let postgresMs = 0;
  let elapsedMs = 0;
  return {
    async measure<T>(work: () => Promise<T>): Promise<T> {
      const before = context.cpu();
      const started = performance.now();
      try {
        return await work();
      } finally {
        const after = context.cpu();
        elapsedMs += performance.now() - started;
        nodeMs += after.nodeMs - before.nodeMs;
        shopMs += after.shopMs - before.shopMs;
        postgresMs += after.postgresMs - before.postgresMs;
      }
    },
    /** "CPU shop 85%, load generator 40%, postgres 70% of one core" (the host has several cores). */
    describe(): string {
      const share = (ms: number) => `${((100 * ms) / elapsedMs).toFixed(0)}%`;
      const shop = shopMs > 0 ? `shop ${share(shopMs)}, load generator ${share(nodeMs)}` : `node ${share(nodeMs)}`;
      return `CPU ${shop}, postgres ${share(postgresMs)} of one core`;
    },
  };
}

/** Runs `work` and logs how busy Node and Postgres were meanwhile. */
export async function withCpuLog<T>(context: BenchContext, label: string, work: () => Promise<T>): Promise<T> {
  const meter = cpuMeter(context);
  const result = await meter.measure(work);
  context.log(`${label}: ${meter.describe()}`);
  return result;
}

/**
 * Runs `workers` loops of `step` for warm-up + duration and returns completed steps per second counted in the
 * measured window only (the warm-up opens connections and fills caches).
 */
export async function throughput(
  workers: number,
  { durationMs, warmupMs }: { durationMs: number; warmupMs: number },
  makeStep: (worker: number) => () => Promise<void>,
): Promise<number> {
  const from = performance.now() + warmupMs;
  const until = from + durationMs;
  let counted = 0;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      const step = makeStep(worker);
      while (performance.now() < until) {
        await step();
        const now = performance.now();
        if (now >= from && now < until) counted += 1;
      }
    }),
  );
  return counted / (durationMs / 1000);
}

/** The shop's nearest-rank percentile (src/shared/percentile.ts), NaN when there are no values, for the tables. */
export const percentile = (values: number[], p: number): number => sharedPercentile(values, p) ?? NaN;

/** Waits `ms` (not at all when it is 0 or less): for starting work at planned times. */
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * Open-loop shoppers at an offered rate: each of `shoppers` starts a journey every `shoppers / perSecond` seconds
 * (the shoppers staggered across that interval), or at once when its previous journey ended late, until
 * `warmupMs + durationMs` have passed. A journey gets its due time, to time from it rather than from the send
 * (so that a slow answer is not hidden by coordinated omission), and whether it falls in the measured window.
 */
export async function pacedJourneys(
  options: { shoppers: number; perSecond: number; warmupMs: number; durationMs: number },
  journey: (shopper: number, due: { at: number; index: number; measured: boolean }) => Promise<void>,
): Promise<void> {
  const everyMs = (options.shoppers * 1000) / options.perSecond;
  const started = performance.now();
  const measuredFrom = started + options.warmupMs;
  const until = measuredFrom + options.durationMs;
  await Promise.all(
    Array.from({ length: options.shoppers }, async (_, shopper) => {
      for (let index = 0; ; index++) {
        const at = started + (shopper / options.shoppers + index) * everyMs;
        if (at >= until) return;
        await sleep(at - performance.now());
        await journey(shopper, { at, index, measured: at >= measuredFrom });
      }
    }),
  );
}

/** Resolves once `check` holds, testing it in-process every `everyMs` (no database round trip). */
export async function until(check: () => boolean, timeoutMs: number, what: string, everyMs = 1): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!check()) {
    if (performance.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
