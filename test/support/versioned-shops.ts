import { createDatabasePool, type DatabasePool } from '../../src/db/pool';
import { createPostgresEventStore, type PostgresEventStore } from '../../src/eventstore/postgres';
import type { EventStore } from '../../src/eventstore/types';
import { versionedEventStore } from '../../src/eventstore/versioned-store';
import { shopEventVersioning } from '../../src/server';
import { createTestDatabase, type TestDatabase } from './database';

/** A fresh database with the event store twice: `raw` writes events as older versions did, `store` reads and checks them as the shop does. */
export interface VersionedShop {
  database: TestDatabase;
  raw: PostgresEventStore;
  store: EventStore;
  pool: DatabasePool;
}

/** Opens such shops for a suite, each closed and dropped after it. */
export function versionedShops(): { open(): Promise<VersionedShop> } {
  const shops: VersionedShop[] = [];
  afterAll(async () => {
    for (const shop of shops) {
      await shop.raw.close();
      await shop.pool.end();
      await shop.database.drop();
    }
  });
  return {
    async open() {
      const database = await createTestDatabase();
      const raw = createPostgresEventStore({ url: database.url, pollIntervalMs: 20 });
      const shop = { database, raw, store: versionedEventStore(raw, shopEventVersioning(), { validate: true }), pool: await createDatabasePool(database.url) };
      shops.push(shop);
      return shop;
    },
  };
}
