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
}

async function reading(bench: BenchShop, probe: pg.Client): Promise<Reading> {
  await bench.settle();
  const counts = await bench.sqlCounts();
  const { rows } = await probe.query<{ xid: string }>('select pg_current_xact_id()::text as xid');
  return { counts, xid: BigInt(rows[0].xid) };
}

/** Per request sequence, from two readings `times` sequences apart; the statements listed in the log. */
function costOf(context: BenchContext, what: string, before: Reading, after: Reading, times: number) {
  const statements = (after.counts.statements - before.counts.statements) / times;
  // The second probe's own transaction id is not the shop's.
  const commits = Number(after.xid - before.xid - 1n) / times;
  const lines = Object.entries(after.counts.byText)
    .map(([text, count]) => [text, (count - (before.counts.byText[text] ?? 0)) / times] as const)
    .filter(([, each]) => each >= 0.05)
    .sort((a, b) => b[1] - a[1]);
  context.log(`cost of ${what}: ${statements.toFixed(1)} statements, ${commits.toFixed(1)} commits (${times} counted)`);
  for (const [text, each] of lines) context.log(`  ${each.toFixed(2).padStart(6)}  ${text}`);
  return { statements, commits };
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

    const shopper = bench.browser(agent);
    const beforeOrders = await reading(bench, probe);
    await pacedJourneys({ shoppers: 1, perSecond: 4, warmupMs: 0, durationMs: (orders * 1000) / 4 }, async () => {
      await placePhoneOrder(shopper, products[1 % products.length]);
    });
    const afterOrders = await reading(bench, probe);
    const order = costOf(context, 'a phone order (its 6 requests)', beforeOrders, afterOrders, orders);
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
