import { openEventStore, openPersonalData } from '../server';
import { resetProjection } from '../projections/runner';
import { catchUpProjections } from '../operations/rebuild';
import { allProjections } from '../../projections';
import { runTool, withShopDatabase } from './tool';

/**
 * `npm run replay -- <projection>`: rebuilds a read model from the first event. Works with the shop stopped
 * (this process replays) or running (the shop's runner, which holds the projection's lock, replays).
 */
runTool(async ([name]) => {
  const projections = allProjections();
  const projection = projections.find((candidate) => candidate.name === name);
  if (!projection) {
    throw new Error(`Usage: npm run replay -- <projection>\nProjections: ${projections.map((p) => p.name).join(', ')}`);
  }
  await withShopDatabase(async ({ config, databaseUrl, pool }) => {
    // Through the shop's event versioning: old events replay as today's.
    const store = await openEventStore(config, databaseUrl, openPersonalData(config, pool));
    try {
      const started = performance.now();
      await resetProjection(pool, projection, store);
      await catchUpProjections({ projections: [projection], store, pool, databaseUrl });
      const seconds = (performance.now() - started) / 1000;
      console.log(`Rebuilt ${projection.name} up to ${await store.lastCommittedPosition()} in ${seconds.toFixed(2)} s`);
    } finally {
      await store.close();
    }
  });
});
