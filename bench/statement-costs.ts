/**
 * What one basket move and one phone order cost the database, counted rather than timed (timings on this shared
 * host move by ±30 %, counts do not): SQL statements, from the shop process's `pg` clients (bench/sql-counter.ts),
 * and commits, as the transaction ids Postgres handed out (one to every transaction that writes, and to nothing
 * else, so read-only statements and transactions are not commits here; the bench's own probe is taken off).
 *
 * One shopper, paced slowly enough that no request shares a group commit or a projection batch with another
 * (25 moves/s, 4 orders/s), so each figure is the whole cost of one request sequence: the request itself and the
 * read models, processes and live messages it sets off, which the count waits for (`settle`). A move is +1 or -1
 * of one dish in a basket that already exists; an order is the checkout's whole browser sequence
 * (bench/checkout.ts's `placePhoneOrder`: an add to a new basket, saveCartAsOrder, three updateOrders,
 * complete-order). The log lists the statements behind each figure.
 */
import pg from 'pg';
import { placePhoneOrder } from './checkout';
import { keepAliveAgent } from './http';
import type { BenchShop, MenuProductView } from './shop';
import type { SqlCounts } from './sql-counter';
import { pacedJourneys } from './support';
import type { BenchContext, BenchRow } from './types';

const MOVE = '/api/moveProductStockToBasket';

interface Reading {
  counts: SqlCounts;
  xid: bigint;
  /** The newest event's sequence number, to list what was appended in between. */
  seq: string;
}

async function reading(bench: BenchShop, probe: pg.Client): Promise<Reading> {
  await bench.settle();
  const counts = await bench.sqlCounts();
  const { rows } = await probe.query<{ xid: string; seq: string }>(
    'select pg_current_xact_id()::text as xid, (select coalesce(max(global_seq), 0)::text from es_events) as seq',
  );
  return { counts, xid: BigInt(rows[0].xid), seq: rows[0].seq };
}

/** "3.0 appends: StockReserved 1.0, ..." per request sequence: the events appended between two readings. */
async function appended(probe: pg.Client, before: Reading, after: Reading, times: number): Promise<string> {
  const { rows } = await probe.query<{ event_type: string; events: number; appends: number }>(
    `select event_type, count(*)::int as events, count(distinct (tx_id, stream_name))::int as appends
       from es_events where global_seq > $1 and global_seq <= $2 group by event_type order by event_type`,
    [before.seq, after.seq],
  );
  const { rows: total } = await probe.query<{ appends: number }>(
    'select count(distinct (tx_id, stream_name))::int as appends from es_events where global_seq > $1 and global_seq <= $2',
    [before.seq, after.seq],
  );
  const each = (n: number) => (n / times).toFixed(1);
  return `${each(total[0].appends)} appends (stream writes): ${rows.map((row) => `${row.event_type} ${each(row.events)}`).join(', ')}`;
}

/**
 * Statements the shop sends on its timers, as often at any load: a runner idle for a poll interval reads its
 * checkpoint and the store; one that skipped events it does not read stores its checkpoint once a second; the
 * process manager looks for due work; the planner statistics are checked. Counted apart (and not as a request's
 * cost): on a slow host they would grow with the time a quiet count takes, and under load they are nothing per
 * request. Each is a commit only when it moves a checkpoint.
 */
const ON_TIMERS = [
  /^select position from projection_checkpoints where name = /,
  /^update projection_checkpoints set position = \$1, updated_at = now\(\) where name = \$2 and position = /,
  /^select stream_name, revision::text as revision_text, event_id, /,
  /^with due as \( select /,
  /^select s\.schemaname as schema, s\.relname as name from pg_stat_user_tables /,
];
const onTimers = (text: string) => ON_TIMERS.some((pattern) => pattern.test(text));
const CHECKPOINT_CATCH_UP = ON_TIMERS[1];

/** Per request sequence, from two readings `times` sequences apart; the statements listed in the log. */
function costOf(context: BenchContext, what: string, before: Reading, after: Reading, times: number) {
  const lines = Object.entries(after.counts.byText)
    .map(([text, count]) => [text, (count - (before.counts.byText[text] ?? 0)) / times] as const)
    .filter(([, each]) => each > 0)
    .sort((a, b) => b[1] - a[1]);
  const sum = (chosen: ReadonlyArray<readonly [string, number]>) => chosen.reduce((total, [, each]) => total + each, 0);
  const timed = lines.filter(([text]) => onTimers(text));
  const statements = (after.counts.statements - before.counts.statements) / times - sum(timed);
  // The second probe's own transaction id is not the shop's; nor are the checkpoints moved on a timer.
  const commits = Number(after.xid - before.xid - 1n) / times - sum(timed.filter(([text]) => CHECKPOINT_CATCH_UP.test(text)));
  context.log(`cost of ${what}: ${statements.toFixed(1)} statements, ${commits.toFixed(1)} commits (${times} counted; on timers meanwhile ${sum(timed).toFixed(1)} more)`);
  for (const [text, each] of lines) if (each >= 0.05) context.log(`  ${each.toFixed(2).padStart(6)}  ${onTimers(text) ? '(timer) ' : ''}${text}`);
  return { statements, commits };
}

/**
 * The statements and commits per order of `work`, which answers how many orders it placed: for the flat-out run,
 * where orders share group commits and projection batches, so that each costs less than alone.
 */
export async function countedOrders(context: BenchContext, bench: BenchShop, work: () => Promise<number>): Promise<BenchRow[]> {
  const probe = new pg.Client({ connectionString: bench.databaseUrl });
  await probe.connect();
  try {
    const before = await reading(bench, probe);
    const placed = await work();
    const after = await reading(bench, probe);
    const order = costOf(context, 'a phone order, flat out', before, after, placed);
    return [
      { name: 'cost: SQL statements per phone order, flat out', figure: order.statements, unit: 'statements' },
      { name: 'cost: commits per phone order, flat out', figure: order.commits, unit: 'commits' },
    ];
  } finally {
    await probe.end();
  }
}

/** The rows "statements and commits per basket move and per order". */
export async function statementCosts(context: BenchContext, bench: BenchShop, products: MenuProductView[]): Promise<BenchRow[]> {
  const moves = context.quick ? 20 : 50;
  const orders = context.quick ? 8 : 20;
  const agent = keepAliveAgent(1);
  const probe = new pg.Client({ connectionString: bench.databaseUrl });
  await probe.connect();
  try {
    const mover = bench.browser(agent);
    const product = products[0];
    // The basket exists before the count: a move is a change to it.
    await mover.ok(MOVE, { id: product.id, variant: null, quantity: 1 });
    const beforeMoves = await reading(bench, probe);
    await pacedJourneys({ shoppers: 1, perSecond: 25, warmupMs: 0, durationMs: (moves * 1000) / 25 }, async (_, due) => {
      await mover.ok(MOVE, { id: product.id, variant: null, quantity: due.index % 2 === 0 ? -1 : 1 });
    });
    const afterMoves = await reading(bench, probe);
    const move = costOf(context, 'a basket move', beforeMoves, afterMoves, moves);
    context.log(`  events of a basket move: ${await appended(probe, beforeMoves, afterMoves, moves)}`);

    const shopper = bench.browser(agent);
    const beforeOrders = await reading(bench, probe);
    await pacedJourneys({ shoppers: 1, perSecond: 4, warmupMs: 0, durationMs: (orders * 1000) / 4 }, async () => {
      await placePhoneOrder(shopper, products[1 % products.length]);
    });
    const afterOrders = await reading(bench, probe);
    const order = costOf(context, 'a phone order (its 6 requests)', beforeOrders, afterOrders, orders);
    context.log(`  events of a phone order: ${await appended(probe, beforeOrders, afterOrders, orders)}`);
    return [
      { name: 'cost: SQL statements per basket move', figure: move.statements, unit: 'statements' },
      { name: 'cost: commits per basket move', figure: move.commits, unit: 'commits' },
      { name: 'cost: SQL statements per phone order (6 requests)', figure: order.statements, unit: 'statements' },
      { name: 'cost: commits per phone order (6 requests)', figure: order.commits, unit: 'commits' },
    ];
  } finally {
    await probe.end();
    agent.destroy();
  }
}
