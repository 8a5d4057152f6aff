import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export const MIGRATIONS_DIR = path.resolve(__dirname, '..', '..', 'migrations');

export class MigrationError extends Error {
  override name = 'MigrationError';
}

interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

function migrationFiles(dir: string): MigrationFile[] {
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d+_[\w-]+\.sql$/.test(name))
    .sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b))
    .map((name) => {
      const sql = fs.readFileSync(path.join(dir, name), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies the numbered SQL files in order, each once and each in its own transaction, recording them in
 * schema_migrations. An advisory lock keeps two instances starting together from racing. A failing file
 * stops start-up and is named; a file edited after it was applied is refused.
 */
export async function migrate(url: string, options: { dir?: string; log?: (line: string) => void } = {}): Promise<string[]> {
  const files = migrationFiles(options.dir ?? MIGRATIONS_DIR);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("select pg_advisory_lock(hashtext('schema_migrations'))");
    await client.query(`create table if not exists schema_migrations (
      name text primary key, checksum text not null, applied_at timestamptz not null default now())`);
    const done = new Map(
      (await client.query<{ name: string; checksum: string }>('select name, checksum from schema_migrations')).rows.map(
        (row) => [row.name, row.checksum],
      ),
    );
    for (const file of files) {
      const checksum = done.get(file.name);
      if (checksum !== undefined) {
        if (checksum !== file.checksum) {
          throw new MigrationError(`Migration ${file.name} was changed after it was applied; add a new file instead`);
        }
        continue;
      }
      try {
        await client.query('begin');
        await client.query(file.sql);
        await client.query('insert into schema_migrations (name, checksum) values ($1, $2)', [file.name, file.checksum]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw new MigrationError(`Migration ${file.name} failed: ${(error as Error).message}`);
      }
      applied.push(file.name);
      options.log?.(`Applied migration ${file.name}`);
    }
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('schema_migrations'))").catch(() => undefined);
    await client.end();
  }
  return applied;
}
