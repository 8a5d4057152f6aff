import { backupShop } from '../operations/backup';
import { uploadsFolder } from '../uploads';
import { runTool, withShopDatabase } from './tool';

/**
 * `npm run backup -- <file>`: one consistent snapshot of every table the shop owns and the uploads folder, into
 * one gzip'd file (docs/operations.md, "Backups"). Works with the shop running. The master key is not in it.
 */
runTool(async ([file]) => {
  if (!file) throw new Error('Usage: npm run backup -- <file>');
  await withShopDatabase(async ({ config, pool }) => {
    const manifest = await backupShop(pool, { file, uploadsDir: uploadsFolder(config.dataDir) });
    const tables = Object.keys(manifest.counts).filter((name) => name !== 'uploads').length;
    console.log(`Backed up ${tables} tables and ${manifest.counts.uploads ?? 0} uploaded files to ${file}; sha256 ${manifest.sha256}.`);
    if (config.EVENT_STORE === 'esdb') console.log('The events are in EventStoreDB, not in this backup: back EventStoreDB up with its own tools at the same time.');
    console.log(
      'Reminder: the personal-data master key is not in the backup. Keep PERSONAL_DATA_MASTER_KEY (or DATA_DIR/personal-data-master-key) ' +
        'safe, apart from the backups: without it nobody in a restored shop can be read, and whoever holds both can read everyone.',
    );
  });
});
