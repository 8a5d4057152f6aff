import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql } from 'slonik';
import {
  customerSubject,
  EnvelopeError,
  guestOrderSubject,
  MissingKeyError,
  PersonalData,
  SubjectErasedError,
} from '../../src/personal-data';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createDatabasePool, type DatabasePool } from '../../src/db/pool';

/** The envelope against the real Postgres tables of migration 020. */
describe('the personal-data envelope', () => {
  let database: TestDatabase;
  let pool: DatabasePool;
  const masterKey = randomBytes(32);
  let personalData: PersonalData;
  /** A second shop instance: its own pool and an empty cache, so it sees only what was committed. */
  const pools: DatabasePool[] = [];
  const another = async (options: { now?: () => number; masterKey?: Buffer } = {}) => {
    const pool = await createDatabasePool(database.url, { maximumPoolSize: 2 });
    pools.push(pool);
    const instance = new PersonalData({ pool, masterKey, ...options });
    return instance;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await createDatabasePool(database.url);
    personalData = new PersonalData({ pool, masterKey });
  });
  afterAll(async () => {
    await Promise.all(pools.map((each) => each.end()));
    await pool.end();
    await database.drop();
  });

  const fields = { full_name: 'Sam Patel', phone: '07700 900123', address: { line1: '1 High St', postcode: 'LS6 1AA' } };

  it('opens what it sealed, in this instance and in another with an empty cache', async () => {
    const subject = guestOrderSubject(randomUUID());
    const envelope = await personalData.sealFields(subject, fields, 'event-1');
    expect(await personalData.openFields(envelope, 'event-1')).toEqual({ kind: 'ok', fields });
    expect(await (await another()).openFields(envelope, 'event-1')).toEqual({ kind: 'ok', fields });
  });

  it('has committed the key before it hands out an envelope under it; one key per subject, even when asked at once', async () => {
    const subject = customerSubject(randomUUID());
    const envelope = await personalData.sealFields(subject, fields);
    // A plain connection of its own sees the row the moment the envelope exists.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query("select encode(key_id, 'hex') as key_id from pii.data_keys where subject_id = $1", [subject]);
    await client.end();
    expect(rows).toHaveLength(1);
    expect(Buffer.from(envelope, 'base64url').subarray(1, 17).toString('hex')).toBe(rows[0].key_id);

    const racing = customerSubject(randomUUID());
    const keys = await Promise.all([personalData.ensureKey(racing), (await another()).ensureKey(racing), personalData.ensureKey(racing)]);
    expect(new Set(keys.map((key) => key.keyId.toString('hex'))).size).toBe(1);
    expect(keys.every((key) => key.dataKey.equals(keys[0].dataKey))).toBe(true);
  });

  it('refuses a tampered envelope, one moved to another event, and one given another subject key id', async () => {
    const subject = guestOrderSubject(randomUUID());
    const envelope = await personalData.sealFields(subject, fields, 'event-1');
    const bytes = Buffer.from(envelope, 'base64url');
    const tampered = Buffer.from(bytes);
    tampered[tampered.length - 1] ^= 0x01;
    await expect(personalData.openFields(tampered.toString('base64url'), 'event-1')).rejects.toThrow(EnvelopeError);
    await expect(personalData.openFields(envelope, 'event-2')).rejects.toThrow(EnvelopeError);

    const other = await personalData.ensureKey(guestOrderSubject(randomUUID()));
    const swapped = Buffer.from(bytes);
    other.keyId.copy(swapped, 1);
    await expect(personalData.openFields(swapped.toString('base64url'), 'event-1')).rejects.toThrow(EnvelopeError);
  });

  it('refuses to open with another master key, and raises a key that is missing without an erasure', async () => {
    const subject = customerSubject(randomUUID());
    const envelope = await personalData.sealFields(subject, fields);
    await expect((await another({ masterKey: randomBytes(32) })).openFields(envelope)).rejects.toThrow(MissingKeyError);
    await expect((await another({ masterKey: randomBytes(32) })).assertMasterKey()).rejects.toThrow(/sealed under master key .* not the configured one/);
    await expect(personalData.assertMasterKey()).resolves.toBeUndefined();

    await pool.query(sql.unsafe`delete from pii.data_keys where subject_id = ${subject}`);
    await expect((await another()).openFields(envelope)).rejects.toThrow(MissingKeyError);
  });

  it('erases a subject: its envelopes open as erased everywhere, others are untouched, and it never gets a key again', async () => {
    const erased = customerSubject(randomUUID());
    const kept = customerSubject(randomUUID());
    const first = await personalData.sealFields(erased, fields);
    const second = await personalData.sealFields(erased, { note: 'no onions' });
    const keptEnvelope = await personalData.sealFields(kept, fields);

    expect(await personalData.eraseSubject(erased)).toBe('erased');
    expect(await personalData.openAll([{ envelope: first }, { envelope: keptEnvelope }, { envelope: second }])).toEqual([
      { kind: 'erased' },
      { kind: 'ok', fields },
      { kind: 'erased' },
    ]);
    expect(await (await another()).openFields(second)).toEqual({ kind: 'erased' });
    expect(await pool.oneFirst(sql.unsafe`select count(*)::int from pii.data_keys where subject_id = ${erased}`)).toBe(0);

    expect(await personalData.eraseSubject(erased)).toBe('already_erased');
    await expect(personalData.ensureKey(erased)).rejects.toThrow(SubjectErasedError);
    await expect(personalData.sealFields(erased, fields)).rejects.toThrow(SubjectErasedError);

    const neverSealed = guestOrderSubject(randomUUID());
    expect(await personalData.eraseSubject(neverSealed)).toBe('no_key');
    await expect(personalData.ensureKey(neverSealed)).rejects.toThrow(SubjectErasedError);
  });

  it('never leaves a key beside its own erasure when both are asked at once, and keyFor stops at an erasure', async () => {
    const subjects = Array.from({ length: 40 }, () => guestOrderSubject(randomUUID()));
    await Promise.all(subjects.map((subject) => Promise.allSettled([another().then((other) => other.ensureKey(subject)), personalData.eraseSubject(subject)])));
    const both = await pool.oneFirst(sql.unsafe`
      select count(*)::int from pii.data_keys k join pii.erasures e using (subject_id) where k.subject_id = any(${sql.array(subjects, 'text')})`);
    expect(both).toBe(0);
    expect(await pool.oneFirst(sql.unsafe`select count(*)::int from pii.erasures where subject_id = any(${sql.array(subjects, 'text')})`)).toBe(40);

    const subject = customerSubject(randomUUID());
    const key = await personalData.ensureKey(subject);
    expect((await personalData.keyFor(subject)).keyId).toEqual(key.keyId);
    await personalData.eraseSubject(subject);
    await expect(personalData.keyFor(subject)).rejects.toThrow(SubjectErasedError);
  });

  it('lets another instance decrypt an erased subject only until its cached key expires', async () => {
    let now = 0;
    const other = await another({ now: () => now });
    const subject = customerSubject(randomUUID());
    const envelope = await personalData.sealFields(subject, fields);
    expect(await other.openFields(envelope)).toEqual({ kind: 'ok', fields });
    await personalData.eraseSubject(subject);
    now = 59_999;
    expect(await other.openFields(envelope)).toEqual({ kind: 'ok', fields });
    now = 60_000;
    expect(await other.openFields(envelope)).toEqual({ kind: 'erased' });
  });

  it('stops another instance decrypting an erased subject at once when it notes the erasure (its event arrived)', async () => {
    const other = await another();
    const subject = guestOrderSubject(randomUUID());
    const kept = guestOrderSubject(randomUUID());
    const envelope = await personalData.sealFields(subject, fields);
    const keptEnvelope = await personalData.sealFields(kept, fields);
    expect(await other.openFields(envelope)).toEqual({ kind: 'ok', fields });
    expect(await other.openFields(keptEnvelope)).toEqual({ kind: 'ok', fields });
    await personalData.eraseSubject(subject);
    expect(await other.openFields(envelope)).toEqual({ kind: 'ok', fields }); // cached
    await other.noteErased(subject);
    expect(await other.openFields(envelope)).toEqual({ kind: 'erased' });
    expect(await other.openFields(keptEnvelope)).toEqual({ kind: 'ok', fields });
    await other.noteErased(guestOrderSubject(randomUUID())); // never had a key: nothing to note
  });

  it('refuses a subject id that is not a customer or a guest order', async () => {
    await expect(personalData.ensureKey('user:sam@example.com')).rejects.toThrow('not a personal-data subject id');
    await expect(personalData.eraseSubject("customer:x' or 1=1")).rejects.toThrow('not a personal-data subject id');
  });

  it('never shows a marker of the plaintext in an envelope or in its tables, whatever the fields (property)', async () => {
    const random = seededRandom(15);
    const alphabet = 'abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@.+-\'"\\/éßø£€😀\u0000\n';
    const text = (length: number) => Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    const envelopes: string[] = [];
    const markers: string[] = [];
    for (let run = 0; run < 200; run++) {
      const marker = `MARK${run}x${randomBytes(6).toString('hex')}`;
      markers.push(marker);
      const record: Record<string, unknown> = {};
      const fieldCount = 1 + Math.floor(random() * 6);
      for (let field = 0; field < fieldCount; field++) {
        const value = `${text(Math.floor(random() * 20))}${marker}${text(Math.floor(random() * 20))}`;
        record[`f${field}`] = random() < 0.3 ? { nested: [value, text(5)] } : value;
      }
      const subject = random() < 0.5 ? customerSubject(randomUUID()) : guestOrderSubject(randomUUID());
      const envelope = await personalData.sealFields(subject, record, `event-${run}`);
      envelopes.push(envelope);
      const bytes = Buffer.from(envelope, 'base64url');
      for (const form of [marker, marker.toLowerCase(), Buffer.from(marker).toString('base64').slice(0, 12)]) {
        expect(envelope.includes(form)).toBe(false);
      }
      expect(bytes.includes(Buffer.from(marker))).toBe(false);
      expect(await personalData.openFields(envelope, `event-${run}`)).toEqual({ kind: 'ok', fields: record });
    }
    const tables = await pool.anyFirst<string>(sql.unsafe`
      select (select string_agg(t::text, '|') from pii.data_keys t) || (select coalesce(string_agg(t::text, '|'), '') from pii.erasures t)`);
    for (const marker of markers) expect(tables[0].includes(marker)).toBe(false);
  });

  it('decrypts a replay-sized batch quickly (reports the figure, asserts no time)', async () => {
    const subjects = Array.from({ length: 400 }, () => guestOrderSubject(randomUUID()));
    const keys = await Promise.all(subjects.map((subject) => personalData.ensureKey(subject)));
    const record = { full_name: 'Sam Patel', email: 'sam@example.com', phone: '07700 900123', address: '1 High St, Leeds LS6 1AA', note: 'ring twice' };
    const items = Array.from({ length: 20_000 }, (_, index) => ({
      envelope: personalData.sealWith(keys[index % keys.length], record, `event-${index}`),
      context: `event-${index}`,
    }));

    const cold = await another();
    const started = process.hrtime.bigint();
    let opened = 0;
    for (let page = 0; page < items.length; page += 500) {
      const results = await cold.openAll(items.slice(page, page + 500));
      opened += results.filter((result) => result.kind === 'ok').length;
    }
    const coldSeconds = Number(process.hrtime.bigint() - started) / 1e9;
    const warmStarted = process.hrtime.bigint();
    const cpuBefore = process.cpuUsage();
    const warm = await cold.openAll(items);
    const cpu = process.cpuUsage(cpuBefore);
    const warmSeconds = Number(process.hrtime.bigint() - warmStarted) / 1e9;
    const warmCpuSeconds = (cpu.user + cpu.system) / 1e6;

    expect(opened).toBe(20_000);
    expect(warm.every((result) => result.kind === 'ok')).toBe(true);
    expect(cold.cacheStats().size).toBe(400);
    process.stdout.write(
      `personal-data: opened 20,000 envelopes (400 keys) at ${Math.round(20_000 / coldSeconds)}/s with a cold key cache ` +
        `(pages of 500, one key query each), ${Math.round(20_000 / warmSeconds)}/s warm ` +
        `(${Math.round(20_000 / warmCpuSeconds)} per CPU-second: the wall-clock figures depend on the host's load)\n`,
    );
  });
});

/** mulberry32: a small seeded generator, so a failing run repeats exactly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
