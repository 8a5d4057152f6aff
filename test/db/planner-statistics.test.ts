import pg from 'pg';
import { sql } from 'slonik';
import { analyzeGrownTables } from '../../src/db/planner-statistics';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool';
import { createTestDatabase, type TestDatabase } from '../support/database';

describe('analyzing grown tables', () => {
  let database: TestDatabase;
  let pool: DatabasePool;
  /** Writes rows on a connection of its own, which sends its table statistics at once. */
  let writer: pg.Client;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await createDatabasePool(database.url);
    writer = new pg.Client({ connectionString: database.url });
    await writer.connect();
  });
  afterAll(async () => {
    await writer.end();
    await pool.end();
    await database.drop();
  });

  async function insertRows(table: string, count: number): Promise<void> {
    await writer.query(`insert into ${table} select generate_series(1, $1::int)`, [count]);
    await writer.query('select pg_stat_force_next_flush()');
    await writer.query('select 1');
  }

  const rowsCounted = (table: string) => pool.oneFirst(sql.unsafe`select reltuples::int from pg_class where relname = ${table}`);

  it('analyzes the tables never analyzed, then only a table that has doubled since', async () => {
    expect(await analyzeGrownTables(pool)).toEqual(expect.arrayContaining(['public.es_events', 'public.es_streams']));
    expect(await analyzeGrownTables(pool)).toEqual([]);

    await writer.query('create table planner_probe (n int)');
    expect(await analyzeGrownTables(pool)).toEqual(['public.planner_probe']);

    await insertRows('planner_probe', 1500);
    expect(await analyzeGrownTables(pool)).toEqual(['public.planner_probe']);
    expect(await rowsCounted('planner_probe')).toBe(1500);
    expect(await analyzeGrownTables(pool)).toEqual([]);

    await insertRows('planner_probe', 1400); // 2,900 rows: short of twice the 1,500 counted
    expect(await analyzeGrownTables(pool)).toEqual([]);
    await insertRows('planner_probe', 100);
    expect(await analyzeGrownTables(pool)).toEqual(['public.planner_probe']);
    expect(await rowsCounted('planner_probe')).toBe(3000);
  });

  it('leaves the tables of other schemas to their owners', async () => {
    await writer.query('create schema elsewhere');
    await writer.query('create table elsewhere.other_probe (n int)');
    await insertRows('elsewhere.other_probe', 1500);
    expect(await analyzeGrownTables(pool)).toEqual([]);
  });

  it('leaves a table of fewer than a thousand rows alone however much it grows', async () => {
    await writer.query('create table small_probe (n int)');
    await analyzeGrownTables(pool);
    await insertRows('small_probe', 999);
    expect(await analyzeGrownTables(pool)).toEqual([]);
    await insertRows('small_probe', 1);
    expect(await analyzeGrownTables(pool)).toEqual(['public.small_probe']);
  });
});
