import pino from 'pino';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { createDatabasePool } from '../db/pool';
import { openEventStore, openPersonalData } from '../server';
import { ProjectionRunner, resetProjection } from '../projections/runner';
import { startStoreWaker } from '../projections/waker';
import { allProjections } from '../../projections';

/**
 * `npm run replay -- <projection>`: rebuilds a read model from the first event. Works with the shop stopped
 * (this process replays) or running (the shop's runner, which holds the projection's lock, replays).
 */
async function replay(name: string | undefined): Promise<void> {
  const projections = allProjections();
  const projection = projections.find((candidate) => candidate.name === name);
  if (!projection) {
    throw new Error(`Usage: npm run replay -- <projection>\nProjections: ${projections.map((p) => p.name).join(', ')}`);
  }
  const config = loadConfig();
  const logger = pino({ level: 'warn' });
  const database = await openDatabase(config, logger, { forTool: true });
  const pool = await createDatabasePool(database.url);
  // Through the shop's event versioning: old events replay as today's.
  const store = await openEventStore(config, database.url, openPersonalData(config, pool));
  const waker = startStoreWaker(store);
  const runner = new ProjectionRunner(projection, { store, pool, databaseUrl: database.url, waker, pollIntervalMs: 100 });
  try {
    const started = performance.now();
    await resetProjection(pool, projection, store);
    const head = await store.headPosition();
    runner.start();
    await runner.waitFor(head, 60 * 60 * 1000);
    const seconds = (performance.now() - started) / 1000;
    console.log(`Rebuilt ${projection.name} up to ${head} in ${seconds.toFixed(2)} s`);
  } finally {
    await runner.stop();
    await waker.stop();
    await store.close();
    await pool.end();
    await database.close();
  }
}

replay(process.argv[2]).catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
