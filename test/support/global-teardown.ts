import fs from 'node:fs';
import { removeSystemCluster, type EmbeddedPostgres } from '../../src/db/embedded-postgres';

export default async function globalTeardown(): Promise<void> {
  const handle = (globalThis as Record<string, unknown>).__shopTestPostgres as
    | { postgres: EmbeddedPostgres; dataDir: string }
    | undefined;
  if (!handle) return;
  await handle.postgres.stop();
  fs.rmSync(handle.dataDir, { recursive: true, force: true });
  removeSystemCluster(handle.dataDir);
}
