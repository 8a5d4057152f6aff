import { sql } from 'slonik';
import type { DatabasePool, DatabaseTransactionConnection } from '../db/pool';
import {
  decryptEnvelope,
  deriveMasterKeys,
  encryptEnvelope,
  newDataKey,
  parseEnvelope,
  unwrapDataKey,
  wrapDataKey,
  type MasterKeys,
} from './crypto';
import { KeyCache, type CachedKey } from './key-cache';
import { lookupHash, type LookupKind } from './lookup';
import { parseSubjectId, type SubjectId } from './subjects';

/** The personal fields of one event or record: any JSON object (name, phone, address, note...). */
export type PersonalFields = Record<string, unknown>;

export type Opened<T extends PersonalFields = PersonalFields> = { kind: 'ok'; fields: T } | { kind: 'erased' };

/** A subject's data key, committed to Postgres before anyone can hold it. */
export interface SubjectKey {
  readonly subjectId: SubjectId;
  readonly keyId: Buffer;
  readonly dataKey: Buffer;
}

export type ErasureOutcome = 'erased' | 'already_erased' | 'no_key';

/** The subject was erased: it never gets a key again, so nothing new can be sealed for it. */
export class SubjectErasedError extends Error {
  override name = 'SubjectErasedError';
}

/** An envelope names a key that is neither stored nor in the erasure ledger: lost keys are raised, never masked. */
export class MissingKeyError extends Error {
  override name = 'MissingKeyError';
}

export interface PersonalDataOptions {
  pool: DatabasePool;
  masterKey: Buffer;
  /** Milliseconds since the epoch; injected so tests move the cache's time. */
  now?: () => number;
  cacheSize?: number;
  cacheTtlMs?: number;
}

interface KeyRow {
  kind: 'key' | 'erased';
  key_id: string;
  subject_id: string;
  wrapped_key: Buffer | null;
  master_key_id: string | null;
}

/**
 * The personal-data envelope (issue 15, crypto-shredding): one data key per subject, wrapped with the master
 * key and kept in `pii.data_keys`, outside the event streams; personal fields sealed with it; erasure deletes
 * the key. The one door through which personal fields are sealed, opened, erased and hashed for lookups.
 */
export class PersonalData {
  private readonly pool: DatabasePool;
  private readonly master: MasterKeys;
  private readonly cache: KeyCache;
  private readonly now: () => number;
  /** subject id → key id, for keys this process made or met: most appends then need no round trip. */
  private readonly subjectKeys = new Map<string, string>();
  private readonly subjectKeysMax: number;

  constructor(options: PersonalDataOptions) {
    this.pool = options.pool;
    this.master = deriveMasterKeys(options.masterKey);
    this.now = options.now ?? Date.now;
    this.subjectKeysMax = options.cacheSize ?? 10_000;
    this.cache = new KeyCache(options.cacheSize ?? 10_000, options.cacheTtlMs ?? 60_000, this.now);
  }

  /**
   * The subject's key, created if it has none, in a transaction of its own that has committed when this
   * resolves: an event sealed with it can never be appended while its key could still be rolled back.
   */
  async ensureKey(subject: string, createdAt: Date = new Date(this.now())): Promise<SubjectKey> {
    const subjectId = parseSubjectId(subject);
    const fresh = newDataKey();
    // One statement (pii.ensure_key, migration 025), committed when it answers: the checkout's hot path.
    const row = await this.pool.one<{ erased: boolean; key_id: string | null; wrapped_key: Buffer | null; master_key_id: string | null }>(sql.unsafe`
      select erased, encode(key_id, 'hex') as key_id, wrapped_key, master_key_id
        from pii.ensure_key(${subjectId}, decode(${fresh.keyId.toString('hex')}, 'hex'),
                            decode(${wrapDataKey(this.master, subjectId, fresh).toString('hex')}, 'hex'), ${this.master.id},
                            ${createdAt.toISOString()})`);
    if (row.erased) throw new SubjectErasedError(`subject ${subjectId} was erased`);
    const keyId = Buffer.from(row.key_id!, 'hex');
    const key: SubjectKey = keyId.equals(fresh.keyId)
      ? { subjectId, ...fresh }
      : { subjectId, keyId, dataKey: this.unwrap({ subject_id: subjectId, key_id: row.key_id!, wrapped_key: row.wrapped_key!, master_key_id: row.master_key_id! }) };
    this.cache.set(key.keyId.toString('hex'), { kind: 'key', subjectId, dataKey: key.dataKey });
    this.subjectKeys.delete(subjectId);
    this.subjectKeys.set(subjectId, key.keyId.toString('hex'));
    if (this.subjectKeys.size > this.subjectKeysMax) this.subjectKeys.delete(this.subjectKeys.keys().next().value!);
    return key;
  }

  /**
   * The subject's key: from the cache when this process made or met it within the cache's lifetime (it was
   * committed then), else ensureKey. An erasure here, or one elsewhere once the cache entry expires, is seen.
   */
  async keyFor(subject: string): Promise<SubjectKey> {
    const subjectId = parseSubjectId(subject);
    const keyId = this.subjectKeys.get(subjectId);
    const cached = keyId === undefined ? undefined : this.cache.get(keyId);
    if (cached?.kind === 'key') return { subjectId, keyId: Buffer.from(keyId!, 'hex'), dataKey: cached.dataKey };
    return this.ensureKey(subject);
  }

  /**
   * At start-up: refuses a master key other than the one the stored keys were wrapped with, so a wrong or lost
   * PERSONAL_DATA_MASTER_KEY stops the shop instead of every reader failing (or masking everyone) later.
   */
  async assertMasterKey(): Promise<void> {
    const stored = await this.pool.maybeOneFirst<string>(sql.unsafe`
      select master_key_id from pii.data_keys where master_key_id <> ${this.master.id} limit 1`);
    if (stored !== null) {
      throw new Error(
        `Personal data in this database are sealed under master key ${stored}, not the configured one (${this.master.id}): ` +
          'set PERSONAL_DATA_MASTER_KEY (or DATA_DIR/personal-data-master-key) to the key they were written with',
      );
    }
  }

  /** Seals fields under a key from ensureKey; `context` (the event id, say) must be given again to open them. */
  sealWith(key: SubjectKey, fields: PersonalFields, context = ''): string {
    return encryptEnvelope(key.keyId, key.dataKey, Buffer.from(JSON.stringify(fields), 'utf8'), context);
  }

  /** ensureKey, then sealWith: the envelope returned is always under a committed key. */
  async sealFields(subject: string, fields: PersonalFields, context = ''): Promise<string> {
    return this.sealWith(await this.ensureKey(subject), fields, context);
  }

  /** The fields, or `erased` once the subject's key is destroyed. Throws on tampering or a lost key. */
  async openFields<T extends PersonalFields = PersonalFields>(envelope: string, context = ''): Promise<Opened<T>> {
    const [opened] = await this.openAll<T>([{ envelope, context }]);
    return opened;
  }

  /** Opens many envelopes (a page of a replay) with one query for all the keys the cache lacks. */
  async openAll<T extends PersonalFields = PersonalFields>(
    items: readonly { envelope: string; context?: string }[],
  ): Promise<Opened<T>[]> {
    const parsed = items.map((item) => parseEnvelope(item.envelope));
    const keys = parsed.map((envelope) => this.cache.get(envelope.keyId));
    const missing = [...new Set(parsed.filter((_, index) => keys[index] === undefined).map((envelope) => envelope.keyId))];
    const loaded = missing.length > 0 ? await this.loadKeys(missing) : new Map<string, CachedKey>();
    return items.map((item, index) => {
      const key = keys[index] ?? loaded.get(parsed[index].keyId);
      if (!key) throw new MissingKeyError(`no key ${parsed[index].keyId} and no erasure of it`);
      if (key.kind === 'erased') return { kind: 'erased' };
      const plaintext = decryptEnvelope(parsed[index], key.dataKey, item.context ?? '');
      return { kind: 'ok', fields: JSON.parse(plaintext.toString('utf8')) as T };
    });
  }

  /**
   * An import brought these envelopes without their keys (an export carries none): each key that is neither
   * stored nor erased here is recorded as withheld, so its envelopes read as erased until the key store is
   * restored from a backup, rather than stopping every reader with MissingKeyError. Answers how many.
   */
  async withholdMissingKeys(envelopes: Iterable<string>): Promise<number> {
    const keyIds = [...new Set([...envelopes].map((envelope) => parseEnvelope(envelope).keyId))];
    if (keyIds.length === 0) return 0;
    return this.pool.oneFirst<number>(sql.unsafe`
      with wanted as (select decode(hex, 'hex') as key_id from unnest(${sql.array(keyIds, 'text')}) as hex),
      added as (
        insert into pii.withheld_keys (key_id)
        select key_id from wanted
         where not exists (select 1 from pii.data_keys k where k.key_id = wanted.key_id)
           and not exists (select 1 from pii.erasures e where e.key_id = wanted.key_id)
        on conflict (key_id) do nothing
        returning 1)
      select count(*)::int from added`);
  }

  /**
   * Destroys the subject's key and records the erasure in the ledger, in one transaction; its lookups stay until
   * forgetLookups, so an erasure cut short can be found and finished. Says what it did:
   * `erased`, `already_erased`, or `no_key` (nothing was ever sealed; recorded anyway so none ever will be).
   */
  async eraseSubject(subject: string): Promise<ErasureOutcome> {
    const subjectId = parseSubjectId(subject);
    const { outcome, keyId } = await this.pool.transaction(async (tx) => {
      await lockSubject(tx, subjectId);
      const deleted = await tx.maybeOneFirst<string>(sql.unsafe`
        delete from pii.data_keys where subject_id = ${subjectId} returning encode(key_id, 'hex')`);
      const recorded = await tx.maybeOneFirst(sql.unsafe`
        insert into pii.erasures (subject_id, key_id)
        values (${subjectId}, decode(${deleted}, 'hex'))
        on conflict (subject_id) do nothing
        returning 1`);
      const outcome: ErasureOutcome = deleted !== null ? 'erased' : recorded === null ? 'already_erased' : 'no_key';
      return { outcome, keyId: deleted };
    });
    if (keyId !== null) this.cache.set(keyId, { kind: 'erased' });
    return outcome;
  }

  /**
   * The subject was erased, by this instance or another (its PersonalDataErased event arrived): its key, if cached
   * here, reads as erased from now on rather than when the cache entry expires.
   */
  async noteErased(subject: string): Promise<void> {
    const keyId = await this.pool.maybeOneFirst<string>(sql.unsafe`
      select encode(key_id, 'hex') from pii.erasures where subject_id = ${parseSubjectId(subject)} and key_id is not null`);
    if (keyId !== null) this.cache.set(keyId, { kind: 'erased' });
  }

  /**
   * Keeps the keyed hashes of a subject's email and phone (the latest of each) in pii.lookups, outside events,
   * so the subject can be found by them: caps, erasure by email or phone, account linking. Empty values are skipped.
   */
  async rememberLookups(subject: string, values: Partial<Record<LookupKind, string | null>>): Promise<number> {
    const subjectId = parseSubjectId(subject);
    const rows = (Object.entries(values) as [LookupKind, string | null | undefined][]).filter(([, value]) => value && value.trim() !== '');
    if (rows.length === 0) return 0;
    const result = await this.pool.query(sql.unsafe`
      insert into pii.lookups (subject_id, kind, hash)
      select ${subjectId}, kind, hash from unnest(${sql.array(rows.map(([kind]) => kind), 'text')}::text[], ${sql.array(
        rows.map(([kind, value]) => this.lookupHash(kind, value!)),
        'text',
      )}::text[]) as l(kind, hash)
      where not exists (select 1 from pii.erasures e where e.subject_id = ${subjectId})
      on conflict (subject_id, kind) do update set hash = excluded.hash where pii.lookups.hash is distinct from excluded.hash`);
    return result.rowCount;
  }

  /** The last step of an erasure: the subject can no longer be found by its email or phone. */
  async forgetLookups(subject: string): Promise<void> {
    await this.pool.query(sql.unsafe`delete from pii.lookups where subject_id = ${parseSubjectId(subject)}`);
  }

  /** The subjects whose latest email or phone was this one. */
  async subjectsByLookup(kind: LookupKind, value: string): Promise<SubjectId[]> {
    return (await this.pool.anyFirst<string>(sql.unsafe`
      select subject_id from pii.lookups where kind = ${kind} and hash = ${this.lookupHash(kind, value)} order by subject_id`)) as SubjectId[];
  }

  /** The keyed hash of an email or phone (normalised first), for exact-match lookups kept outside events. */
  lookupHash(kind: LookupKind, value: string): string {
    return lookupHash(this.master.lookupKey, kind, value);
  }

  cacheStats(): { size: number; hits: number; misses: number } {
    return { size: this.cache.size, hits: this.cache.hits, misses: this.cache.misses };
  }

  private async loadKeys(keyIdsHex: string[]): Promise<Map<string, CachedKey>> {
    const rows = await this.pool.any<KeyRow>(sql.unsafe`
      with wanted as (select decode(hex, 'hex') as key_id from unnest(${sql.array(keyIdsHex, 'text')}) as hex)
      select 'key' as kind, encode(k.key_id, 'hex') as key_id, k.subject_id, k.wrapped_key, k.master_key_id
        from pii.data_keys k join wanted using (key_id)
      union all
      select 'erased', encode(e.key_id, 'hex'), e.subject_id, null, null
        from pii.erasures e join wanted using (key_id)
      union all
      select 'erased', encode(w.key_id, 'hex'), null, null, null
        from pii.withheld_keys w join wanted using (key_id)
       where not exists (select 1 from pii.data_keys k where k.key_id = w.key_id)`);
    const loaded = new Map<string, CachedKey>();
    for (const row of rows) {
      const key: CachedKey = row.kind === 'erased' ? { kind: 'erased' } : { kind: 'key', subjectId: row.subject_id, dataKey: this.unwrap(row) };
      loaded.set(row.key_id, key);
      this.cache.set(row.key_id, key);
    }
    return loaded;
  }

  private unwrap(row: Pick<KeyRow, 'subject_id' | 'key_id' | 'wrapped_key' | 'master_key_id'>): Buffer {
    if (row.master_key_id !== this.master.id) {
      throw new MissingKeyError(`key ${row.key_id} is wrapped by master key ${row.master_key_id}, not the configured one`);
    }
    return unwrapDataKey(this.master, row.subject_id, Buffer.from(row.key_id, 'hex'), row.wrapped_key as Buffer);
  }
}

// Serialises ensureKey and eraseSubject per subject, so a key can never be created beside its own erasure.
async function lockSubject(tx: DatabaseTransactionConnection, subjectId: string): Promise<void> {
  await tx.query(sql.unsafe`select pg_advisory_xact_lock(hashtextextended(${'pii:' + subjectId}, 0))`);
}
