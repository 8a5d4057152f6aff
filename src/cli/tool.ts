import pino from 'pino';
import { loadConfig, type Config } from '../config';
import { openDatabase } from '../db/open-database';
import { createDatabasePool, type DatabasePool } from '../db/pool';

/** Runs a command-line tool with its arguments: a failure prints its plain message and exits with 1. */
export function runTool(main: (args: string[]) => Promise<void>): void {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}

/** The shop's configuration and database (the embedded one, or DATABASE_URL) with a pool on it, for `work`'s time. */
export async function withShopDatabase<T>(work: (shop: { config: Config; databaseUrl: string; pool: DatabasePool }) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const database = await openDatabase(config, pino({ level: 'warn' }), { forTool: true });
  const pool = await createDatabasePool(database.url);
  try {
    return await work({ config, databaseUrl: database.url, pool });
  } finally {
    await pool.end();
    await database.close();
  }
}
