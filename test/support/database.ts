import { randomBytes } from 'node:crypto';
import pg from 'pg';

const TEMPLATE_DATABASE = 'shop_template';

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

/** A fresh, migrated database of its own for one suite. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin((client) => client.query(`create database ${name} template ${TEMPLATE_DATABASE}`));
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
