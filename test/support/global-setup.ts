import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { migrate } from '../../src/db/migrate';
import { ensureWebBuild } from '../../src/web-build';

export const TEMPLATE_DATABASE = 'shop_template';

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
  process.env.TEST_POSTGRES_URL = postgres.url('postgres');
  (globalThis as Record<string, unknown>).__shopTestPostgres = { postgres, dataDir };
}
