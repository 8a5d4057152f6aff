import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool';

/** The migrated database every test database is copied from (test/support/global-setup.ts). */
export const TEMPLATE_DATABASE = 'shop_template';
/** The migrated template after a test shop's first start (test/support/global-setup.ts). */
export const SEEDED_TEMPLATE_DATABASE = 'shop_seeded_template';
/**
 * The same, seeded on a shop clock set to SEEDED_EARLY_AT: for a test shop on a test clock at or after it, to which
 * the seeding is then the past, as it would be had the shop seeded on its own clock (test clocks are in late 2026).
 */
export const SEEDED_EARLY_TEMPLATE_DATABASE = 'shop_seeded_early_template';
export const SEEDED_EARLY_AT = '2026-11-01T00:00:00.000Z';

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.TEST_POSTGRES_URL;
  if (!url) throw new Error('TEST_POSTGRES_URL is not set: run the tests through jest (test/support/global-setup.ts)');
  return url;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database of its own for one suite, a copy of `template`: the migrated one unless a seeded one
 * is named (as a test shop leaves it after its first start: the demo menu, the test admin).
 */
export async function createTestDatabase(options: { template?: string } = {}): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const template = options.template ?? TEMPLATE_DATABASE;
  await withAdmin((client) => client.query(`create database ${name} template ${template}`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

/**
 * Commits to `name` wait for the disk again, as a shop started in production mode checks (the run's cluster does
 * not wait by default: global-setup.ts).
 */
export async function makeDurable(name: string): Promise<void> {
  await withAdmin((client) => client.query(`alter database ${name} set synchronous_commit = on`));
}

/**
 * A database of its own and a pool on it for one suite (describe block): created before its tests, ended and
 * dropped after them. `pool` may be taken at once; it forwards to the pool once the suite has started.
 */
export function suiteDatabase(): { pool: DatabasePool } {
  let database: TestDatabase | undefined;
  let pool: DatabasePool | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await createDatabasePool(database.url, { refuseNestedAcquire: true });
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });
  const started = () => {
    if (!pool) throw new Error('suiteDatabase: the pool is used before the suite started');
    return pool;
  };
  return {
    pool: new Proxy({} as DatabasePool, {
      get: (_, property) => {
        const value = Reflect.get(started(), property);
        return typeof value === 'function' ? value.bind(started()) : value;
      },
    }),
  };
}
