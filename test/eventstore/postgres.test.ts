import pg from 'pg';
import { appendWith, createPostgresEventStore, PostgresEventStore } from '../../src/eventstore/postgres';
import { ORIGIN, StoredEvent } from '../../src/eventstore/types';
import { createTestDatabase, TestDatabase } from '../support/database';
import { until } from '../support/until';
import { eventStoreContract, newEvent, readAllEvents } from './contract';

eventStoreContract('postgres', async () => {
  const database = await createTestDatabase();
  const store = createPostgresEventStore({ url: database.url, pollIntervalMs: 50 });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await database.drop();
    },
  };
});

describe('postgres event store: no subscriber ever skips an event', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeEach(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ url: database.url, pollIntervalMs: 20, maxConnections: 20 });
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  async function openTransaction(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query('begin');
    return client;
  }

  it('shows neither of two events while the earlier appender has not committed, then both in commit order', async () => {
    const a = await openTransaction();
    try {
      await appendWith(a, 'cart-a', [newEvent('A')], 'no_stream');
      await store.append('cart-b', [newEvent('B')], { expectedRevision: 'no_stream' });

      expect(await store.readAll({ after: ORIGIN, limit: 10 })).toEqual([]);
      expect(await store.headPosition()).toBe(ORIGIN);
      // Read-your-writes still knows B is committed, and waits for it.
      expect(await store.lastCommittedPosition()).not.toBe(ORIGIN);

      await a.query('commit');
      const events = await store.readAll({ after: ORIGIN, limit: 10 });
      expect(events.map((e) => e.type)).toEqual(['A', 'B']);
    } finally {
      await a.end();
    }
  });

  it('delivers a late commit to a live subscriber that already passed later events', async () => {
    const received: string[] = [];
    const controller = new AbortController();
    // Every read of $all the live subscriber makes (the store's named 'es_read_tail' statement), counted as it is sent.
    let tailReads = 0;
    const query = store.pool.query.bind(store.pool) as (...args: unknown[]) => unknown;
    store.pool.query = ((...args: unknown[]) => {
      if ((args[0] as { name?: string }).name === 'es_read_tail') tailReads += 1;
      return query(...args);
    }) as typeof store.pool.query;
    const subscription = store.subscribeAll({
      signal: controller.signal,
      onEvent: async (event) => {
        received.push(event.type);
      },
    });

    await store.append('cart-first', [newEvent('First')], { expectedRevision: 'no_stream' });
    await until(() => received.length === 1, "the subscriber to receive 'First'");
    const late = await openTransaction();
    try {
      await appendWith(late, 'cart-late', [newEvent('Late')], 'no_stream');
      await store.append('cart-early', [newEvent('Early')], { expectedRevision: 'no_stream' });
      // 'Early' is committed: three reads of $all after it prove the subscriber looked, and it must not take it.
      const readsBefore = tailReads;
      await until(() => tailReads >= readsBefore + 3, "the subscriber to read $all three times after 'Early' committed");
      expect(received).toEqual(['First']);
      await late.query('commit');
      await until(() => received.length === 3, 'the subscriber to receive the late commit');
      expect(received).toEqual(['First', 'Late', 'Early']);
    } finally {
      controller.abort();
      await subscription;
      await late.end();
    }
  });

  it('8 concurrent writers × 500 events, some transactions held open: the subscriber gets all 4,000 once, in commit order', async () => {
    const writers = 8;
    const perWriter = 500;
    const total = writers * perWriter;
    const received: StoredEvent[] = [];
    const controller = new AbortController();
    let allReceived!: () => void;
    const done = new Promise<void>((resolve) => (allReceived = resolve));
    const subscription = store.subscribeAll({
      signal: controller.signal,
      onEvent: async (event) => {
        received.push(event);
        if (received.length === total) allReceived();
      },
    });

    // A seeded generator so a failure can be replayed.
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);

    async function writer(index: number): Promise<void> {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        let revision: bigint | 'no_stream' = 'no_stream';
        let written = 0;
        while (written < perWriter) {
          const size = Math.min(perWriter - written, 1 + Math.floor(random() * 5));
          const batch = Array.from({ length: size }, (_, n) => newEvent('Written', { writer: index, n: written + n }));
          await client.query('begin');
          const result = await appendWith(client, `writer-${index}`, batch, revision);
          // Hold about one transaction in ten open while the others commit past it.
          if (random() < 0.1) await client.query('select pg_sleep($1)', [0.005 + random() * 0.05]);
          await client.query('commit');
          revision = result.nextRevision;
          written += size;
        }
      } finally {
        await client.end();
      }
    }

    await Promise.all(Array.from({ length: writers }, (_, index) => writer(index)));
    await done;
    controller.abort();
    await subscription;


    expect(received).toHaveLength(total);
    expect(new Set(received.map((e) => e.id)).size).toBe(total);
    const positions = received.map((e) => e.position);
    for (let i = 1; i < positions.length; i++) expect(positions[i] > positions[i - 1]).toBe(true);
    // Within each writer's stream the subscriber saw revisions 0..499 in order.
    for (let index = 0; index < writers; index++) {
      const revisions = received.filter((e) => e.stream === `writer-${index}`).map((e) => Number(e.revision));
      expect(revisions).toEqual(Array.from({ length: perWriter }, (_, n) => n));
    }
    // And a fresh read of $all agrees with what was delivered live.
    expect((await readAllEvents(store)).map((e) => e.id)).toEqual(received.map((e) => e.id));
  });
});
