import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Clock } from '../core/clock';
import { openDatabase } from '../db/open-database';
import { ChangeNotices } from '../db/change-notices';
import { assertDurable } from '../db/durability';
import { analyzeGrownTables } from '../db/planner-statistics';
import { createDatabasePool } from '../db/pool';
import { openEventStore, openPersonalData } from './event-store';
import type { Stops } from './stops';

/** The database, its pool, the personal-data door, the event store and the change notices, each stopped with the shop. */
export async function openStorage(config: Config, clock: Clock, logger: Logger, stops: Stops) {
  const database = await openDatabase(config, logger);
  stops.add(() => database.close());
  const databaseUrl = database.url;
  if (config.NODE_ENV === 'production' && config.EVENT_STORE === 'postgres') await assertDurable(databaseUrl);

  // The nested-acquire guard only where the suite runs: it costs every promise a hook (src/db/pool.ts), and
  // `npm start` and the benches (production, or development for the fake card provider) measure the shop's speed.
  const pool = await createDatabasePool(databaseUrl, { refuseNestedAcquire: config.NODE_ENV === 'test' });
  stops.add(() => pool.end());
  // Before the read models catch up, so that a restored database (which has no statistics) is planned well.
  await analyzeGrownTables(pool);
  const personalData = openPersonalData(config, pool, clock);
  await personalData.assertMasterKey();
  const store = await openEventStore(config, databaseUrl, personalData, { pollIntervalMs: config.PROJECTION_POLL_MS, maxConnections: 20 });
  stops.add(() => store.close());
  const notices = new ChangeNotices(databaseUrl);
  await notices.start();
  stops.add(() => notices.close());
  return { databaseUrl, pool, personalData, store, notices };
}

export type Storage = Awaited<ReturnType<typeof openStorage>>;
