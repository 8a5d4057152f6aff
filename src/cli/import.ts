import { restoreKeyStore } from '../operations/backup';
import { importEvents } from '../operations/event-archive';
import { catchUpProjections } from '../operations/rebuild';
import { openEventStore, openEventStoreAdapter, openPersonalData, withholdImportedKeys } from '../server';
import { allProjections } from '../../projections';
import { runTool, withShopDatabase } from './tool';

/**
 * `npm run import -- <file> [--key-store <backup>]`, with the shop stopped, into a shop that has no event yet: checks the export's
 * manifest and checksum, appends every event with its stream revisions, then builds every read model from them
 * here, so the shop's next start finds them built (docs/operations.md, "Export and import"). With `--key-store`, a
 * backup's personal-data keys come first, so people open (under the same master key) instead of reading [erased].
 */
runTool(async (args) => {
  const keyStoreAt = args.indexOf('--key-store');
  const keyStore = keyStoreAt >= 0 ? args[keyStoreAt + 1] : undefined;
  const [file, ...rest] = args.filter((_, index) => keyStoreAt < 0 || (index !== keyStoreAt && index !== keyStoreAt + 1));
  if (!file || rest.length > 0 || (keyStoreAt >= 0 && !keyStore)) throw new Error('Usage: npm run import -- <file> [--key-store <backup file>]');
  await withShopDatabase(async ({ config, databaseUrl, pool }) => {
    const personalData = openPersonalData(config, pool);
    const adapter = await openEventStoreAdapter(config, databaseUrl);
    const store = await openEventStore(config, databaseUrl, personalData);
    try {
      let withheld = 0;
      // After the file is checked and the shop found empty, before the first event: nothing written on a refusal.
      const manifest = await importEvents(adapter, file, {
        beforeAppend: async (events) => {
          if (keyStore) console.log(`Restored the key store from ${keyStore} (${await restoreKeyStore(pool, keyStore)} rows).`);
          withheld = await withholdImportedKeys(personalData, events);
        },
      });
      console.log(`Imported ${manifest.total} events from ${file}; building the read models...`);
      await catchUpProjections({ projections: allProjections(), store, pool, databaseUrl });
      console.log('The read models are built: start the shop.');
      if (withheld > 0) {
        console.log(`${withheld} people's keys were not in the file: they read as [erased] until the key store is restored from a backup.`);
      }
    } finally {
      await store.close();
      await adapter.close();
    }
  });
});
