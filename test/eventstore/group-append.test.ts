import pg from 'pg';
import { appendWith } from '../../src/eventstore/postgres';
import { GroupAppender } from '../../src/eventstore/postgres-group-append';
import { AppendResult, DuplicateEventId, WrongExpectedVersion } from '../../src/eventstore/types';
import { createTestDatabase, TestDatabase } from '../support/database';
import { newEvent } from './contract';

/**
 * Group commit in the Postgres adapter. The first statement is held back until the test releases it, so every
 * append made meanwhile is known to wait, and to go in the one group statement that follows.
 */
describe('postgres event store: appends to different streams grouped into one statement', () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeEach(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
  });
  afterEach(async () => {
    await pool.end();
    await database.drop();
  });

  /** A pool whose first statement waits for `release()`; counts the statements run. */
  function gatedPool() {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const statements: string[] = [];
    const queryable = {
      query: (async (config: string | pg.QueryConfig, values?: unknown[]) => {
        statements.push(typeof config === 'string' ? config : (config.name ?? config.text));
        if (statements.length === 1) await gate;
        return pool.query(config as string, values);
      }) as unknown as pg.Pool['query'],
    };
    return { queryable, statements, release: () => open() };
  }

  type Settled = { value?: AppendResult; error?: unknown };
  const settled = (promise: Promise<AppendResult>): Promise<Settled> =>
    promise.then((value) => ({ value }), (error: unknown) => ({ error }));

  it('answers each append of a group by its own expected revision, and stores only the ones that hold', async () => {
    await appendWith(pool, 'existing-1', [newEvent('Seed')], 'no_stream'); // revision 0
    await appendWith(pool, 'existing-2', [newEvent('Seed'), newEvent('Seed')], 'no_stream'); // revision 1
    await appendWith(pool, 'existing-3', [newEvent('Seed')], 'no_stream');
    const retried = [newEvent('Retried')];
    const first = await appendWith(pool, 'retried', retried, 'no_stream');

    const { queryable, statements, release } = gatedPool();
    const appender = new GroupAppender(queryable, { maxInFlight: 1, maxEventsPerGroup: 1000 });
    const opener = settled(appender.append('opener', [newEvent('Open')], 'no_stream'));
    const answers = {
      fresh: settled(appender.append('fresh', [newEvent('A'), newEvent('B'), newEvent('C')], 'no_stream')),
      anyNew: settled(appender.append('any-new', [newEvent('A')], 'any')),
      anyExisting: settled(appender.append('existing-1', [newEvent('A'), newEvent('B')], 'any')),
      exact: settled(appender.append('existing-2', [newEvent('A')], 1n)),
      stale: settled(appender.append('existing-3', [newEvent('A')], 5n)),
      taken: settled(appender.append('retried-taken', [newEvent('A')], 'no_stream')),
      retry: settled(appender.append('retried', retried, 'no_stream')),
      exists: settled(appender.append('existing-3', [newEvent('Again')], 'no_stream')),
    };
    await appendWith(pool, 'retried-taken', [newEvent('Before')], 'no_stream');
    release();
    await opener;

    const value = async (answer: Promise<Settled>) => (await answer).value?.nextRevision;
    expect(await value(answers.fresh)).toBe(2n);
    expect(await value(answers.anyNew)).toBe(0n);
    expect(await value(answers.anyExisting)).toBe(2n);
    expect(await value(answers.exact)).toBe(2n);
    expect((await answers.stale).error).toBeInstanceOf(WrongExpectedVersion);
    expect((await answers.stale).error).toMatchObject({ actual: 0n });
    expect((await answers.taken).error).toBeInstanceOf(WrongExpectedVersion);
    expect((await answers.retry).value).toEqual(first);
    // existing-3 was asked for twice: the second waits, and goes alone after the group.
    expect((await answers.exists).error).toBeInstanceOf(WrongExpectedVersion);
    expect(statements.filter((name) => name.startsWith('es_append'))).toEqual(['es_append_no_stream', 'es_append_group', 'es_append_no_stream']);

    const { rows } = await pool.query<{ stream_name: string; revision: string; event_type: string }>(
      `select stream_name, revision::text, event_type from es_events order by tx_id, global_seq`,
    );
    const grouped = rows.filter((row) => ['fresh', 'any-new'].includes(row.stream_name) || row.event_type !== 'Seed');
    expect(grouped.filter((row) => row.stream_name === 'fresh').map((row) => [row.revision, row.event_type])).toEqual([
      ['0', 'A'],
      ['1', 'B'],
      ['2', 'C'],
    ]);
    expect(rows.filter((row) => row.stream_name === 'existing-3')).toHaveLength(1);
    expect(rows.filter((row) => row.stream_name === 'existing-1').map((row) => row.revision)).toEqual(['0', '1', '2']);
  });

  it('gives every event of a group one transaction, and positions that follow each stream in order', async () => {
    const { queryable, release } = gatedPool();
    const appender = new GroupAppender(queryable, { maxInFlight: 1, maxEventsPerGroup: 1000 });
    const opener = appender.append('opener', [newEvent('Open')], 'no_stream');
    const streams = Array.from({ length: 6 }, (_, index) => `stream-${index}`);
    const results = streams.map((stream) => appender.append(stream, [newEvent('A'), newEvent('B'), newEvent('C')], 'no_stream'));
    release();
    await opener;
    const answers = await Promise.all(results);

    const { rows } = await pool.query<{ stream_name: string; revision: string; tx: string; seq: string }>(
      `select stream_name, revision::text, tx_id::text as tx, global_seq::text as seq from es_events
        where stream_name like 'stream-%' order by tx_id, global_seq`,
    );
    expect(new Set(rows.map((row) => row.tx)).size).toBe(1);
    for (const stream of streams) {
      expect(rows.filter((row) => row.stream_name === stream).map((row) => row.revision)).toEqual(['0', '1', '2']);
    }
    // Each append's position is the one of its own last event.
    answers.forEach((answer, index) => {
      const last = rows.filter((row) => row.stream_name === streams[index]).at(-1)!;
      expect(answer.position).toBe(`${last.tx.padStart(20, '0')}.${last.seq.padStart(20, '0')}`);
    });
  });

  it('falls back to one statement per append when an event id repeats within a group', async () => {
    const { queryable, statements, release } = gatedPool();
    const appender = new GroupAppender(queryable, { maxInFlight: 1, maxEventsPerGroup: 1000 });
    const opener = appender.append('opener', [newEvent('Open')], 'no_stream');
    const shared = newEvent('Shared');
    const one = settled(appender.append('one', [shared], 'no_stream'));
    const two = settled(appender.append('two', [shared], 'no_stream'));
    const other = settled(appender.append('other', [newEvent('Other')], 'no_stream'));
    release();
    await opener;

    const answers = [await one, await two];
    expect(answers.filter((answer) => answer.value !== undefined)).toHaveLength(1);
    expect(answers.find((answer) => answer.error !== undefined)?.error).toBeInstanceOf(DuplicateEventId);
    expect((await other).value?.nextRevision).toBe(0n);
    expect(statements).toContain('es_append_group');
    const { rows } = await pool.query<{ count: string }>(`select count(*)::text from es_events where event_id = $1`, [shared.id]);
    expect(rows[0].count).toBe('1');
  });

  it('fails only the append whose data Postgres refuses, whatever the error, and stores the rest of its group', async () => {
    const { queryable, statements, release } = gatedPool();
    const appender = new GroupAppender(queryable, { maxInFlight: 1, maxEventsPerGroup: 1000 });
    const opener = appender.append('opener', [newEvent('Open')], 'no_stream');
    const honest = ['honest-1', 'honest-2', 'honest-3'].map((stream) => settled(appender.append(stream, [newEvent('Fine', { text: 'Chicken tikka' })], 'no_stream')));
    // jsonb refuses the escaped NUL (22P05), and a lone surrogate: neither is a unique violation.
    const nul = settled(appender.append('bad-nul', [newEvent('Bad', { text: 'a\u0000b' })], 'no_stream'));
    const surrogate = settled(appender.append('bad-surrogate', [newEvent('Bad', { text: 'a\ud800b' })], 'no_stream'));
    release();
    await opener;

    for (const answer of honest) expect((await answer).value?.nextRevision).toBe(0n);
    expect((await nul).error).toBeDefined();
    expect((await surrogate).error).toBeDefined();
    expect(statements).toContain('es_append_group');
    const { rows } = await pool.query<{ stream_name: string }>(`select stream_name from es_events order by stream_name`);
    expect(rows.map((row) => row.stream_name)).toEqual(['honest-1', 'honest-2', 'honest-3', 'opener']);
  });

  it('keeps a group within the event limit and sends the rest in the next group', async () => {
    const { queryable, statements, release } = gatedPool();
    const appender = new GroupAppender(queryable, { maxInFlight: 1, maxEventsPerGroup: 4 });
    const opener = appender.append('opener', [newEvent('Open')], 'no_stream');
    const results = ['a', 'b', 'c'].map((stream) => appender.append(stream, [newEvent('1'), newEvent('2')], 'no_stream'));
    release();
    await opener;
    expect((await Promise.all(results)).map((result) => result.nextRevision)).toEqual([1n, 1n, 1n]);
    // a and b together (4 events), then c alone through the single-append statement.
    expect(statements.slice(1)).toEqual(['es_append_group', 'es_append_no_stream']);
  });
});
