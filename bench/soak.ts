/**
 * `npm run bench -- soak [--minutes N] [--heap-snapshots DIR]` (issue 28 item 7): does the shop's memory level
 * off? The shop runs in its own process as `npm start` runs it (its heap cap, MALLOC_ARENA_MAX=2, logging at
 * info to stdout, here /dev/null). For 30 minutes (or N) phone orders are offered at 5 a second, each the whole
 * customer sequence of checkout.ts by a new customer (a fresh session), while 50 staff screens (a session each)
 * follow GET /events/orders. The shop's RSS (VmRSS of /proc/<pid>/status) is sampled every 10 s.
 * Rows: RSS at 5, 10, 20 and 30 minutes, the slope over the last half of the run (the last 15 minutes of 30) by
 * least squares, the peak, 5xx answers, orders placed of those offered. Targets: peak <= 250 MB and a slope
 * under 0.5 MB/min (a leak of the kind once seen grew 10 MB/min; 0.5 MB/min would take 8 hours to add 250 MB).
 * With --heap-snapshots DIR the shop writes a V8 heap snapshot there at a third of the run and at its end, to
 * compare in Chrome DevTools (Memory → Comparison) what grew between them.
 */
import http from 'node:http';
import fs from 'node:fs';
import { placePhoneOrder, orderableProducts } from './checkout';
import { HttpError, keepAliveAgent, staffOrdersPath, type Browser } from './http';
import { startBenchShop, type BenchShop } from './shop';
import { pacedJourneys, sleep, withCpuLog } from './support';
import type { Benchmark, BenchContext, BenchRow } from './types';

const SCREENS = 50;
const ORDERS_PER_SECOND = 5;
/**
 * Open-loop shoppers sharing the rate: each starts an order every 8 s, so the rate holds even when an order takes
 * seconds on a host busy with other work (a late shopper starts its next order at once).
 */
const SHOPPERS = 40;
const SAMPLE_EVERY_MS = 10_000;
const STAFF = { email: 'soak-cook@bench.example', password: 'soak cook long password' };
const PEAK_TARGET_MB = 250;
const SLOPE_TARGET_MB_PER_MIN = 0.5;
const MB = 1024 * 1024;

interface Sample {
  minute: number;
  rssMb: number;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

/** Least-squares slope of RSS against time, in MB per minute. */
export function slope(samples: Sample[]): number {
  const n = samples.length;
  if (n < 2) return NaN;
  const meanX = samples.reduce((sum, s) => sum + s.minute, 0) / n;
  const meanY = samples.reduce((sum, s) => sum + s.rssMb, 0) / n;
  let covariance = 0;
  let variance = 0;
  for (const s of samples) {
    covariance += (s.minute - meanX) * (s.rssMb - meanY);
    variance += (s.minute - meanX) ** 2;
  }
  return covariance / variance;
}

/**
 * A staff screen: follows the live stream and only counts its messages (keeping them would grow the bench, not
 * the shop); reconnects a second after the shop ends the stream, as the browser's EventSource does.
 */
function staffScreen(bench: BenchShop, staff: Browser) {
  const cookie = staff.cookieHeader();
  let messages = 0;
  let drops = 0;
  let closed = false;
  let request: http.ClientRequest | undefined;
  const connect = async (): Promise<number> => {
    const path = await staffOrdersPath(staff); // a fresh token before each connection, as the screen asks
    return new Promise((resolve, reject) => {
      request = http.get(`http://127.0.0.1:${bench.port}${path}`, { headers: { Accept: 'text/event-stream', Cookie: cookie } }, (response) => {
        resolve(response.statusCode ?? 0);
        let tail = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const text = tail + chunk;
          const blocks = text.split('\n\n');
          tail = blocks.pop() ?? '';
          messages += blocks.filter((block) => /^data:/m.test(block)).length;
        });
        response.on('close', () => {
          if (closed) return;
          drops += 1;
          // Not after close(): a reconnect due then would open a stream nothing ends.
          setTimeout(() => {
            if (!closed) void connect().catch(() => undefined);
          }, 1000);
        });
      });
      request.on('error', (error) => {
        if (!closed) reject(error);
      });
    });
  };
  return {
    connect,
    messages: () => messages,
    drops: () => drops,
    close() {
      closed = true;
      request?.destroy();
    },
  };
}

async function connectScreens(bench: BenchShop): Promise<Array<ReturnType<typeof staffScreen>>> {
  await bench.createUser({ ...STAFF, role: 'staff' });
  const agent = keepAliveAgent(1);
  const screens: Array<ReturnType<typeof staffScreen>> = [];
  try {
    for (let index = 0; index < SCREENS; index++) {
      const staff = bench.browser(agent);
      await staff.ok('/api/login', STAFF);
      const screen = staffScreen(bench, staff);
      screens.push(screen);
      const status = await screen.connect();
      if (status !== 200) throw new Error(`GET /events/orders answered ${status}`);
    }
  } catch (error) {
    for (const screen of screens) screen.close();
    throw error;
  } finally {
    agent.destroy();
  }
  for (let tries = 0; (await bench.clientCount('orders')) !== SCREENS; tries++) {
    if (tries >= 500) throw new Error('Timed out waiting for every screen to be attached');
    await sleep(10);
  }
  return screens;
}

function minutesOf(context: BenchContext): number {
  const given = context.option('minutes');
  if (given === undefined) return context.quick ? 1 : 30;
  const minutes = Number(given);
  if (!(minutes > 0)) throw new Error(`--minutes wants a number of minutes above 0, not "${given}"`);
  return minutes;
}

async function run(context: BenchContext): Promise<BenchRow[]> {
  const minutes = minutesOf(context);
  const snapshotDir = context.option('heap-snapshots');
  if (snapshotDir) fs.mkdirSync(snapshotDir, { recursive: true });
  const heapMb = process.env.SHOP_HEAP_MB ?? '128';
  const bench = await startBenchShop(context, 'soak', { LOG_LEVEL: 'info' }, { processEnv: { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' }, productionLogging: true });
  let screens: Array<ReturnType<typeof staffScreen>> = [];
  const samples: Sample[] = [];
  let offered = 0;
  let placed = 0;
  let serverErrors = 0;
  let otherFailures = 0;
  let late = 0;
  const failures = new Map<string, number>();
  try {
    const products = await orderableProducts(bench, 100_000_000);
    screens = await connectScreens(bench);
    context.log(`soak: ${minutes} min at ${ORDERS_PER_SECOND} phone orders/s, ${SCREENS} screens, heap cap ${heapMb} MB, shop pid ${bench.pid}`);
    const started = performance.now();
    const minuteNow = () => (performance.now() - started) / 60_000;
    let snapshotsTaken = 0;
    const sample = async () => {
      const memory = await bench.memory();
      const point = { minute: minuteNow(), rssMb: rssMb(bench.pid) };
      samples.push(point);
      context.log(
        `soak: ${point.minute.toFixed(1)} min  RSS ${point.rssMb.toFixed(1)} MB  heap used ${(memory.heapUsed / MB).toFixed(1)} of ${(memory.heapTotal / MB).toFixed(1)} MB  ` +
          `external ${(memory.external / MB).toFixed(1)} MB  array buffers ${(memory.arrayBuffers / MB).toFixed(1)} MB  orders ${placed}/${offered}  5xx ${serverErrors}  ` +
          `spaces (used/size MB) ${memory.spaces.map((space) => `${space.space_name.replace('_space', '')} ${(space.space_used_size / MB).toFixed(0)}/${(space.space_size / MB).toFixed(0)}`).join(' ')}`,
      );
    };
    const snapshot = async (label: string) => {
      if (!snapshotDir) return;
      const file = await bench.heapSnapshot(snapshotDir);
      snapshotsTaken += 1;
      context.log(`soak: heap snapshot ${label}: ${file}`);
    };
    let sampling = true;
    const sampler = (async () => {
      await sample();
      for (let next = 1; sampling; next++) {
        await sleep(started + next * SAMPLE_EVERY_MS - performance.now());
        if (!sampling) break;
        await sample();
        if (snapshotsTaken === 0 && minuteNow() >= minutes / 3) await snapshot('at a third of the run');
      }
    })();
    // Few sockets, each busy, so none idles near the shop's keep-alive timeout (an idle one it closes can meet a request).
    const agent = keepAliveAgent(10);
    try {
      await withCpuLog(context, `soak (${ORDERS_PER_SECOND} orders/s, ${SCREENS} screens)`, () =>
        pacedJourneys({ shoppers: SHOPPERS, perSecond: ORDERS_PER_SECOND, warmupMs: 0, durationMs: minutes * 60_000 }, async (shopper, due) => {
          offered += 1;
          // An order due in the run but not started by its end is offered and not placed: on a host too busy to
          // keep the rate the soak still ends on time, and the placed row says how much was missed.
          if (performance.now() >= started + minutes * 60_000) {
            late += 1;
            return;
          }
          try {
            await placePhoneOrder(bench.browser(agent), products[(shopper + due.index * SHOPPERS) % products.length]);
            placed += 1;
          } catch (error) {
            const what = error instanceof HttpError ? `${error.status}` : error instanceof Error ? error.message.slice(0, 80) : String(error);
            if (error instanceof HttpError && error.status >= 500) serverErrors += 1;
            else otherFailures += 1;
            failures.set(what, (failures.get(what) ?? 0) + 1);
          }
        }),
      );
    } finally {
      agent.destroy();
      sampling = false;
      await sampler;
    }
    await sample();
    await snapshot('at the end');
  } finally {
    for (const screen of screens) screen.close();
    await bench.stop();
  }

  const heard = screens.reduce((sum, screen) => sum + screen.messages(), 0);
  const drops = screens.reduce((sum, screen) => sum + screen.drops(), 0);
  if (failures.size > 0) context.log(`soak: failed orders by answer: ${[...failures].map(([what, count]) => `${what} × ${count}`).join(', ')}`);
  if (late > 0) context.log(`soak: ${late} orders were due before the end but not started by then (the host did not keep the rate)`);
  context.log(`soak: the screens heard ${heard} messages in all; streams the shop ended: ${drops}`);

  const at = (minute: number) => samples.reduce((best, s) => (Math.abs(s.minute - minute) < Math.abs(best.minute - minute) ? s : best), samples[0]);
  const half = minutes / 2;
  const lastHalf = samples.filter((s) => s.minute >= minutes - half);
  const trend = slope(lastHalf);
  const peak = Math.max(...samples.map((s) => s.rssMb));
  const marks = [5, 10, 20, 30].filter((minute) => minute <= minutes);
  if (!marks.includes(minutes)) marks.push(minutes);
  const halfLabel = half === 15 ? 'last 15 min' : `last ${half} min`;
  return [
    ...marks.map((minute) => ({ name: `soak: shop RSS at ${minute} min`, figure: at(minute).rssMb, unit: 'MB' })),
    {
      name: `soak: shop RSS slope over the ${halfLabel}`,
      figure: trend,
      unit: 'MB/min',
      target: `< ${SLOPE_TARGET_MB_PER_MIN}`,
      pass: trend < SLOPE_TARGET_MB_PER_MIN,
    },
    { name: 'soak: shop RSS peak', figure: peak, unit: 'MB', target: `<= ${PEAK_TARGET_MB}`, pass: peak <= PEAK_TARGET_MB },
    { name: 'soak: 5xx answers', figure: serverErrors, unit: 'answers', target: '= 0', pass: serverErrors === 0 },
    {
      name: `soak: orders placed of ${offered} offered`,
      figure: placed,
      unit: 'orders',
      target: `= ${offered}`,
      pass: placed === offered,
    },
  ];
}

export const soakBenchmark: Benchmark = { name: 'soak', onlyWhenNamed: true, run };
