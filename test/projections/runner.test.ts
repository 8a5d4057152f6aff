import { sql } from 'slonik';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool';
import { createPostgresEventStore, PostgresEventStore } from '../../src/eventstore/postgres';
import { applyBatch, CheckpointMoved, ProjectionRunner, resetProjection } from '../../src/projections/runner';
import type { Position } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import { startStoreWaker } from '../../src/projections/waker';
import { wakeOnLocalPublish } from '../../src/live/outbox';
import { auditProjection } from '../../projections/audit/projection';
import { createTestDatabase, TestDatabase } from '../support/database';
import { newEvent } from '../eventstore/contract';

/** Counts events per stream and publishes each one; throws once at a chosen event when asked to. */
function countingProjection(options: { failAt?: number } = {}): Projection & { attempts: number } {
  let seen = 0;
  const projection = {
    name: 'counting',
    eventTypes: ['Counted'],
    tables: ['test_counts'],
    attempts: 0,
    async apply(event, { tx, publish }) {
      seen += 1;
      projection.attempts += 1;
      await tx.query(sql.unsafe`
        insert into test_counts (stream, applied) values (${event.stream}, 1)
        on conflict (stream) do update set applied = test_counts.applied + 1`);
      await publish('orders', 'CardRefund', {}); // any message of the live contract: the runner carries each alike
      if (options.failAt !== undefined && seen === options.failAt) throw new Error('crash in the middle of a batch');
    },
  } satisfies Projection & { attempts: number };
  return projection;
}

describe('projection runner', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let pool: DatabasePool;
  let waker: ReturnType<typeof startStoreWaker>;
  const runners: ProjectionRunner[] = [];

  function runner(projection: Projection): ProjectionRunner {
    const created = new ProjectionRunner(projection, {
      store,
      pool,
      databaseUrl: database.url,
      waker,
      pollIntervalMs: 20,
      onError: () => undefined,
    });
    runners.push(created);
    created.start();
    return created;
  }

  async function appendCounted(streams: number, perStream: number) {
    let last;
    for (let s = 0; s < streams; s++) {
      last = await store.append(`count-${s}`, Array.from({ length: perStream }, () => newEvent('Counted')), {
        expectedRevision: 'any',
      });
    }
    return last!.position;
  }

  const counts = () =>
    pool.any(sql.unsafe`select stream, applied from test_counts order by stream`) as Promise<
      { stream: string; applied: number }[]
    >;

  beforeEach(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ url: database.url, pollIntervalMs: 20 });
    pool = await createDatabasePool(database.url);
    await pool.query(sql.unsafe`create table test_counts (stream text primary key, applied int not null)`);
    waker = startStoreWaker(store);
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await waker.stop();
    await store.close();
    await pool.end();
    await database.drop();
  });

  describe('a batch as one statement', () => {
    /** Counts events per stream in one statement; `broken` makes the statement fail (a null count). */
    const oneStatement = (broken = false): Projection => ({
      ...countingProjection(),
      name: 'one-statement',
      batchStatement: (events, guard) => sql.fragment`
        insert into test_counts (stream, applied)
        select stream, ${broken ? null : 1}::int * count(*)::int from ${sql.unnest(events.map((event) => [event.stream]), ['text'])} as e(stream)
         where ${guard} group by stream
        on conflict (stream) do update set applied = test_counts.applied + excluded.applied`,
    });
    const checkpoint = () => pool.maybeOneFirst(sql.unsafe`select position from projection_checkpoints where name = 'one-statement'`);

    beforeEach(async () => {
      await pool.query(sql.unsafe`insert into projection_checkpoints (name, position) values ('one-statement', '0')`);
    });

    it('writes the rows and moves the checkpoint together', async () => {
      await appendCounted(2, 3);
      const events = await store.readAll({ limit: 100 });
      const last = await applyBatch(pool, oneStatement(), events, '0' as Position);
      expect(last).toBe(events[events.length - 1].position);
      expect(await counts()).toEqual([{ stream: 'count-0', applied: 3 }, { stream: 'count-1', applied: 3 }]);
      expect(await checkpoint()).toBe(last);
    });

    it('writes nothing when another runner moved the checkpoint', async () => {
      await appendCounted(1, 2);
      const events = await store.readAll({ limit: 100 });
      await pool.query(sql.unsafe`update projection_checkpoints set position = ${events[0].position} where name = 'one-statement'`);
      await expect(applyBatch(pool, oneStatement(), events, '0' as Position)).rejects.toBeInstanceOf(CheckpointMoved);
      expect(await counts()).toEqual([]);
      expect(await checkpoint()).toBe(events[0].position);
    });

    it('moves neither rows nor checkpoint when the statement fails', async () => {
      await appendCounted(1, 2);
      const events = await store.readAll({ limit: 100 });
      await expect(applyBatch(pool, oneStatement(true), events, '0' as Position)).rejects.toThrow(/null value/);
      expect(await counts()).toEqual([]);
      expect(await checkpoint()).toBe('0');
    });
  });

  it('catches up on existing events, then applies live ones, and moves the checkpoint with them', async () => {
    await appendCounted(3, 4);
    const counting = runner(countingProjection());
    const live = await appendCounted(2, 1);
    await counting.waitFor(live);
    expect(await counts()).toEqual([
      { stream: 'count-0', applied: 5 },
      { stream: 'count-1', applied: 5 },
      { stream: 'count-2', applied: 4 },
    ]);
    const checkpoint = await pool.oneFirst(sql.unsafe`select position from projection_checkpoints where name = 'counting'`);
    expect(checkpoint).toBe(live);
  });

  it("tells the read model's in-process copies of a batch before it wakes the live hubs", async () => {
    // A screen told of a change asks again at once; a settings copy not yet dropped answered the old value.
    const order: string[] = [];
    const stopWaking = wakeOnLocalPublish(() => order.push('hub woken'));
    try {
      const counting = runner(countingProjection());
      counting.onApplied((events) => {
        if (events !== undefined) order.push('copies told');
      });
      await counting.waitFor(await appendCounted(1, 1));
      expect(order.slice(0, 2)).toEqual(['copies told', 'hub woken']);
    } finally {
      stopWaking();
    }
  });

  it('applies every event exactly once after a crash inside a batch and a restart', async () => {
    const head = await appendCounted(4, 50);
    const crashing = countingProjection({ failAt: 120 });
    const first = runner(crashing);
    // The failed batch is rolled back and retried; wait until everything is in.
    await first.waitFor(head);
    expect(crashing.attempts).toBeGreaterThan(200);
    await first.stop();

    const more = await appendCounted(4, 5);
    const second = runner(countingProjection());
    await second.waitFor(more);
    expect((await counts()).map((row) => row.applied)).toEqual([55, 55, 55, 55]);
    const published = await pool.oneFirst(sql.unsafe`select count(*)::int from live_messages where channel = 'orders'`);
    expect(published).toBe(220);
  });

  it('runs a projection on one instance only: the advisory lock keeps the second runner idle', async () => {
    const head = await appendCounted(1, 10);
    const a = runner(countingProjection());
    await a.waitFor(head);
    const b = runner(countingProjection());
    const next = await appendCounted(1, 10);
    await b.waitFor(next);
    expect(a.isActive).toBe(true);
    expect(b.isActive).toBe(false);
    expect(await counts()).toEqual([{ stream: 'count-0', applied: 20 }]);

    await a.stop();
    const last = await appendCounted(1, 1);
    await b.waitFor(last);
    expect(b.isActive).toBe(true);
    expect(await counts()).toEqual([{ stream: 'count-0', applied: 21 }]);
  });

  it('rebuilds a read model that equals the live one row for row, without replaying live messages', async () => {
    const audit = auditProjection();
    const running = runner(audit);
    const counting = runner(countingProjection());
    await store.append('other-1', [newEvent('Other'), newEvent('Ignored')], { expectedRevision: 'no_stream' });
    const head = await appendCounted(5, 40);
    await running.waitFor(head);
    await counting.waitFor(head);
    const auditRows = () => pool.any(sql.unsafe`select * from audit_log order by position`);
    const live = await auditRows();
    const liveCounts = await counts();
    const messages = await pool.oneFirst(sql.unsafe`select count(*)::int from live_messages`);
    expect(live).toHaveLength(202);

    await resetProjection(pool, audit, store);
    await resetProjection(pool, counting.projection, store);
    expect(await auditRows()).toEqual([]);
    // The running runners notice that their checkpoints moved and replay from the start.
    const after = await appendCounted(1, 1);
    await running.waitFor(after);
    await counting.waitFor(after);
    const rebuilt = await auditRows();
    expect(rebuilt.slice(0, live.length)).toEqual(live);
    expect(rebuilt).toHaveLength(live.length + 1);
    expect((await counts()).map((r) => r.applied)).toEqual(liveCounts.map((r, i) => r.applied + (i === 0 ? 1 : 0)));
    // Only the one new event was published; the replayed ones were not sent again.
    expect(await pool.oneFirst(sql.unsafe`select count(*)::int from live_messages`)).toBe(messages + 1);
  });
});
