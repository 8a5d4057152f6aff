import { exportEvents } from '../operations/event-archive';
import { openEventStoreAdapter } from '../server';
import { runTool, withShopDatabase } from './tool';

/**
 * `npm run export -- <file>`: every event of the store, in commit order, exactly as stored (sealed personal
 * fields stay ciphertext), as NDJSON with a manifest as the last line (docs/operations.md, "Export and import").
 * Works with the shop running or stopped; the file carries no keys.
 */
runTool(async ([file]) => {
  if (!file) throw new Error('Usage: npm run export -- <file>');
  await withShopDatabase(async ({ config, databaseUrl }) => {
    const store = await openEventStoreAdapter(config, databaseUrl);
    try {
      const manifest = await exportEvents(store, file);
      const counts = Object.entries(manifest.counts).map(([category, count]) => `${category} ${count}`).join(', ');
      console.log(`Exported ${manifest.total} events to ${file} (${counts}); sha256 ${manifest.sha256}.`);
      console.log('The file carries no keys: people read as [erased] in a shop it is imported into until the key store is restored from a backup.');
    } finally {
      await store.close();
    }
  });
});
