import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';
import { formatPosition } from '../eventstore/postgres-append';
import type { EventStore, StoredEvent } from '../eventstore/types';
import type { Projection } from '../projections/types';
import { compareTables } from '../operations/read-model-diff';
import { shopIsRunning } from '../projections/runner';
import type { PersonalData } from './personal-data';
import { SubjectErasedError } from './personal-data';
import { holdsPersonalData, sealingEventStore, type PersonalDataDeclarations } from './sealing-store';

const PAGE = 1000;
const NEW_TABLE = 'es_events_rewritten';
const OLD_TABLE = 'es_events_plaintext';
const SCRATCH = { old: 'pii_rewrite_old', new: 'pii_rewrite_new' } as const;

export interface RewriteOptions {
  pool: DatabasePool;
  personalData: PersonalData;
  declarations: PersonalDataDeclarations;
  /** Reads as the shop reads (the event versioning's upcasters): the read models are rebuilt through it. */
  versioned(store: EventStore): EventStore;
  projections: readonly Projection[];
  log(message: string): void;
}

export interface RewriteReport {
  events: number;
  rewritten: number;
  /** Events of subjects erased before the rewrite: their fields are stored as "[erased]", not sealed. */
  blanked: number;
}

export class RewriteRefused extends Error {
  override name = 'RewriteRefused';
}

interface Row {
  global_seq: string;
  tx_id: string;
  stream_name: string;
  revision: string;
  event_id: string;
  event_type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recorded_at: string;
}

/**
 * Issue 15 item 4, the one exception to "events never change": events stored in clear before sealing existed
 * are copied into a new table with their personal fields sealed (every other column the same), the read
 * models are rebuilt from both tables and must be equal, no old personal value may remain in the new table,
 * and only then are the tables swapped, in one transaction. Any difference stops it and changes nothing.
 * Run with the shop stopped (`npm run pii:rewrite`); a second run finds nothing to do.
 */
export async function rewritePersonalData(options: RewriteOptions): Promise<RewriteReport> {
  const { pool, declarations, log } = options;
  const types = Object.keys(declarations);
  const events = (await pool.oneFirst(sql.unsafe`select count(*)::int from es_events`)) as number;
  const candidates = await pool.any<{ event_type: string; data: Record<string, unknown> }>(sql.unsafe`
    select event_type, data from es_events where event_type = any(${sql.array(types, 'text')}) and not data ? 'pii'`);
  const plaintext = candidates.filter((row) => holdsPersonalData(declarations[row.event_type], row.data)).length;
  if (plaintext === 0) {
    log(`Nothing to rewrite: none of ${events} events holds personal data in clear.`);
    return { events, rewritten: 0, blanked: 0 };
  }
  await refuseWhileTheShopRuns(pool);
  await dropScratch(pool);
  let done: { rewritten: number; blanked: number };
  try {
    log(`Copying ${events} events, sealing the personal fields of ${plaintext}...`);
    done = await copySealed(options);
    log('Checking the copy...');
    await checkCopy(pool, types);
    log('Rebuilding every read model from both tables and comparing them...');
    await compareReadModels(options);
    log('Swapping the tables...');
    await swap(pool, events, done.rewritten);
  } finally {
    // A refusal leaves es_events as it was; the copy and the scratch read models go.
    await dropScratch(pool);
  }
  const { rewritten, blanked } = done;
  log(`Done: ${rewritten} events sealed, ${blanked} of erased people blanked. Old backups still hold them in clear until they expire.`);
  return { events, rewritten, blanked };
}

/** A running shop holds its projections' advisory locks (src/projections/runner.ts) and keeps appending. */
async function refuseWhileTheShopRuns(pool: DatabasePool): Promise<void> {
  if (await shopIsRunning(pool)) throw new RewriteRefused('The shop is running: stop it before the rewrite');
}

async function dropScratch(pool: DatabasePool): Promise<void> {
  await pool.query(sql.unsafe`drop table if exists ${sql.identifier([NEW_TABLE])}`);
  for (const schema of Object.values(SCRATCH)) await pool.query(sql.unsafe`drop schema if exists ${sql.identifier([schema])} cascade`);
}

const readPage = (pool: DatabasePool, table: string, after: string) =>
  pool.any<Row>(sql.unsafe`
    select global_seq::text, tx_id::text, stream_name, revision::text, event_id, event_type, data, metadata, recorded_at::text
      from ${sql.identifier([table])} e where e.global_seq > ${after}::int8 order by e.global_seq limit ${PAGE}`);

/** Every personal value of one event, as text, for the check that none of them is left in the copy. */
function personalValues(data: Record<string, unknown>, fields: readonly string[]): string[] {
  const values: string[] = [];
  const collect = (value: unknown) => {
    if (typeof value === 'string' && value.trim().length >= 4) values.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  for (const field of fields) collect(data[field]);
  return values;
}

async function copySealed({ pool, personalData, declarations }: RewriteOptions): Promise<{ rewritten: number; blanked: number }> {
  await pool.query(sql.unsafe`create table ${sql.identifier([NEW_TABLE])} (like es_events including all)`);
  let rewritten = 0;
  let blanked = 0;
  let after = '0';
  for (;;) {
    const rows = await readPage(pool, 'es_events', after);
    if (rows.length === 0) return { rewritten, blanked };
    const copies = [];
    for (const row of rows) {
      const declared = declarations[row.event_type];
      let data = row.data;
      if (declared && holdsPersonalData(declared, data)) {
        const fields = Object.keys(declared.erasedAs);
        const rest = Object.fromEntries(Object.entries(data).filter(([name]) => !fields.includes(name)));
        const personal = Object.fromEntries(Object.entries(data).filter(([name]) => fields.includes(name)));
        const subject = declared.subject(data, row.stream_name);
        try {
          // The key dates from the event, so the retention period counts from when the data were given.
          data = { ...rest, pii: personalData.sealWith(await personalData.ensureKey(subject, new Date(row.recorded_at)), personal, row.event_id) };
          if (declared.lookups) await personalData.rememberLookups(subject, declared.lookups(row.data));
          rewritten += 1;
        } catch (error) {
          if (!(error instanceof SubjectErasedError)) throw error;
          // `pii: null` marks the fields as blanked, not as still in clear: a later run leaves them alone.
          data = { ...rest, ...declared.erasedAs, pii: null };
          blanked += 1;
        }
        const left = personalValues(row.data, fields).filter((value) => JSON.stringify(data).includes(value));
        if (left.length > 0) throw new RewriteRefused(`event ${row.event_id} would keep a personal value in clear`);
      }
      copies.push([row.global_seq, row.tx_id, row.stream_name, row.revision, row.event_id, row.event_type, JSON.stringify(data), JSON.stringify(row.metadata), row.recorded_at]);
    }
    await pool.query(sql.unsafe`
      insert into ${sql.identifier([NEW_TABLE])} (global_seq, tx_id, stream_name, revision, event_id, event_type, data, metadata, recorded_at)
      overriding system value
      select global_seq, tx_id::xid8, stream_name, revision, event_id, event_type, data::jsonb, metadata::jsonb, recorded_at
        from ${sql.unnest(copies, ['int8', 'text', 'text', 'int8', 'uuid', 'text', 'text', 'text', 'timestamptz'])}
          as c(global_seq, tx_id, stream_name, revision, event_id, event_type, data, metadata, recorded_at)`);
    after = rows[rows.length - 1].global_seq;
  }
}

/** Every event copied once, every column the same, but the data of the events sealed (or blanked) now. */
async function checkCopy(pool: DatabasePool, types: string[]): Promise<void> {
  const differences = (await pool.oneFirst(sql.unsafe`
    select count(*)::int from es_events o full join ${sql.identifier([NEW_TABLE])} n using (global_seq)
     where o.event_id is distinct from n.event_id or o.tx_id is distinct from n.tx_id or o.stream_name is distinct from n.stream_name
        or o.revision is distinct from n.revision or o.event_type is distinct from n.event_type or o.metadata is distinct from n.metadata
        or o.recorded_at is distinct from n.recorded_at
        or (o.data is distinct from n.data and not (o.event_type = any(${sql.array(types, 'text')}) and not o.data ? 'pii'))`)) as number;
  if (differences > 0) throw new RewriteRefused(`${differences} events differ between the table and its copy beyond their personal fields`);
}

/** A read-only event store over one table, reading `$all` as the Postgres adapter does. */
function tableStore(pool: DatabasePool, table: string): EventStore {
  const refuse = () => Promise.reject(new Error('read-only'));
  return {
    kind: 'postgres',
    append: refuse,
    read: refuse,
    async readAll({ after, limit }) {
      const from = after ? after.split('.')[1].replace(/^0+(?=\d)/, '') : '0';
      const rows = await pool.any<Row>(sql.unsafe`
        select global_seq::text, tx_id::text, stream_name, revision::text, event_id, event_type, data, metadata, recorded_at::text
          from ${sql.identifier([table])} e where e.global_seq > ${from}::int8 order by e.global_seq limit ${limit}`);
      return rows.map(
        (row): StoredEvent => ({
          id: row.event_id,
          type: row.event_type,
          data: row.data,
          metadata: row.metadata as unknown as StoredEvent['metadata'],
          stream: row.stream_name,
          revision: BigInt(row.revision),
          position: formatPosition(row.tx_id, row.global_seq),
          recordedAt: new Date(row.recorded_at),
        }),
      );
    },
    subscribeAll: refuse,
    headPosition: refuse,
    lastCommittedPosition: refuse,
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
}

/** Both tables' events through every projection, each into a scratch schema; then every table compared. */
async function compareReadModels(options: RewriteOptions): Promise<void> {
  const { pool, projections } = options;
  const tables = [...new Set(projections.flatMap((projection) => projection.tables))];
  for (const [side, table] of [['old', 'es_events'], ['new', NEW_TABLE]] as const) {
    const schema = SCRATCH[side];
    await pool.query(sql.unsafe`create schema ${sql.identifier([schema])}`);
    for (const name of tables) await pool.query(sql.unsafe`create table ${sql.identifier([schema, name])} (like ${sql.identifier(['public', name])} including all)`);
    const store = options.versioned(sealingEventStore(tableStore(pool, table), options.personalData, options.declarations));
    let after: string | undefined;
    for (;;) {
      const page = await store.readAll({ after: after as never, limit: PAGE });
      if (page.length === 0) break;
      const batches: Array<{ projection: Projection; wanted: StoredEvent[]; prepared: unknown }> = [];
      for (const projection of projections) {
        const wanted = projection.eventTypes === 'all' ? page : page.filter((event) => (projection.eventTypes as readonly string[]).includes(event.type));
        // Read before the transaction, as the runner does: it must not ask the pool for a second connection.
        if (wanted.length > 0) batches.push({ projection, wanted, prepared: await projection.prepare?.(wanted) });
      }
      await pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`select set_config('search_path', ${`${schema}, public`}, true)`);
        const silent = async () => undefined;
        for (const { projection, wanted, prepared } of batches) {
          if (projection.applyAll) await projection.applyAll(wanted, { tx, publish: silent, prepared });
          else for (const event of wanted) await projection.apply(event, { tx, publish: silent, prepared });
        }
      });
      after = page[page.length - 1].position;
    }
  }
  for (const name of tables) {
    const ignore = projections.flatMap((projection) => projection.writeCounters?.[name] ?? []);
    const { differing } = await compareTables(pool, { table: name, left: SCRATCH.old, right: SCRATCH.new, ignore });
    if (differing > 0) throw new RewriteRefused(`the read model table ${name} differs when rebuilt from the sealed copy (${differing} ${differing === 1 ? 'row' : 'rows'})`);
  }
  for (const schema of Object.values(SCRATCH)) await pool.query(sql.unsafe`drop schema ${sql.identifier([schema])} cascade`);
}

/** One transaction: the copy becomes es_events with the old table's trigger and settings; the old table is dropped. */
async function swap(pool: DatabasePool, copied: number, rewritten: number): Promise<void> {
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`lock table es_events in access exclusive mode`);
    const now = (await tx.oneFirst(sql.unsafe`select count(*)::int from es_events`)) as number;
    if (now !== copied) throw new RewriteRefused(`${now - copied} events were appended during the rewrite: stop the shop and run it again`);
    await tx.query(sql.unsafe`alter table es_events rename to ${sql.identifier([OLD_TABLE])}`);
    await tx.query(sql.unsafe`alter table ${sql.identifier([NEW_TABLE])} rename to es_events`);
    await tx.query(sql.unsafe`alter table es_events alter column data set statistics 0, alter column metadata set statistics 0`);
    await tx.query(sql.unsafe`select setval(pg_get_serial_sequence('es_events', 'global_seq'), (select max(global_seq) from es_events))`);
    await tx.query(sql.unsafe`
      create trigger es_events_append_only before update or delete on es_events
        for each statement execute function es_events_append_only()`);
    await tx.query(sql.unsafe`drop table ${sql.identifier([OLD_TABLE])}`);
    await tx.query(sql.unsafe`insert into pii.rewrites (events_sealed) values (${rewritten})`);
  });
}
