import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'slonik';
import sharp from 'sharp';
import request from 'supertest';
import { changeSettings } from '../../modules/store';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool';
import { ArchiveRefused, type ArchiveManifest } from '../../src/operations/archive';
import { backupShop, restoreBackup, restoreKeyStore } from '../../src/operations/backup';
import { exportEvents, importEvents } from '../../src/operations/event-archive';
import { catchUpProjections } from '../../src/operations/rebuild';
import { openEventStore, openEventStoreAdapter, openPersonalData, startShop, withholdImportedKeys, type Shop } from '../../src/server';
import { uploadsFolder } from '../../src/uploads';
import { allProjections } from '../../projections';
import { createTestDatabase, SEEDED_EARLY_TEMPLATE_DATABASE } from '../support/database';
import { startTestServer, testShopConfig, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';
import { adminCookie, sameOrigin } from '../api/http';
import { shopper } from '../api/shopper';

const clock = testClock('2026-11-20T19:00:00.000Z'); // 19:00 in London, inside the test shop's hours

/**
 * Every read-model table of every projection, each row as JSON text, sorted; without its write counters, and
 * without `position`, the store's own commit number of an event, which an import cannot keep (docs/operations.md).
 */
async function readModels(pool: DatabasePool): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const projection of allProjections()) {
    for (const table of projection.tables) {
      const counters = [...(projection.writeCounters?.[table] ?? []), 'position'];
      const rows = await pool.anyFirst<string>(sql.unsafe`
        select (to_jsonb(t) - ${sql.array(counters, 'text')})::text from ${sql.identifier(table.split('.'))} t`);
      tables[table] = [...rows].sort();
    }
  }
  return tables;
}

const storedEvents = (pool: DatabasePool) =>
  pool.any(sql.unsafe`select stream_name, revision, event_id, event_type, data::text, metadata::text from es_events order by tx_id, global_seq`);

async function caughtUp(shop: Shop): Promise<void> {
  const head = await shop.store.lastCommittedPosition();
  await Promise.all(shop.runners.map((runner) => runner.waitFor(head, 10_000)));
}

describe('export and import, backup and restore (issue 40 items 4 and 5)', () => {
  let original: TestServer;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-export-'));
  const orderIds: string[] = [];
  let photoLink: string;
  const backupFile = path.join(work, 'shop-backup.ndjson.gz');
  let backup: ArchiveManifest;

  beforeAll(async () => {
    original = await startTestServer({ clock });
    for (const [index, name] of ['Kim Lee', 'Sam Patel'].entries()) {
      const customer = shopper(original);
      await customer.collectOnionBhaji({ email: `person${index}@example.com`, full_name: name, phone_number: `0791112345${index}` });
      orderIds.push((await customer.complete().expect(200)).body.order.id);
    }
    const admin = await adminCookie(original);
    const post = (url: string, body: object) => request(original.baseUrl).post(url).set(sameOrigin(original)).set('Cookie', admin).send(body);
    await post('/api/catalogue/dishes', {
      category_id: 1, name: 'Tarka Dal', short_desc: 'Yellow lentils', description: 'Lentils with fried garlic', price: 450, image: null,
      virtual: false, vat_rate: 'standard', allergens: ['mustard'], vegetarian: true, vegan: false, spice: 2,
    }).expect(200);
    await post('/api/settings/update', { settings: { delivery_radius: 5 } }).expect(200);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c04020' } }).jpeg().toBuffer();
    const uploaded = await request(original.baseUrl).post('/api/uploadImage').set(sameOrigin(original)).set('Cookie', admin)
      .attach('file', photo, { filename: 'dal.jpg', contentType: 'image/jpeg' }).expect(200);
    photoLink = uploaded.body.filelink;
    await caughtUp(original.shop);
    // Taken while the shop trades; the export's import restores its key store, and it is restored whole below.
    backup = await backupShop(original.shop.pool, { file: backupFile, uploadsDir: uploadsFolder(original.dataDir) });
  }, 60_000);
  afterAll(async () => {
    await original?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('exports every event as stored, imports it into an empty shop whose read models equal the original, and refuses a changed file or a shop with events', async () => {
    const file = path.join(work, 'events.ndjson');
    const source = await openEventStoreAdapter(original.shop.config, original.database.url);
    const manifest = await exportEvents(source, file).finally(() => source.close());
    const lines = fs.readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(manifest.total).toBe(lines.length - 1);
    expect(JSON.parse(lines[lines.length - 1]).manifest).toEqual(manifest);
    expect(manifest.counts.order).toBeGreaterThan(0);
    // Sealed personal fields stay ciphertext: nobody's name or email is in the file.
    expect(fs.readFileSync(file, 'utf8')).not.toMatch(/Kim Lee|person0@example\.com/);

    // Into a fresh database under the same master key.
    const target = await createTestDatabase();
    const targetPool = await createDatabasePool(target.url);
    const config = testShopConfig(target.url, fs.mkdtempSync(path.join(work, 'data-')));
    const personalData = openPersonalData(config, targetPool);
    const adapter = await openEventStoreAdapter(config, target.url);
    const withheld = { beforeAppend: (events: AsyncIterable<{ type: string; data: unknown }>) => withholdImportedKeys(personalData, events).then(() => undefined) };
    let shop: Shop | undefined;
    try {
      // A changed byte: refused, nothing written.
      const changed = path.join(work, 'changed.ndjson');
      fs.writeFileSync(changed, fs.readFileSync(file, 'utf8').replace('"OrderPlaced"', '"OrderPlacee"'));
      await expect(importEvents(adapter, changed, withheld)).rejects.toThrow(new ArchiveRefused(`${changed} does not match its checksum: it was changed or damaged.`));
      expect(await targetPool.oneFirst(sql.unsafe`select count(*)::int from es_events`)).toBe(0);
      expect(await targetPool.oneFirst(sql.unsafe`select count(*)::int from pii.withheld_keys`)).toBe(0);

      // Imported without its keys, each person reads "[erased]": their key is withheld, which is no erasure.
      await importEvents(adapter, file, withheld);
      expect(await targetPool.oneFirst(sql.unsafe`select count(*)::int from pii.withheld_keys`)).toBeGreaterThan(0);
      expect(await targetPool.oneFirst(sql.unsafe`select count(*)::int from pii.erasures`)).toBe(0);
      const withoutKeys = await openEventStore(config, target.url, personalData);
      const details = (await withoutKeys.read(`order-${orderIds[0]}`)).events.find((event) => event.type === 'DeliveryDetailsGiven');
      await withoutKeys.close();
      expect(JSON.stringify(details?.data)).toContain('"[erased]"');
      expect(JSON.stringify(details?.data)).not.toContain('Kim Lee');

      // A shop that has events is refused, and keeps the events it has.
      await expect(importEvents(adapter, file, withheld)).rejects.toThrow('This shop already has events: an export is imported only into a new, empty shop.');
      expect(await targetPool.oneFirst(sql.unsafe`select count(*)::int from es_events`)).toBe(manifest.total);

      // The key store restored, the read models built by the import's runners, a shop started: all as the original's.
      expect(await restoreKeyStore(targetPool, backupFile)).toBe(backup.counts['pii.data_keys'] + (backup.counts['pii.lookups'] ?? 0) + (backup.counts['pii.erasures'] ?? 0));
      const sealed = await openEventStore(config, target.url, openPersonalData(config, targetPool));
      await catchUpProjections({ projections: allProjections(), store: sealed, pool: targetPool, databaseUrl: target.url }).finally(() => sealed.close());
      shop = await startShop(config, { clock, logger: pino({ level: 'silent' }) });
      await Promise.all([caughtUp(shop), caughtUp(original.shop)]);
      // The events as stored, ciphertext and all, then every read model row by row.
      expect(await storedEvents(targetPool)).toEqual(await storedEvents(original.shop.pool));
      expect(await readModels(targetPool)).toEqual(await readModels(original.shop.pool));
    } finally {
      await shop?.stop();
      await adapter.close();
      await targetPool.end();
      await target.drop();
    }
  }, 60_000);

  it('backs up a trading shop in one snapshot, refuses a running or non-empty target, and restores into a new database and data folder', async () => {
    const file = backupFile;
    const manifest = backup;
    expect(manifest.counts['public.es_events']).toBe(await original.shop.pool.oneFirst(sql.unsafe`select count(*)::int from es_events`));
    expect(manifest.counts['pii.data_keys']).toBeGreaterThan(0);
    expect(manifest.counts.uploads).toBe(fs.readdirSync(uploadsFolder(original.dataDir)).length);

    await expect(restoreBackup(original.shop.pool, { file, uploadsDir: path.join(work, 'unused') })).rejects.toThrow('The shop is running: stop it before a restore.');
    const used = await createTestDatabase({ template: SEEDED_EARLY_TEMPLATE_DATABASE });
    const usedPool = await createDatabasePool(used.url);
    try {
      await expect(restoreBackup(usedPool, { file, uploadsDir: path.join(work, 'unused') })).rejects.toThrow(/^This database is not empty \(.+ has rows\): restore only into a new one\.$/);
      expect(fs.existsSync(path.join(work, 'unused'))).toBe(false);
    } finally {
      await usedPool.end();
      await used.drop();
    }

    const target = await createTestDatabase();
    const targetPool = await createDatabasePool(target.url);
    const targetDir = fs.mkdtempSync(path.join(work, 'restored-'));
    let shop: Shop | undefined;
    try {
      await restoreBackup(targetPool, { file, uploadsDir: uploadsFolder(targetDir) });
      shop = await startShop(testShopConfig(target.url, targetDir), { clock, logger: pino({ level: 'silent' }) });
      await Promise.all([caughtUp(shop), caughtUp(original.shop)]);
      expect(await readModels(targetPool)).toEqual(await readModels(original.shop.pool));
      // An order's events, read through each shop's keys: the same people, not "[erased]".
      const story = async (from: Shop) =>
        (await from.store.read(`order-${orderIds[1]}`)).events.map(({ position: _position, recordedAt, ...event }) => ({ ...event, recordedAt: recordedAt.toISOString() }));
      const restoredStory = await story(shop);
      expect(restoredStory).toEqual(await story(original.shop));
      expect(JSON.stringify(restoredStory.map((event) => event.data))).toContain('Sam Patel');
      // The photo is served, byte for byte.
      const served = await request(shop.url).get(photoLink).expect(200);
      expect(Buffer.compare(served.body, (await request(original.baseUrl).get(photoLink).expect(200)).body)).toBe(0);
      // A new event after the restored ones reaches the read models (positions and sequences follow on).
      const { position } = await changeSettings(shop.services.commands, { delivery_radius: 7 }, { actor: 'test', now: clock().toISOString(), correlationId: 'after-restore' });
      await shop.services.readModels.waitFor('settings', position);
      expect(await targetPool.oneFirst(sql.unsafe`select value from settings where key = 'delivery_radius'`)).toBe(7);
    } finally {
      await shop?.stop();
      await targetPool.end();
      await target.drop();
    }
  }, 60_000);
});
