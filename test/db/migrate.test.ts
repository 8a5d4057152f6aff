import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrate, MigrationError } from '../../src/db/migrate';

const serverUrl = () => process.env.TEST_POSTGRES_URL!;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

describe('migrate', () => {
  const databases: string[] = [];
  const dirs: string[] = [];

  /** An empty database: no template, so no schema_migrations either. */
  async function emptyDatabase(): Promise<string> {
    const name = `m_${randomBytes(6).toString('hex')}`;
    await admin((client) => client.query(`create database ${name}`));
    databases.push(name);
    const url = new URL(serverUrl());
    url.pathname = `/${name}`;
    return url.toString();
  }

  function migrationsDir(files: Record<string, string>): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
    dirs.push(dir);
    for (const [name, sql] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), sql);
    return dir;
  }

  async function query<Row extends pg.QueryResultRow>(url: string, text: string): Promise<Row[]> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<Row>(text)).rows;
    } finally {
      await client.end();
    }
  }

  const recorded = async (url: string) =>
    (await query<{ name: string; checksum: string }>(url, 'select name, checksum from schema_migrations order by applied_at, name'));

  const tableExists = async (url: string, table: string) =>
    (await query<{ found: string | null }>(url, `select to_regclass('public.${table}')::text as found`))[0].found !== null;

  afterAll(async () => {
    await admin(async (client) => {
      for (const name of databases) await client.query(`drop database if exists ${name} with (force)`);
    });
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('applies the files in numeric order, each once, and records them', async () => {
    const url = await emptyDatabase();
    const files = {
      '1_log.sql': 'create table applied (seq serial primary key, file int not null);\ninsert into applied (file) values (1);',
      '2_two.sql': 'insert into applied (file) values (2);',
      // 10 needs the table 9 creates: in name order it would run first and fail.
      '10_ten.sql': 'alter table nine add column ten int;\ninsert into applied (file) values (10);',
      '9_nine.sql': 'create table nine (id int);\ninsert into applied (file) values (9);',
      'README.md': 'not a migration',
      'notes_1.sql': 'select this is not a migration either;',
    };
    const dir = migrationsDir(files);

    const lines: string[] = [];
    expect(await migrate(url, { dir, log: (line) => lines.push(line) })).toEqual([
      '1_log.sql',
      '2_two.sql',
      '9_nine.sql',
      '10_ten.sql',
    ]);
    expect(lines).toEqual(['1_log.sql', '2_two.sql', '9_nine.sql', '10_ten.sql'].map((name) => `Applied migration ${name}`));
    expect((await query<{ file: number }>(url, 'select file from applied order by seq')).map((row) => row.file)).toEqual([
      1, 2, 9, 10,
    ]);
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    expect(await recorded(url)).toEqual(
      (['1_log.sql', '2_two.sql', '9_nine.sql', '10_ten.sql'] as const).map((name) => ({
        name,
        checksum: sha256(files[name]),
      })),
    );

    expect(await migrate(url, { dir })).toEqual([]);
    expect(await query(url, 'select file from applied')).toHaveLength(4);

    fs.writeFileSync(path.join(dir, '11_eleven.sql'), 'insert into applied (file) values (11);');
    expect(await migrate(url, { dir })).toEqual(['11_eleven.sql']);
    expect((await query<{ file: number }>(url, 'select file from applied order by seq')).map((row) => row.file)).toEqual([
      1, 2, 9, 10, 11,
    ]);
  });

  it('stops at a failing file, names it, and leaves nothing of it behind', async () => {
    const url = await emptyDatabase();
    const dir = migrationsDir({
      '1_ok.sql': 'create table ok (id int);',
      '2_broken.sql': 'create table half (id int);\ninsert into half values (1);\nselect * from no_such_table;',
      '3_after.sql': 'create table after_broken (id int);',
    });

    const failure = await migrate(url, { dir }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toContain('2_broken.sql');
    expect((failure as Error).message).toContain('no_such_table');

    expect(await tableExists(url, 'ok')).toBe(true);
    expect(await tableExists(url, 'half')).toBe(false);
    expect(await tableExists(url, 'after_broken')).toBe(false);
    expect((await recorded(url)).map((row) => row.name)).toEqual(['1_ok.sql']);

    // A file that never applied may still be corrected; the next start carries on from it.
    fs.writeFileSync(path.join(dir, '2_broken.sql'), 'create table half (id int);');
    expect(await migrate(url, { dir })).toEqual(['2_broken.sql', '3_after.sql']);
    expect(await tableExists(url, 'half')).toBe(true);
  });

  it('refuses a file edited after it was applied, naming it, and applies nothing after it', async () => {
    const url = await emptyDatabase();
    const dir = migrationsDir({
      '1_first.sql': 'create table first (id int);',
      '2_second.sql': 'create table second (id int);',
    });
    await migrate(url, { dir });

    fs.writeFileSync(path.join(dir, '2_second.sql'), 'create table second (id int, extra text);');
    fs.writeFileSync(path.join(dir, '3_third.sql'), 'create table third (id int);');
    const failure = await migrate(url, { dir }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(MigrationError);
    expect((failure as Error).message).toContain('2_second.sql');
    expect((failure as Error).message).not.toContain('1_first.sql');
    expect(await tableExists(url, 'third')).toBe(false);
    expect((await recorded(url)).map((row) => row.name)).toEqual(['1_first.sql', '2_second.sql']);
  });

  it('applies each file once when two instances migrate at the same moment', async () => {
    const url = await emptyDatabase();
    const dir = migrationsDir({
      '1_table.sql': 'create table once (id int);',
      '2_slow.sql': 'select pg_sleep(0.2);\ninsert into once values (2);',
      '3_more.sql': 'insert into once values (3);',
    });
    const [first, second] = await Promise.all([migrate(url, { dir }), migrate(url, { dir })]);
    expect([...first, ...second].sort()).toEqual(['1_table.sql', '2_slow.sql', '3_more.sql']);
    expect(await query(url, 'select id from once order by id')).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it('applies the shop\'s own migrations to an empty database', async () => {
    const url = await emptyDatabase();
    const applied = await migrate(url);
    expect(applied.length).toBeGreaterThan(0);
    expect(applied[0]).toMatch(/^0*1_/);
    const numbers = applied.map((name) => parseInt(name, 10));
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const table of ['es_events', 'sessions', 'users', 'login_failures']) expect(await tableExists(url, table)).toBe(true);
    expect(await migrate(url)).toEqual([]);
  });
});
