import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { orderStream } from '../../modules/order';
import { allProjections } from '../../projections';
import { createDatabasePool } from '../../src/db/pool';
import { createPostgresEventStore } from '../../src/eventstore/postgres';
import type { NewEvent } from '../../src/eventstore/types';
import { versionedEventStore } from '../../src/eventstore/versioned-store';
import { guestOrderSubject, PersonalData } from '../../src/personal-data';
import { rewritePersonalData, RewriteRefused } from '../../src/personal-data/rewrite';
import { shopEventVersioning, shopPersonalData } from '../../src/server';
import { shopper } from '../api/shopper';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { startTestServer, TEST_MASTER_KEY, type TestServer } from '../support/server';
import { until } from '../support/until';

const metadata = { actor: 'customer:legacy', at: '2026-11-20T19:00:00.000Z', correlationId: 'legacy', causationId: 'legacy' };
const event = (type: string, data: object): NewEvent => ({ id: randomUUID(), type, data, metadata });

/** An order and its basket note as the shop stored them before sealing existed: every personal field in clear. */
async function legacyOrder(url: string, name: string) {
  const raw = createPostgresEventStore({ url });
  const orderId = randomUUID();
  const cartId = randomUUID();
  const item = { productId: 1, variantId: null, name: 'Onion Bhaji', variantName: '', unitPricePence: 395, quantity: 1, virtual: false };
  await raw.append(`cart-${cartId}`, [event('CartOpened', { cartId }), event('CartNoteChanged', { cartId, note: `${name} basket note` })], { expectedRevision: 'no_stream' });
  await raw.append(
    orderStream(orderId),
    [
      event('OrderPlaced', { orderId, cartId, userId: null, email: null, items: [item], itemsTotalPence: 395, note: `${name} order note` }),
      event('TakeawayMethodChosen', { orderId, method: 'COLLECT', postcode: null, miles: null, postagePence: 0 }),
      event('DeliveryDetailsGiven', {
        orderId, email: `${name.toLowerCase()}@example.com`, fullName: `${name} Legacy`, address1: `${name} Street`, address2: '', address3: '',
        townCity: `${name}ton`, postcode: 'LS1 4AP', phone: '07911 123456', deliveryInfo: `${name} rings twice`,
      }),
      event('PaymentMethodChosen', { orderId, method: 'PHONE' }),
      event('OrderSubmitted', {
        orderId, paymentMethod: 'PHONE', status: 'AWAITING-PAYMENT', itemsTotalPence: 395, postagePence: 0, voucherDeductionPence: 0, totalPence: 395,
        submittedAt: metadata.at, tradingDay: '2026-11-20',
      }),
    ],
    { expectedRevision: 'no_stream' },
  );
  await raw.close();
  return { orderId, texts: [`${name} basket note`, `${name} order note`, `${name.toLowerCase()}@example`, `${name} Legacy`, `${name} Street`, `${name}ton`, `${name} rings twice`] };
}

/** Issue 15 item 4: events written in clear before sealing are rewritten once, verified, and the shop reads them as before. */
describe('the one-time rewrite of personal data stored in clear', () => {
  let database: TestDatabase;
  let server: TestServer | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.stop();
    await database.drop();
  });

  it('seals every old personal field, rebuilds equal read models, keeps every event, and the shop reads and appends as before', async () => {
    server = await startTestServer({ database });
    const kept = await legacyOrder(database.url, 'Keepa');
    const erased = await legacyOrder(database.url, 'Gonea');
    const sealed = shopper(server);
    await sealed.collectOnionBhaji({ email: 'new@example.com', full_name: 'Newer Customer', phone_number: '07911 123456' });
    await until(async () => (await server!.shop.pool.anyFirst(sql.unsafe`select order_id from orders`)).length === 3, 'the legacy orders read');
    // A restart looks up the people stored in clear (from the read models), so erasure by email finds them.
    await server.stop();
    server = await startTestServer({ database });
    const admin = shopper(server);
    await admin.post('/api/login', { email: server.admin.email, password: server.admin.password }).expect(200);
    // Erased before the rewrite: its events can no longer be sealed, so they are blanked.
    expect((await admin.post('/api/privacy/erase', { email: 'gonea@example.com' }).expect(200)).body).toMatchObject({ orders: 1 });
    await until(async () => (await server!.shop.pool.oneFirst(sql.unsafe`select full_name from orders where order_id = ${erased.orderId}`)) === '[erased]', 'the erasure read');

    const pool = await createDatabasePool(database.url);
    const personalData = new PersonalData({ pool, masterKey: Buffer.from(TEST_MASTER_KEY, 'base64') });
    const rewrite = () =>
      rewritePersonalData({
        pool,
        personalData,
        declarations: shopPersonalData(),
        versioned: (store) => versionedEventStore(store, shopEventVersioning(), { validate: false }),
        projections: allProjections(),
        log: () => undefined,
      });
    try {
      await expect(rewrite()).rejects.toThrow(RewriteRefused); // the shop still runs
      await server.stop();
      server = undefined;
      const storedText = async () => (await pool.anyFirst<string>(sql.unsafe`select data::text from es_events`)).join('\n');
      const before = (await pool.oneFirst(sql.unsafe`select count(*)::int from es_events`)) as number;
      for (const text of kept.texts) expect(await storedText()).toContain(text);

      const report = await rewrite();
      // Keepa's basket note, order note and details (the collection's method has no postcode: nothing to seal); Gonea's, erased.
      expect(report).toEqual({ events: before, rewritten: 3, blanked: 3 });
      for (const text of [...kept.texts, ...erased.texts]) expect(await storedText()).not.toContain(text);
      expect(await pool.oneFirst(sql.unsafe`select count(*)::int from es_events`)).toBe(before);
      await expect(pool.query(sql.unsafe`update es_events set data = '{}' where false`)).rejects.toThrow(/append-only/);
      expect(await rewrite()).toEqual({ events: before, rewritten: 0, blanked: 0 });
    } finally {
      await pool.end();
    }

    server = await startTestServer({ database });
    const { events } = await server.shop.store.read(orderStream(kept.orderId));
    expect(events.find((one) => one.type === 'DeliveryDetailsGiven')!.data).toMatchObject({ fullName: 'Keepa Legacy', deliveryInfo: 'Keepa rings twice' });
    expect(events.find((one) => one.type === 'OrderPlaced')!.data).toMatchObject({ note: 'Keepa order note' });
    const again = shopper(server);
    await again.collectOnionBhaji({ email: 'after@example.com', full_name: 'After Rewrite', phone_number: '07911 123456' });
    await again.payByPhone().expect(200);
    await again.complete().expect(200);
    // The rewrite looked its people up: erasure by email finds the legacy customer.
    const owner = shopper(server);
    await owner.post('/api/login', { email: server.admin.email, password: server.admin.password }).expect(200);
    expect((await owner.post('/api/privacy/erase', { email: 'keepa@example.com' }).expect(200)).body).toMatchObject({ orders: 1 });
  }, 120_000);

  it('stops when a read model rebuilt from the sealed copy differs, and swaps nothing', async () => {
    const own = await createTestDatabase();
    const pool = await createDatabasePool(own.url);
    try {
      const legacy = await legacyOrder(own.url, 'Halfa');
      const personalData = new PersonalData({ pool, masterKey: Buffer.from(TEST_MASTER_KEY, 'base64') });
      // An erasure that stopped after destroying the key, before its PersonalDataErased event (a crash): the copy
      // blanks the person, while the read model rebuilt from the old table still shows them.
      await personalData.eraseSubject(guestOrderSubject(legacy.orderId));
      const table = async () => pool.any(sql.unsafe`select global_seq::text, event_id, event_type, data, metadata from es_events order by global_seq`);
      const before = await table();
      const logged: string[] = [];
      const rewrite = rewritePersonalData({
        pool,
        personalData,
        declarations: shopPersonalData(),
        versioned: (store) => versionedEventStore(store, shopEventVersioning(), { validate: false }),
        projections: allProjections(),
        log: (message) => void logged.push(message),
      });
      await expect(rewrite).rejects.toThrow(new RewriteRefused('the read model table orders differs when rebuilt from the sealed copy (1 row)'));
      expect(logged).toContain('Rebuilding every read model from both tables and comparing them...');
      expect(logged).not.toContain('Swapping the tables...');
      expect(await table()).toEqual(before);
      const stored = JSON.stringify(before);
      for (const text of legacy.texts) expect(stored).toContain(text);
      const left = await pool.anyFirst(sql.unsafe`
        select table_schema || '.' || table_name from information_schema.tables
         where table_name in ('es_events_rewritten', 'es_events_plaintext') or table_schema like 'pii_rewrite%'`);
      expect(left).toEqual([]);
      expect(await pool.oneFirst(sql.unsafe`select count(*)::int from pii.rewrites`)).toBe(0);
      await expect(pool.query(sql.unsafe`update es_events set data = '{}' where false`)).rejects.toThrow(/append-only/);
    } finally {
      await pool.end();
      await own.drop();
    }
  });
});
