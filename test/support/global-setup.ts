import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { migrate } from '../../src/db/migrate';
import pg from 'pg';
import pino from 'pino';
import { startShop } from '../../src/server';
import { ensureWebBuild } from '../../src/web-build';
import { SEEDED_EARLY_AT, SEEDED_EARLY_TEMPLATE_DATABASE, SEEDED_TEMPLATE_DATABASE, TEMPLATE_DATABASE } from './database';
import { testShopConfig } from './server';

/**
 * The run's cluster is thrown away at its end and never outlives a crash of the machine, so a commit need not wait
 * for the disk: every test commits hundreds of times (a new shop's demo menu alone is about a hundred commands), and
 * on a busy host each flush is a wait. `fsync` stays on, as a shop started in production mode checks it (and its
 * database sets synchronous_commit back on: test/support/database.ts). What a transaction sees is unchanged, so
 * are the shop's own clusters (which set none of this).
 */
const SCRATCH_CLUSTER = { synchronous_commit: 'off', full_page_writes: 'off' };

/** One embedded Postgres for the whole run; each suite gets its own database cloned from a migrated template. */
export default async function globalSetup(): Promise<void> {
  // Built once, before any test worker starts: workers rebuilding at the same time would serve half a build.
  await ensureWebBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-pg-'));
  const postgres = await startEmbeddedPostgres({ dataDir, maxConnections: 400, settings: SCRATCH_CLUSTER });
  await postgres.createDatabase(TEMPLATE_DATABASE);
  await migrate(postgres.url(TEMPLATE_DATABASE));
  await seedTemplate(postgres, SEEDED_TEMPLATE_DATABASE);
  const early = new Date(SEEDED_EARLY_AT);
  await seedTemplate(postgres, SEEDED_EARLY_TEMPLATE_DATABASE, () => early);
  process.env.TEST_POSTGRES_URL = postgres.url('postgres');
  (globalThis as Record<string, unknown>).__shopTestPostgres = { postgres, dataDir };
}

/**
 * The migrated template after a test shop's first start, which seeds the demo menu and the admin: most suites'
 * shops start from a copy of it (test/support/server.ts) rather than seeding again, about 3 s a start. `clock`:
 * the shop's clock while it seeds, fixed (the early template's).
 */
async function seedTemplate(postgres: { url(database: string): string }, name: string, clock?: () => Date): Promise<void> {
  const admin = new pg.Client({ connectionString: postgres.url('postgres') });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-seed-'));
    const shop = await startShop(testShopConfig(postgres.url(name), dataDir), { clock, logger: pino({ level: 'silent' }) });
    await shop.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    // A copy needs the template to itself: the shop's connections may outlive its stop by a moment.
    for (let attempt = 0; ; attempt += 1) {
      const { rows } = await admin.query<{ count: string }>('select count(*) from pg_stat_activity where datname = $1', [name]);
      if (rows[0].count === '0') break;
      if (attempt === 100) throw new Error(`the seeded template still has ${rows[0].count} connections after its shop stopped`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.end();
  }
}
