import { sql } from 'slonik';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool';
import { createPostgresEventStore, formatPosition, PostgresEventStore } from '../../src/eventstore/postgres';
import { ORIGIN, Position, StoredEvent } from '../../src/eventstore/types';
import { ProjectionRunner } from '../../src/projections/runner';
import type { Projection } from '../../src/projections/types';
import { startStoreWaker } from '../../src/projections/waker';
import { createTestDatabase, TestDatabase } from '../support/database';
import { until } from '../support/until';
import { newEvent, readAllEvents } from '../eventstore/contract';

/** Records every event it applies, counting how many times each one was applied. */
const recordingProjection: Projection = {
  name: 'recording',
  eventTypes: 'all',
  tables: ['applied_events'],
  async apply(event, { tx }) {
    await tx.query(sql.unsafe`
      insert into applied_events (event_id, position, times) values (${event.id}, ${event.position}, 1)
      on conflict (event_id) do update set times = applied_events.times + 1`);
  },
};

describe('store waker: the in-memory tail of new events', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let waker: ReturnType<typeof startStoreWaker> | undefined;
  let pool: DatabasePool | undefined;
  const runners: ProjectionRunner[] = [];

  const readTail = (after: Position, limit: number) => waker!.readTail!(after, limit);

  /** Starts the waker and waits until its tail begins (at the store's head when it started). */
  async function startWaker(tailSize?: number): Promise<void> {
    waker = startStoreWaker(store, { tailSize });
    const head = await store.headPosition();
    await until(() => readTail(head, 1) !== undefined, 'the waker to start');
  }

  /** Waits until the tail holds every event up to `position`. */
  const tailReaches = (position: Position) => until(() => readTail(position, 1) !== undefined, `the tail to reach ${position}`);

  async function append(stream: string, count: number): Promise<Position> {
    const events = Array.from({ length: count }, (_, index) => newEvent('Appended', { index }));
    return (await store.append(stream, events, { expectedRevision: 'any' })).position;
  }

  /** Appends to several streams at once; their commit order is Postgres's to choose. */
  async function appendConcurrently(streams: string[], perStream: number): Promise<Position> {
    const positions = await Promise.all(streams.map((stream) => append(stream, perStream)));
    return positions.reduce((latest, position) => (position > latest ? position : latest));
  }

  beforeEach(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ url: database.url, pollIntervalMs: 20 });
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await waker?.stop();
    waker = undefined;
    await store.close();
    await pool?.end();
    pool = undefined;
    await database.drop();
  });

  it('answers exactly the events after a position, in commit order, up to the limit', async () => {
    await startWaker();
    const before = await append('cart-before', 2);
    await tailReaches(before);

    const head = await appendConcurrently(['cart-a', 'cart-b', 'cart-c', 'cart-d', 'cart-e'], 3);
    await tailReaches(head);
    const expected = await readAllEvents(store, before);
    expect(expected).toHaveLength(15);

    expect(readTail(before, 100)).toEqual(expected);
    expect(readTail(before, 4)).toEqual(expected.slice(0, 4));
    expect(readTail(expected[3].position, 4)).toEqual(expected.slice(4, 8));
    expect(readTail(expected[13].position, 4)).toEqual(expected.slice(14));
    expect(readTail(head, 10)).toEqual([]);
  });

  it('answers undefined for a position before it started or beyond its head', async () => {
    await append('cart-earlier', 3);
    const earlier = await readAllEvents(store);
    await startWaker();
    const later = await append('cart-later', 1);
    await tailReaches(later);

    expect(readTail(ORIGIN, 10)).toBeUndefined();
    expect(readTail(earlier[1].position, 10)).toBeUndefined();
    expect(readTail(formatPosition(BigInt(Number.MAX_SAFE_INTEGER), 0n), 10)).toBeUndefined();
    expect(readTail(later, 10)).toEqual([]);
    // The head when it started is where the tail begins: the events after it are all held.
    expect(readTail(earlier[2].position, 10)?.map((event) => event.position)).toEqual([later]);
  });

  it('keeps between tailSize and twice tailSize of the newest events, dropping the oldest', async () => {
    const tailSize = 5;
    await startWaker(tailSize);
    let head = ORIGIN;
    for (let round = 0; round < 8; round++) head = await append(`cart-${round}`, 3);
    await tailReaches(head);
    const all = await readAllEvents(store);
    expect(all).toHaveLength(24);

    expect(readTail(ORIGIN, 10)).toBeUndefined();
    expect(readTail(all[0].position, 10)).toBeUndefined();
    expect(readTail(all[all.length - 2 * tailSize - 2].position, 10)).toBeUndefined();
    expect(readTail(all[all.length - tailSize - 1].position, 10)).toEqual(all.slice(-tailSize));
    expect(readTail(all[all.length - 3].position, 1)).toEqual([all[all.length - 2]]);
  });

  it.each([
    ['the default tail', undefined],
    ['a tail shorter than the bursts it is sent', 3],
  ])('lets a projection runner apply every event exactly once, with %s', async (_, tailSize) => {
    pool = await createDatabasePool(database.url);
    await pool.query(sql.unsafe`
      create table applied_events (event_id text primary key, position text not null, times int not null)`);
    // Events from before the waker started: the runner can only catch up on them from the store.
    await appendConcurrently(['cart-old-1', 'cart-old-2'], 10);
    await startWaker(tailSize);
    const reads = { fromTail: 0, fromStore: 0 };
    const countingWaker = {
      ...waker!,
      readTail(after: Position, limit: number) {
        const events = readTail(after, limit);
        if (events === undefined) reads.fromStore += 1;
        else if (events.length > 0) reads.fromTail += 1;
        return events;
      },
    };
    const errors: unknown[] = [];
    const runner = new ProjectionRunner(recordingProjection, {
      store,
      pool,
      databaseUrl: database.url,
      waker: countingWaker,
      pollIntervalMs: 20,
      onError: (_, error) => errors.push(error),
    });
    runners.push(runner);
    runner.start();

    for (let round = 0; round < 30; round++) {
      const last = await appendConcurrently([`cart-${round}-a`, `cart-${round}-b`, `cart-${round}-c`], 1 + (round % 4));
      // Now and then the runner catches up, so that it reads both from the tail and from the store.
      if (round % 5 === 4) await runner.waitFor(last);
    }
    await runner.waitFor(await store.headPosition());

    const expected = (await readAllEvents(store)).map((event: StoredEvent) => ({ event_id: event.id, position: event.position }));
    const applied = await pool.any(sql.unsafe`select event_id, position, times from applied_events order by position`);
    expect(applied).toEqual(expected.map((event) => ({ ...event, times: 1 })));
    expect(errors).toEqual([]);
    expect(reads.fromTail).toBeGreaterThan(0);
    expect(reads.fromStore).toBeGreaterThan(0);
  });
});
