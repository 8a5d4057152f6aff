/**
 * The basket at the rate its target is stated for: 32 shoppers, each on a product of their own (as in basket a),
 * adding one unit and taking it back, paced at 250 basket moves/s in all (and then 500, 750 and 1,000 as information). Reports the p50 and p99 of an add and
 * the rate achieved. Its own group (`npm run bench -- basket-paced`), on a cluster where nothing ran before it.
 *
 * Open loop, so that a slow answer is not hidden by coordinated omission: every move is due at a fixed time of
 * a timetable set before the run (at 250 moves/s each shopper one move every 128 ms, the shoppers staggered across them),
 * and its time is measured from when it was due, not from when it was sent. A shopper's moves go one after
 * another, as a customer's clicks do: when an answer comes late, the next move goes at once and its wait for the
 * late one counts in its time. Timing from the send instead would record one slow request and then only quick
 * ones while the timetable slipped, as a closed-loop load generator does. The generator's own timer lateness
 * counts too, so on a busy host the figures err on the slow side.
 */
import { keepAliveAgent, Latencies } from './http';
import { describeLatencies, startBenchShop, type BenchShop } from './shop';
import { pacedJourneys, percentile, withCpuLog } from './support';
import type { Benchmark, BenchContext, BenchRow } from './types';

const SHOPPERS = 32;
/** The offered rate at which the move's p99 target (< 25 ms) is stated. */
const MOVES_PER_SECOND = 250;
/**
 * Higher rates after it, as information: where p99 turns up shows how far past the target's rate the host
 * holds (a queue on the shop's one thread), or whether something stalls at any rate.
 */
const SWEEP = [MOVES_PER_SECOND, 500, 750, 1000];
const MOVE = '/api/moveProductStockToBasket';

function timing(context: BenchContext) {
  return context.quick ? { durationMs: 1500, warmupMs: 500 } : { durationMs: 10_000, warmupMs: 1000 };
}

async function pacedMoves(context: BenchContext, bench: BenchShop, movesPerSecond: number): Promise<BenchRow[]> {
  const products = (await bench.menu()).filter((product) => product.id >= 1 && product.id <= SHOPPERS);
  if (products.length !== SHOPPERS) throw new Error(`expected products 1..${SHOPPERS} on the demo menu`);
  const agent = keepAliveAgent(SHOPPERS);
  const { durationMs, warmupMs } = timing(context);
  // Every move due in the measured window is kept, whenever its answer comes.
  const fromDue = new Latencies(-Infinity, Infinity);
  const fromSent = new Latencies(-Infinity, Infinity);
  const measuredFrom = performance.now() + warmupMs;
  let measuredMoves = 0;
  let lastAnswerAt = measuredFrom + durationMs;
  try {
    await withCpuLog(context, `basket paced (32 shoppers, ${movesPerSecond} moves/s)`, () => {
      const browsers = products.map(() => bench.browser(agent));
      return pacedJourneys({ shoppers: SHOPPERS, perSecond: movesPerSecond, warmupMs, durationMs }, async (shopper, due) => {
        const product = products[shopper];
        const kind = due.index % 2 === 0 ? 'add' : 'remove';
        const answer = await browsers[shopper].ok(MOVE, { id: product.id, variant: product.variants[0]?.id ?? null, quantity: kind === 'add' ? 1 : -1 });
        if (!due.measured) return;
        fromDue.note(kind, { ms: answer.at - due.at, at: answer.at });
        fromSent.note(kind, answer);
        measuredMoves += 1;
        lastAnswerAt = Math.max(lastAnswerAt, answer.at);
      });
    });
  } finally {
    agent.destroy();
  }
  // The moves due in the window over the time they took to be answered: the asked rate when the shop keeps up.
  const achieved = measuredMoves / ((lastAnswerAt - measuredFrom) / 1000);
  const adds = fromDue.get('add');
  const at = `at ${movesPerSecond}/s`;
  context.log(`basket paced ${at}: ${measuredMoves} moves due in ${(durationMs / 1000).toFixed(0)} s, ${achieved.toFixed(0)} moves/s achieved`);
  context.log(`basket paced ${at}: add from due time ${describeLatencies(adds, percentile)}`);
  context.log(`basket paced ${at}: remove from due time ${describeLatencies(fromDue.get('remove'), percentile)}`);
  context.log(`basket paced ${at}: add from sending (what coordinated omission would report) ${describeLatencies(fromSent.get('add'), percentile)}`);
  const label = `32 shoppers paced at ${movesPerSecond.toLocaleString('en-US')} moves/s`;
  const targeted = movesPerSecond === MOVES_PER_SECOND;
  const p99 = percentile(adds, 99);
  return [
    { name: `basket: add p50, ${label}`, figure: percentile(adds, 50), unit: 'ms' },
    { name: `basket: add p99, ${label}`, figure: p99, unit: 'ms', ...(targeted ? { target: '< 25', pass: p99 < 25 } : {}) },
    { name: `basket: moves achieved, ${label}`, figure: achieved, unit: 'moves/s' },
  ];
}

export const basketPacedBenchmark: Benchmark = {
  name: 'basket-paced',
  async run(context) {
    const bench = await startBenchShop(context, 'basket_paced');
    try {
      const rows: BenchRow[] = [];
      for (const rate of context.quick ? [MOVES_PER_SECOND] : SWEEP) rows.push(...(await pacedMoves(context, bench, rate)));
      return rows;
    } finally {
      await bench.stop();
    }
  },
};
