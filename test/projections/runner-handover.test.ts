import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { settingsProjection } from '../../projections/settings/projection';
import { SettingsCache } from '../../projections/settings/queries';
import { readSettings } from '../../modules/store';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool';
import { createPostgresEventStore, type PostgresEventStore } from '../../src/eventstore/postgres';
import { ORIGIN } from '../../src/eventstore/types';
import { applyBatch, ProjectionRunner } from '../../src/projections/runner';
import type { Projection } from '../../src/projections/types';
import { startStoreWaker } from '../../src/projections/waker';
import { newEvent } from '../eventstore/contract';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { until } from '../support/until';

const settingChanged = (key: string, value: unknown) => ({
  id: randomUUID(),
  type: 'SettingChanged',
  data: { key, value },
  metadata: { actor: 'system', at: new Date().toISOString(), correlationId: randomUUID(), causationId: randomUUID() },
});

describe('a projection changing hands between instances', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let pool: DatabasePool;

  beforeEach(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ url: database.url, pollIntervalMs: 20 });
    pool = await createDatabasePool(database.url);
  });
  afterEach(async () => {
    await store.close();
    await pool.end();
    await database.drop();
  });

  it('drops a cached copy when the runner takes the projection back from another instance', async () => {
    const wakers = [startStoreWaker(store), startStoreWaker(store)];
    const options = (index: number) => ({ store, pool, databaseUrl: database.url, waker: wakers[index], pollIntervalMs: 20 });
    const here = new ProjectionRunner(settingsProjection, options(0));
    const cache = new SettingsCache(pool, () => new Date(), here);
    try {
      here.start();
      let position = (await store.append('settings-main', [settingChanged('order_status', 'open')], { expectedRevision: 'any' })).position;
      await here.waitFor(position);
      expect((await readSettings(cache, ['order_status'])).order_status).toBe('open');

      await here.stop();
      const elsewhere = new ProjectionRunner(settingsProjection, options(1));
      elsewhere.start();
      position = (await store.append('settings-main', [settingChanged('order_status', 'closed')], { expectedRevision: 'any' })).position;
      await elsewhere.waitFor(position);
      await elsewhere.stop();

      // Back here there is nothing left to apply: the change must still not be read stale.
      here.start();
      await until(() => here.isActive && here.checkpoint >= position, 'the runner to take the projection back');
      expect((await readSettings(cache, ['order_status'])).order_status).toBe('closed');
    } finally {
      await here.stop();
      await Promise.all(wakers.map((waker) => waker.stop()));
    }
  });

  it('does not publish replayed events when a reset held the checkpoint while a batch waited for it', async () => {
    const publishing: Projection = {
      name: 'publishing',
      eventTypes: ['Counted'],
      tables: [],
      async apply(_event, { publish }) {
        await publish('orders', 'CardRefund', {});
      },
    };
    await store.append(`s-${randomUUID()}`, [newEvent('Counted'), newEvent('Counted')], { expectedRevision: 'any' });
    const events = await store.readAll({ after: ORIGIN, limit: 10 });
    const head = events[events.length - 1].position;
    await pool.query(sql.unsafe`insert into projection_checkpoints (name, position) values ('publishing', ${ORIGIN})`);

    // A reset (as resetProjection does) holds the row: the position stays at the start, replay_until = head.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let resetting!: () => void;
    const resetHoldsTheRow = new Promise<void>((resolve) => (resetting = resolve));
    const reset = pool.transaction(async (tx) => {
      await tx.query(sql.unsafe`select 1 from projection_checkpoints where name = 'publishing' for update`);
      await tx.query(sql.unsafe`update projection_checkpoints set position = ${ORIGIN}, replay_until = ${head} where name = 'publishing'`);
      resetting();
      await released;
    });
    await resetHoldsTheRow;
    const applying = applyBatch(pool, publishing, events, ORIGIN);
    await until(
      async () => (await pool.oneFirst(sql.unsafe`
        select count(*)::int from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)) === 1,
      'the batch to wait for the reset',
    );
    release();
    await reset;
    await applying;
    expect(await pool.oneFirst(sql.unsafe`select count(*)::int from live_messages`)).toBe(0);
  });
});
