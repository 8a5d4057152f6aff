import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTypeParserPreset, sql } from 'slonik';
import { NestedAcquireError } from '../../src/db/nested-acquire-guard';
import { createDatabasePool, DataIntegrityError, NotFoundError, type DatabasePool, type PoolOptions } from '../../src/db/pool';
import { createTestDatabase, TestDatabase } from '../support/database';
import { until } from '../support/until';

const noRows = sql.unsafe`select 1 as n where false`;
const oneRow = sql.unsafe`select 1 as n`;
const twoRows = sql.unsafe`select n from generate_series(1, 2) as n`;

const raiseRetriableConflict = (code: string) =>
  sql.unsafe`do $$ begin raise exception 'test: conflict' using errcode = ${sql.literalValue(code)}; end $$`;

/**
 * The first value `text` answers, read through a pool in a new Node process whose local time zone is
 * `timeZone`: Jest hands tests a copy of process.env, so TZ cannot be changed in this one.
 */
async function firstValueInTimeZone(url: string, timeZone: string, text: string): Promise<unknown> {
  const script = `
    const { createDatabasePool } = require(${JSON.stringify(path.resolve(__dirname, '../../src/db/pool.ts'))});
    createDatabasePool(process.argv[1]).then(async (pool) => {
      const value = await pool.oneFirst({ sql: process.argv[2], values: [] });
      await pool.end();
      process.stdout.write(JSON.stringify(value));
    });`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script, url, text], {
    env: { ...process.env, TZ: timeZone },
  });
  return JSON.parse(stdout);
}

describe('database pool', () => {
  let database: TestDatabase;
  let pool: DatabasePool;
  const extraPools: DatabasePool[] = [];

  /** A pool of one connection, so that consecutive queries are known to share it. */
  async function singleConnectionPool(options: PoolOptions = {}): Promise<DatabasePool> {
    const created = await createDatabasePool(database.url, { maximumPoolSize: 1, ...options });
    extraPools.push(created);
    return created;
  }

  const notes = () => pool.anyFirst(sql.unsafe`select body from notes order by id`);

  // One database for the file (a copy of the template costs a fraction of a second to a few on a busy host, and
  // there are 30-odd tests); each test gets a new pool and an empty `notes` of its own, numbered from 1 again.
  // Tables a test creates besides have names of their own and are read by nobody else.
  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  beforeEach(async () => {
    pool = await createDatabasePool(database.url);
    await pool.query(sql.unsafe`drop table if exists notes`);
    await pool.query(sql.unsafe`create table notes (id serial primary key, body text not null unique)`);
  });

  afterEach(async () => {
    await Promise.all(extraPools.splice(0).map((extra) => extra.end()));
    await pool.end();
  });

  describe('row-count contracts', () => {
    it('one returns the single row, and refuses none (NotFoundError) or two (DataIntegrityError)', async () => {
      expect(await pool.one(oneRow)).toEqual({ n: 1 });
      await expect(pool.one(noRows)).rejects.toBeInstanceOf(NotFoundError);
      await expect(pool.one(twoRows)).rejects.toBeInstanceOf(DataIntegrityError);
    });

    it('maybeOne returns null for none and the row for one, and refuses two', async () => {
      expect(await pool.maybeOne(noRows)).toBeNull();
      expect(await pool.maybeOne(oneRow)).toEqual({ n: 1 });
      await expect(pool.maybeOne(twoRows)).rejects.toBeInstanceOf(DataIntegrityError);
    });

    it('many returns every row and refuses none; any accepts none', async () => {
      expect(await pool.many(twoRows)).toEqual([{ n: 1 }, { n: 2 }]);
      await expect(pool.many(noRows)).rejects.toBeInstanceOf(NotFoundError);
      expect(await pool.any(noRows)).toEqual([]);
    });

    it('oneFirst, maybeOneFirst and anyFirst answer the first column', async () => {
      const twoColumns = sql.unsafe`select 'left' as first, 'right' as second`;
      expect(await pool.oneFirst(twoColumns)).toBe('left');
      expect(await pool.maybeOneFirst(twoColumns)).toBe('left');
      expect(await pool.maybeOneFirst(noRows)).toBeNull();
      expect(await pool.anyFirst(sql.unsafe`select n * 10 as tens, n from generate_series(1, 3) as n`)).toEqual([10, 20, 30]);
      await expect(pool.oneFirst(noRows)).rejects.toBeInstanceOf(NotFoundError);
      await expect(pool.maybeOneFirst(twoRows)).rejects.toBeInstanceOf(DataIntegrityError);
    });

    it('query answers the rows and the count of rows a statement changed', async () => {
      await pool.query(sql.unsafe`insert into notes (body) values ('a'), ('b'), ('c')`);
      const result = await pool.query(sql.unsafe`update notes set body = body || '!' where body <> ${'b'}`);
      expect(result.rowCount).toBe(2);
      expect(result.rows).toEqual([]);
    });
  });

  describe('type parsing, as slonik parses', () => {
    const slonikParsers = new Map(createTypeParserPreset().map((parser) => [parser.name, parser.parse]));

    it.each([
      ['int8', '9007199254740993', 9007199254740993n],
      ['numeric', '12.50', 12.5],
      ['timestamptz', '2024-03-01 12:34:56.789+00', Date.UTC(2024, 2, 1, 12, 34, 56, 789)],
      ['timestamptz', '2024-03-01 12:34:56.789+05:30', Date.UTC(2024, 2, 1, 7, 4, 56, 789)],
      ['timestamptz', 'infinity', Number.POSITIVE_INFINITY],
      ['timestamp', '2024-03-01 12:34:56.789', Date.UTC(2024, 2, 1, 12, 34, 56, 789)],
      ['timestamp', '-infinity', Number.NEGATIVE_INFINITY],
      ['date', '2024-03-01', '2024-03-01'],
    ])('reads %s %s as %p', async (type, input, expected) => {
      const row = await pool.transaction(async (tx) => {
        // A session zone other than UTC: timestamptz text then carries an offset that must be honoured.
        await tx.query(sql.unsafe`set local time zone 'Asia/Kolkata'`);
        return tx.one(sql.unsafe`
          select cast(${input} as ${sql.identifier([type])}) as value,
                 cast(cast(${input} as ${sql.identifier([type])}) as text) as text`);
      });
      expect(row.value).toEqual(expected);
      expect(row.value).toEqual(slonikParsers.get(type)!(row.text));
    });

    it('reads a timestamp without time zone as UTC, whatever the time zone of the Node process', async () => {
      const read = await firstValueInTimeZone(database.url, 'America/New_York', `select '2024-03-01 12:34:56.789'::timestamp`);
      expect(read).toBe(Date.UTC(2024, 2, 1, 12, 34, 56, 789));
    });

    it('leaves null as null and other types as pg reads them', async () => {
      const row = await pool.one(sql.unsafe`select null::int8 as missing, 42::int4 as small, true as flag, 'x'::text as label`);
      expect(row).toEqual({ missing: null, small: 42, flag: true, label: 'x' });
    });
  });

  describe('values built with the sql tag', () => {
    it('binds sql.jsonb, quotes and all', async () => {
      const document = { name: `it's "quoted"`, items: [1, 'two', { three: true }], none: null };
      const row = await pool.one(sql.unsafe`select ${sql.jsonb(document)} as value, jsonb_typeof(${sql.jsonb(document)}) as kind`);
      expect(row).toEqual({ value: document, kind: 'object' });
    });

    it('binds sql.array as one typed array parameter', async () => {
      const texts = ['a,b', 'c"d', '{e}'];
      expect(await pool.oneFirst(sql.unsafe`select ${sql.array(texts, 'text')} as value`)).toEqual(texts);
      const picked = await pool.anyFirst(sql.unsafe`
        select n from generate_series(1, 5) as n where n = any(${sql.array([2, 4], 'int4')}) order by n`);
      expect(picked).toEqual([2, 4]);
    });

    it('quotes sql.identifier, so odd table and column names work', async () => {
      const table = sql.identifier(['public', 'Odd "table" name']);
      const column = sql.identifier(['Mixed Case']);
      await pool.query(sql.unsafe`create table ${table} (${column} text)`);
      await pool.query(sql.unsafe`insert into ${table} (${column}) values (${'kept'})`);
      expect(await pool.oneFirst(sql.unsafe`select ${column} from ${table}`)).toBe('kept');
    });

    it('binds sql.unnest as one array per column', async () => {
      const rows = [
        ['first', 1],
        ['second', 2],
      ];
      await pool.query(sql.unsafe`
        insert into notes (body) select body || '-' || n from ${sql.unnest(rows, ['text', 'int4'])} as input (body, n)`);
      expect(await notes()).toEqual(['first-1', 'second-2']);
    });

    it('numbers the values of nested sql.fragment and sql.join correctly, past nine placeholders', async () => {
      const bodies = Array.from({ length: 11 }, (_, index) => `note ${index + 1}`);
      await pool.query(sql.unsafe`insert into notes (body) values ${sql.join(
        bodies.map((body) => sql.fragment`(${body})`),
        sql.fragment`, `,
      )}`);
      const condition = sql.fragment`body like ${'note 1%'} and id > ${1}`;
      const matched = await pool.anyFirst(sql.unsafe`select body from notes where ${condition} order by id`);
      expect(matched).toEqual(['note 10', 'note 11']);
      expect(await notes()).toEqual(bodies);
    });
  });

  describe('transactions', () => {
    it('commits when the handler resolves, and nothing is visible to others before that', async () => {
      const seenFromOutside = await pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`insert into notes (body) values ('committed')`);
        return notes();
      });
      expect(seenFromOutside).toEqual([]);
      expect(await notes()).toEqual(['committed']);
    });

    it('rolls back when the handler throws, rethrows the error and frees the connection', async () => {
      const single = await singleConnectionPool();
      const failure = new Error('handler failed');
      const attempt = single.transaction(async (tx) => {
        await tx.query(sql.unsafe`insert into notes (body) values ('rolled back')`);
        throw failure;
      });
      await expect(attempt).rejects.toBe(failure);
      // The only connection is back in the pool and no longer inside a transaction.
      expect(await single.oneFirst(sql.unsafe`select count(*)::int from notes`)).toBe(0);
      expect(await single.oneFirst(sql.unsafe`select txid_current_if_assigned()`)).toBeNull();
    });

    it('rolls back a nested transaction alone: a savepoint, the outer work kept', async () => {
      await pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`insert into notes (body) values ('outer before')`);
        const nested = tx.transaction(async (inner) => {
          await inner.query(sql.unsafe`insert into notes (body) values ('inner')`);
          // A failing statement, not only a thrown error: the savepoint must also clear the aborted state.
          await inner.query(sql.unsafe`insert into notes (body) values ('outer before')`);
        });
        await expect(nested).rejects.toMatchObject({ code: '23505' });
        await tx.query(sql.unsafe`insert into notes (body) values ('outer after')`);
      });
      expect(await notes()).toEqual(['outer before', 'outer after']);
    });

    it('keeps the work of a nested transaction that succeeds, two levels deep', async () => {
      await pool.transaction(async (tx) => {
        await tx.transaction(async (inner) => {
          await inner.query(sql.unsafe`insert into notes (body) values ('level 1')`);
          await inner.transaction(async (deepest) => {
            await deepest.query(sql.unsafe`insert into notes (body) values ('level 2')`);
          });
        });
      });
      expect(await notes()).toEqual(['level 1', 'level 2']);
    });

    it.each([
      ['a serialization failure', '40001'],
      ['a deadlock', '40P01'],
    ])('retries after %s, keeping only the work of the attempt that committed', async (_, code) => {
      let attempts = 0;
      const result = await pool.transaction(async (tx) => {
        attempts += 1;
        await tx.query(sql.unsafe`insert into notes (body) values (${`attempt ${attempts}`})`);
        if (attempts === 1) await tx.query(raiseRetriableConflict(code));
        return attempts;
      });
      expect(result).toBe(2);
      expect(await notes()).toEqual(['attempt 2']);
    });

    it.each([0, 2])('stops after retryLimit %i retries and rethrows the serialization failure', async (retryLimit) => {
      let attempts = 0;
      const attempt = pool.transaction(async (tx) => {
        attempts += 1;
        await tx.query(raiseRetriableConflict('40001'));
      }, retryLimit);
      await expect(attempt).rejects.toMatchObject({ code: '40001' });
      expect(attempts).toBe(retryLimit + 1);
    });

    it('does not retry any other failure', async () => {
      let attempts = 0;
      const attempt = pool.transaction(async (tx) => {
        attempts += 1;
        await tx.query(sql.unsafe`select 1 / 0`);
      });
      await expect(attempt).rejects.toMatchObject({ code: '22012' });
      expect(attempts).toBe(1);
    });
  });

  describe('a second connection asked for from inside a transaction (issue 28)', () => {
    it('is refused by a guarded pool, naming the fix; the transaction rolls back, work outliving it is free; unguarded, it is not looked for', async () => {
      // One connection: unguarded, the query inside would wait for it forever.
      const guarded = await singleConnectionPool({ refuseNestedAcquire: true });
      let outliving: Promise<unknown> | undefined;
      const nested = guarded.transaction(async (tx) => {
        await tx.query(sql.unsafe`insert into notes (body) values ('rolled back')`);
        outliving = new Promise((resolve) => setImmediate(resolve)).then(() => guarded.anyFirst(sql.unsafe`select body from notes`));
        await guarded.query(sql.unsafe`select 1`);
      });
      await expect(nested).rejects.toThrow(NestedAcquireError);
      await expect(nested).rejects.toThrow(/on the transaction's tx, or before or after the transaction/);
      await expect(guarded.transaction(() => guarded.transaction(async () => 'inner'))).rejects.toThrow(NestedAcquireError);
      expect(await outliving).toEqual([]);
      // The transaction's own connection, and a savepoint on it, are what its handler uses.
      await guarded.transaction(async (tx) => tx.transaction(async (inner) => inner.query(sql.unsafe`insert into notes (body) values ('kept')`)));
      expect(await notes()).toEqual(['kept']);
      // Unguarded (production), nothing is looked for: this pool has a second connection to give.
      const unguarded = await createDatabasePool(database.url, { maximumPoolSize: 2 });
      extraPools.push(unguarded);
      expect(await unguarded.transaction(() => unguarded.oneFirst(sql.unsafe`select 'answered'`))).toBe('answered');
    });

    it('withAdvisoryLock holds its lock outside the pool: work may use the pool, and holders take turns', async () => {
      const single = await singleConnectionPool({ refuseNestedAcquire: true });
      const order: string[] = [];
      let releaseFirst!: () => void;
      const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
      const first = single.withAdvisoryLock('test lock', async () => {
        order.push('first in');
        await single.query(sql.unsafe`insert into notes (body) values ('by the first')`);
        await firstHolds;
        order.push('first out');
      });
      await until(() => order.includes('first in'), 'the first holder in');
      const second = single.withAdvisoryLock('test lock', async () => void order.push('second in'));
      const waiting = sql.unsafe`select count(*)::int from pg_locks where locktype = 'advisory' and not granted`;
      await until(async () => (await single.oneFirst(waiting)) === 1, 'the second holder waiting for the lock');
      releaseFirst();
      await Promise.all([first, second]);
      expect(order).toEqual(['first in', 'first out', 'second in']);
      expect(await notes()).toEqual(['by the first']);
    });
  });

  describe('prepared statements', () => {
    it('prepares a query text once per connection and runs it again with other values', async () => {
      const single = await singleConnectionPool();
      const doubled = (n: number) => sql.unsafe`select ${n}::int * 2 as doubled`;
      expect(await single.oneFirst(doubled(2))).toBe(4);
      expect(await single.oneFirst(doubled(21))).toBe(42);
      const prepared = await single.anyFirst(sql.unsafe`
        select statement from pg_prepared_statements where statement like 'select $1::int * 2%'`);
      expect(prepared).toEqual(['select $1::int * 2 as doubled']);
    });

    it('runs a query text again after its first run failed to prepare', async () => {
      const single = await singleConnectionPool();
      const readLater = sql.unsafe`select body from created_later`;
      await expect(single.any(readLater)).rejects.toMatchObject({ code: '42P01' });
      await single.query(sql.unsafe`create table created_later (body text)`);
      await single.query(sql.unsafe`insert into created_later values ('there now')`);
      expect(await single.anyFirst(readLater)).toEqual(['there now']);
    });
  });
});
