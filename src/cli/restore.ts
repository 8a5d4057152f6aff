import pino from 'pino';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { createDatabasePool } from '../db/pool';
import { restoreBackup } from '../operations/backup';
import { openPersonalData } from '../server';
import { uploadsFolder } from '../uploads';

/**
 * `npm run restore -- <file>`, with the shop stopped, into a new data folder or database: every table and the
 * uploads of a backup (docs/operations.md, "Backups"). Refuses a running shop or a database that holds anything.
 */
async function main(file: string | undefined): Promise<void> {
  if (!file) throw new Error('Usage: npm run restore -- <file>');
  const config = loadConfig();
  const database = await openDatabase(config, pino({ level: 'warn' }), { forTool: true });
  const pool = await createDatabasePool(database.url);
  try {
    const manifest = await restoreBackup(pool, { file, uploadsDir: uploadsFolder(config.dataDir) });
    const rows = Object.entries(manifest.counts).filter(([name]) => name !== 'uploads' && name !== 'public.schema_migrations').reduce((sum, [, count]) => sum + count, 0);
    console.log(`Restored ${rows} rows and ${manifest.counts.uploads ?? 0} uploaded files from ${file} (taken ${manifest.createdAt}).`);
    await openPersonalData(config, pool)
      .assertMasterKey()
      .catch((error: unknown) => console.log(`Before starting the shop: ${error instanceof Error ? error.message : String(error)}.`));
  } finally {
    await pool.end();
    await database.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
