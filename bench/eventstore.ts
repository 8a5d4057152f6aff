/**
 * Event-store benchmarks (see /work/shared/notes/event-store.md §2):
 *  1. appends/s with 1, 8 and 32 writers, each on its own stream, one event per append with an expected revision;
 *  2. the raw rate: 32 clients doing autocommit single-row inserts of a similar row; the 32-writer rate as a % of it;
 *  3. projection lag (audit projection) while 32 writers append: read-model commit minus append commit; flat out
 *     (the target) and paced to a moderate rate (informative: flat out saturates the host, so it also measures queueing);
 *  4. rebuild speed: reset the audit projection over ~50,000 events and replay it.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { auditProjection } from '../projections/audit/projection';
import { createDatabasePool, type DatabasePool } from '../src/db/pool';
import { createPostgresEventStore, type PostgresEventStore } from '../src/eventstore/postgres';
import { ORIGIN, type ExpectedRevision, type NewEvent, type Position } from '../src/eventstore/types';
import { ProjectionRunner, resetProjection } from '../src/projections/runner';
import type { Projection } from '../src/projections/types';
import { startStoreWaker } from '../src/projections/waker';
import { cpuMeter, percentile, throughput, until, withCpuLog } from './support';
import type { Benchmark, BenchContext, BenchRow } from './types';

const EVENT_TYPE = 'BenchOrderPlaced';

function newEvent(): NewEvent {
  return {
    id: randomUUID(),
    type: EVENT_TYPE,
    data: { orderId: randomUUID(), lines: [{ dishId: 'margherita', quantity: 2, pricePence: 895 }], totalPence: 1790 },
    metadata: { correlationId: randomUUID(), causationId: randomUUID(), actor: 'customer:bench', at: new Date().toISOString() },
  };
}

/** A writer on its own stream: each call appends one event, expecting the revision it appended last. */
function streamWriter(store: PostgresEventStore, onAppended?: (id: string, position: Position) => void) {
  const stream = `bench-${randomUUID()}`;
  let expectedRevision: ExpectedRevision = 'no_stream';
  return async () => {
    const event = newEvent();
    const result = await store.append(stream, [event], { expectedRevision });
    expectedRevision = result.nextRevision;
    onAppended?.(event.id, result.position);
  };
}

function timing(context: BenchContext) {
  return context.quick ? { durationMs: 1000, warmupMs: 200 } : { durationMs: 5000, warmupMs: 500 };
}

const appendRowName = (writers: number) => `eventstore: append, ${writers} writer${writers > 1 ? 's' : ''}`;

async function appendRates(context: BenchContext): Promise<BenchRow[]> {
  const url = await context.database('append');
  const store = createPostgresEventStore({ url, maxConnections: 32 });
  const raw = new pg.Pool({ connectionString: url, max: 32 });
  raw.on('error', () => undefined);
  const rows: BenchRow[] = [];
  try {
    for (const writers of [1, 8]) {
      const rate = await withCpuLog(context, `append, ${writers} writer(s)`, () =>
        throughput(writers, timing(context), () => streamWriter(store)),
      );
      context.log(`append, ${writers} writer(s): ${rate.toFixed(0)}/s`);
      rows.push({ name: appendRowName(writers), figure: rate, unit: 'appends/s' });
    }

    // The 32-writer appends and the raw inserts alternate in 1 s slices, so that other load on the host
    // (a shared CI box, a test run) weighs on both alike and their ratio stays meaningful.
    await raw.query(`create table bench_raw (
      id uuid primary key, stream text not null, type text not null, data jsonb not null, metadata jsonb not null)`);
    const rawInsert = (worker: number) => async () => {
      const event = newEvent();
      await raw.query('insert into bench_raw (id, stream, type, data, metadata) values ($1, $2, $3, $4, $5)', [
        event.id, `raw-${worker}`, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata),
      ]);
    };
    const { durationMs, warmupMs } = timing(context);
    const slices = Math.max(1, Math.round(durationMs / 1000));
    const appendCpu = cpuMeter(context);
    const rawCpu = cpuMeter(context);
    let appendRate = 0;
    let rawRate = 0;
    for (let slice = 0; slice < slices; slice++) {
      const window = { durationMs: durationMs / slices, warmupMs: slice === 0 ? warmupMs : 0 };
      appendRate += (await appendCpu.measure(() => throughput(32, window, () => streamWriter(store)))) / slices;
      rawRate += (await rawCpu.measure(() => throughput(32, window, rawInsert))) / slices;
    }
    context.log(`append, 32 writers: ${appendRate.toFixed(0)}/s, ${appendCpu.describe()}`);
    context.log(`raw insert, 32 clients: ${rawRate.toFixed(0)}/s, ${rawCpu.describe()}`);
    const share = (100 * appendRate) / rawRate;
    rows.push(
      { name: appendRowName(32), figure: appendRate, unit: 'appends/s' },
      { name: 'raw insert+commit, 32 clients', figure: rawRate, unit: 'inserts/s' },
      { name: 'eventstore: append 32 writers vs raw', figure: share, unit: '%', target: '>= 50', pass: share >= 50 },
    );
  } finally {
    await raw.end();
    await store.close();
  }
  return rows;
}

/** Wraps a slonik pool so that `onCommit` runs the moment a transaction has committed (before the caller resumes). */
/**
 * The pool as the runner sees it, calling `onCommit` after each transaction and after each single statement
 * made while a batch statement is pending (a batch in one statement is its own transaction).
 */
function onEachCommit(pool: DatabasePool, hooks: { onBegin(): void; onCommit(): void; statementPending(): boolean }): DatabasePool {
  return new Proxy(pool, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === 'one') {
        const one: DatabasePool['one'] = async (query) => {
          const pending = hooks.statementPending();
          const result = await target.one(query);
          if (pending) hooks.onCommit();
          return result;
        };
        return one;
      }
      if (property !== 'transaction') return typeof value === 'function' ? value.bind(target) : value;
      const transaction: DatabasePool['transaction'] = async (handler, retryLimit) => {
        hooks.onBegin();
        const result = await target.transaction(handler, retryLimit);
        hooks.onCommit();
        return result;
      };
      return transaction;
    },
  });
}

/** The audit projection, noting which event ids each batch applied and when that batch committed. */
function timedAuditProjection(pool: DatabasePool) {
  const inner = auditProjection();
  const committedAt = new Map<string, number>();
  const stats = { batches: 0, events: 0, transactionMs: 0 };
  let batch: string[] = [];
  let begunAt = 0;
  const projection: Projection = {
    ...inner,
    async apply(event, applyContext) {
      batch.push(event.id);
      await inner.apply(event, applyContext);
    },
    async applyAll(events, applyContext) {
      batch.push(...events.map((event) => event.id));
      await inner.applyAll!(events, applyContext);
    },
    batchStatement(events, guard) {
      batch = events.map((event) => event.id);
      begunAt = performance.now();
      return inner.batchStatement!(events, guard);
    },
  };
  const timedPool = onEachCommit(pool, {
    statementPending: () => batch.length > 0,
    onBegin: () => {
      batch = [];
      begunAt = performance.now();
    },
    onCommit: () => {
      const now = performance.now();
      for (const id of batch) committedAt.set(id, now);
      stats.batches += 1;
      stats.events += batch.length;
      stats.transactionMs += now - begunAt;
      batch = [];
    },
  });
  return { projection, timedPool, committedAt, stats };
}

/**
 * 32 writers append while the audit projection runs; lag = read-model commit minus append commit, for every
 * append in the measured window. `pacedRate` spaces each writer's appends so that together they aim at that
 * many appends/s; without it they go flat out, which saturates the host and so also measures queueing.
 */
async function projectionLag(context: BenchContext, pacedRate?: number) {
  const url = await context.database('lag');
  // 32 writers, plus the runner's and the waker's readAll, on the store pool.
  const store = createPostgresEventStore({ url, maxConnections: 40 });
  const pool = await createDatabasePool(url);
  const waker = startStoreWaker(store);
  const { projection, timedPool, committedAt, stats } = timedAuditProjection(pool);
  const runner = new ProjectionRunner(projection, {
    store, pool: timedPool, databaseUrl: url, waker, onError: (_name, error) => context.log(`runner: ${String(error)}`),
  });
  const label = pacedRate ? `32 writers paced to ${pacedRate}/s` : '32 writers flat out';
  try {
    runner.start();
    await until(() => runner.isActive, 10_000, 'the runner to take its lock');
    const { durationMs, warmupMs } = timing(context);
    const measureFrom = performance.now() + warmupMs;
    const measureUntil = measureFrom + durationMs;
    const appendedAt = new Map<string, number>();
    let last: Position = ORIGIN;
    const pauseMs = pacedRate ? (32 * 1000) / pacedRate : 0;
    const rate = await withCpuLog(context, `append, ${label} + projection`, () =>
      throughput(32, { durationMs, warmupMs }, () => {
        const write = streamWriter(store, (id, position) => {
          const now = performance.now();
          if (now >= measureFrom && now < measureUntil) appendedAt.set(id, now);
          if (position > last) last = position;
        });
        if (!pauseMs) return write;
        return async () => {
          const next = performance.now() + pauseMs * (0.5 + Math.random());
          await write();
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
        };
      }),
    );
    await runner.waitFor(last, 30_000);
    const lags = [...appendedAt].map(([id, at]) => committedAt.get(id)! - at);
    if (lags.some((lag) => Number.isNaN(lag))) throw new Error('an appended event never reached the read model');
    const p50 = percentile(lags, 50);
    const p99 = percentile(lags, 99);
    const perBatch = (total: number) => (total / stats.batches).toFixed(1);
    context.log(`runner (${label}): ${stats.batches} batches, ${perBatch(stats.events)} events and ` +
      `${perBatch(stats.transactionMs)} ms per batch transaction`);
    context.log(`projection lag (${label}) over ${lags.length} appends at ${rate.toFixed(0)}/s: ` +
      `p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...lags).toFixed(1)} ms`);
    return { label, rate, p50, p99 };
  } finally {
    await runner.stop();
    await waker.stop();
    await store.close();
    await pool.end();
  }
}

async function projectionLagRows(context: BenchContext): Promise<BenchRow[]> {
  const flat = await projectionLag(context);
  const paced = await projectionLag(context, 250);
  return [
    { name: `eventstore: append, ${flat.label} + projection`, figure: flat.rate, unit: 'appends/s' },
    { name: `projection lag p50 (audit, ${flat.label})`, figure: flat.p50, unit: 'ms' },
    { name: `projection lag p99 (audit, ${flat.label})`, figure: flat.p99, unit: 'ms', target: '< 50', pass: flat.p99 < 50 },
    { name: `projection lag p99 (audit, ${paced.label})`, figure: paced.p99, unit: 'ms' },
  ];
}

async function rebuildSpeed(context: BenchContext): Promise<BenchRow[]> {
  const url = await context.database('rebuild');
  const store = createPostgresEventStore({ url, maxConnections: 8 });
  const pool = await createDatabasePool(url);
  const waker = startStoreWaker(store);
  const projection = auditProjection();
  const runners: ProjectionRunner[] = [];
  const startRunner = () => {
    const runner = new ProjectionRunner(projection, {
      store, pool, databaseUrl: url, waker, onError: (_name, error) => context.log(`runner: ${String(error)}`),
    });
    runners.push(runner);
    runner.start();
    return runner;
  };
  try {
    const total = context.quick ? 5_000 : 50_000;
    const perAppend = 100;
    const writers = 8;
    let appended = 0;
    await Promise.all(
      Array.from({ length: writers }, async () => {
        const stream = `bench-${randomUUID()}`;
        let expectedRevision: ExpectedRevision = 'no_stream';
        while (appended < total) {
          appended += perAppend;
          const result = await store.append(stream, Array.from({ length: perAppend }, () => newEvent()), { expectedRevision });
          expectedRevision = result.nextRevision;
        }
      }),
    );
    const head = await store.headPosition();
    context.log(`appended ${appended} events; first build of the audit projection`);
    const first = startRunner();
    await first.waitFor(head, 300_000);
    await first.stop();

    const started = performance.now();
    await withCpuLog(context, 'rebuild', async () => {
      await resetProjection(pool, projection, store);
      const rebuild = startRunner(); // a fresh runner starts at ORIGIN, so `checkpoint >= head` means caught up
      await until(() => rebuild.checkpoint >= head, 300_000, 'the rebuild to catch up');
    });
    const rate = appended / ((performance.now() - started) / 1000);
    context.log(`rebuild: ${rate.toFixed(0)} events/s`);
    const name = `projection rebuild (audit, ${appended.toLocaleString('en-US')} events)`;
    return [{ name, figure: rate, unit: 'events/s', target: '>= 20,000', pass: rate >= 20_000 }];
  } finally {
    await Promise.all(runners.map((runner) => runner.stop()));
    await waker.stop();
    await store.close();
    await pool.end();
  }
}

export const eventStoreBenchmark: Benchmark = {
  name: 'eventstore',
  async run(context) {
    return [...(await appendRates(context)), ...(await projectionLagRows(context)), ...(await rebuildSpeed(context))];
  },
};
