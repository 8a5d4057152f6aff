import pino from 'pino';
import { loadConfig } from '../config';
import { openDatabase } from '../db/open-database';
import { createDatabasePool } from '../db/pool';
import { versionedEventStore } from '../eventstore/versioned-store';
import { rewritePersonalData } from '../personal-data/rewrite';
import { openPersonalData, shopEventVersioning, shopPersonalData } from '../server';
import { allProjections } from '../../projections';

/**
 * `npm run pii:rewrite`, with the shop stopped: seals the personal data that events stored before sealing
 * existed hold in clear (Postgres stores only; see docs/personal-data.md). Safe to run again.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.EVENT_STORE !== 'postgres') {
    throw new Error('EventStoreDB events cannot be rewritten: erasure reaches their read models, mails and logs only (README).');
  }
  const database = await openDatabase(config, pino({ level: 'warn' }), { forTool: true });
  const pool = await createDatabasePool(database.url);
  try {
    const personalData = openPersonalData(config, pool);
    await personalData.assertMasterKey();
    await rewritePersonalData({
      pool,
      personalData,
      declarations: shopPersonalData(),
      versioned: (store) => versionedEventStore(store, shopEventVersioning(), { validate: false }),
      projections: allProjections(),
      log: (message) => console.log(message),
    });
  } finally {
    await pool.end();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
