import { restoreBackup } from '../operations/backup';
import { openPersonalData } from '../server';
import { uploadsFolder } from '../uploads';
import { runTool, withShopDatabase } from './tool';

/**
 * `npm run restore -- <file>`, with the shop stopped, into a new data folder or database: every table and the
 * uploads of a backup (docs/operations.md, "Backups"). Refuses a running shop or a database that holds anything.
 */
runTool(async ([file]) => {
  if (!file) throw new Error('Usage: npm run restore -- <file>');
  await withShopDatabase(async ({ config, pool }) => {
    const manifest = await restoreBackup(pool, { file, uploadsDir: uploadsFolder(config.dataDir) });
    const rows = Object.entries(manifest.counts).filter(([name]) => name !== 'uploads' && name !== 'public.schema_migrations').reduce((sum, [, count]) => sum + count, 0);
    console.log(`Restored ${rows} rows and ${manifest.counts.uploads ?? 0} uploaded files from ${file} (taken ${manifest.createdAt}).`);
    await openPersonalData(config, pool)
      .assertMasterKey()
      .catch((error: unknown) => console.log(`Before starting the shop: ${error instanceof Error ? error.message : String(error)}.`));
  });
});
