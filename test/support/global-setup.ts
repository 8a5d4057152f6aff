import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { migrate } from '../../src/db/migrate';
import { ensureWebBuild } from '../../src/web-build';

export const TEMPLATE_DATABASE = 'shop_template';

/** One embedded Postgres for the whole run; each suite gets its own database cloned from a migrated template. */
export default async function globalSetup(): Promise<void> {
  // Built once, before any test worker starts: workers rebuilding at the same time would serve half a build.
  await ensureWebBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-pg-'));
  const postgres = await startEmbeddedPostgres({ dataDir, maxConnections: 400 });
  await postgres.createDatabase(TEMPLATE_DATABASE);
  await migrate(postgres.url(TEMPLATE_DATABASE));
  process.env.TEST_POSTGRES_URL = postgres.url('postgres');
  (globalThis as Record<string, unknown>).__shopTestPostgres = { postgres, dataDir };
}
