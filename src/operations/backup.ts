import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'slonik';
import type { DatabaseConnection, DatabasePool, DatabaseTransactionConnection } from '../db/pool';
import { formatPosition } from '../eventstore/postgres-append';
import { shopIsRunning } from '../projections/runner';
import { ArchiveRefused, archiveRecords, verifyArchive, writeArchive, type ArchiveManifest } from './archive';

export const BACKUP_FORMAT = 'takeaway-shop backup 1';

/** A line of a backup: one row of one table, or one file of the uploads folder. */
type BackupRecord = { table: string; row: Record<string, unknown> } | { upload: string; base64: string };

interface ShopTable {
  /** `schema.table`. */
  name: string;
  /** Every column but stored generated ones: what a restore writes. */
  columns: string[];
  /** Text columns named `position` or `replay_until`: event-store positions, which a restore renumbers. */
  positions: string[];
}

const EVENTS = 'public.es_events';
const STREAMS = 'public.es_streams';
const MIGRATIONS = 'public.schema_migrations';
/**
 * The one table a migration fills (011_postcodes.sql: the demo area's postcodes): a new database has rows there,
 * and a restore replaces them with the backup's.
 */
const FILLED_BY_MIGRATIONS = new Set(['public.postcode_locations']);
const PAGE = 1000;
const identifier = (name: string) => sql.identifier(name.split('.'));

/**
 * Every table of the shop's own schemas (`public`, `pii` and any a migration adds), in an order a restore can
 * insert them in: the event store first (the positions every other table names are renumbered from it), then
 * each table after the tables its foreign keys point at.
 */
export async function shopTables(db: DatabaseConnection): Promise<ShopTable[]> {
  const rows = await db.any<{ name: string; columns: string[]; positions: string[]; refers_to: string[] }>(sql.unsafe`
    select format('%s.%s', n.nspname, c.relname) as name,
           array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns,
           array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
                    and a.attname in ('position', 'replay_until') and a.atttypid = 'text'::regtype) as positions,
           array(select distinct format('%s.%s', fn.nspname, fc.relname) from pg_constraint f
                   join pg_class fc on fc.oid = f.confrelid join pg_namespace fn on fn.oid = fc.relnamespace
                  where f.conrelid = c.oid and f.contype = 'f' and f.confrelid <> c.oid) as refers_to
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and not c.relispartition
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
     order by 1`);
  const byName = new Map(rows.map((row) => [row.name, row]));
  const ordered: ShopTable[] = [];
  const placed = new Set<string>();
  const place = (name: string, seen: Set<string>) => {
    const row = byName.get(name);
    if (!row || placed.has(name) || seen.has(name)) return;
    seen.add(name);
    for (const dependency of row.refers_to) place(dependency, seen);
    placed.add(name);
    ordered.push({ name, columns: row.columns, positions: row.positions });
  };
  for (const name of [STREAMS, EVENTS, ...byName.keys()]) place(name, new Set());
  return ordered;
}

function* uploadRecords(uploadsDir: string, under = ''): Generator<{ category: string; record: BackupRecord }> {
  const folder = path.join(uploadsDir, under);
  if (!fs.existsSync(folder)) return;
  for (const entry of fs.readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = path.join(under, entry.name);
    if (entry.isDirectory()) yield* uploadRecords(uploadsDir, relative);
    else if (entry.isFile()) yield { category: 'uploads', record: { upload: relative, base64: fs.readFileSync(path.join(uploadsDir, relative)).toString('base64') } };
  }
}

/**
 * `npm run backup`: every row of every table the shop owns, read in one repeatable-read, read-only transaction
 * (one consistent snapshot, while the shop trades), and every file of the uploads folder, into one gzip'd
 * archive (archive.ts). The events go in commit order, so a restore can renumber their positions.
 */
export async function backupShop(pool: DatabasePool, options: { file: string; uploadsDir: string }): Promise<ArchiveManifest> {
  return pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`set transaction isolation level repeatable read, read only`);
    const tables = await shopTables(tx);
    async function* records(): AsyncGenerator<{ category: string; record: BackupRecord }> {
      for (const table of tables) {
        let after: { at: string; tx?: string } | null = null;
        for (;;) {
          const page: readonly { at: string; tx: string | null; row: Record<string, unknown> }[] =
            table.name === EVENTS
              ? await tx.any(sql.unsafe`
                  select global_seq::text as at, tx_id::text as tx, to_jsonb(t) as row from es_events t
                   where ${after === null ? sql.fragment`true` : sql.fragment`(tx_id, global_seq) > (${after.tx!}::xid8, ${after.at}::bigint)`}
                   order by tx_id, global_seq limit ${PAGE}`)
              : await tx.any(sql.unsafe`
                  select ctid::text as at, null as tx, to_jsonb(t) as row from ${identifier(table.name)} t
                   where ${after === null ? sql.fragment`true` : sql.fragment`ctid > ${after.at}::tid`}
                   order by ctid limit ${PAGE}`);
          for (const { row } of page) yield { category: table.name, record: { table: table.name, row } };
          if (page.length < PAGE) break;
          const last = page[page.length - 1];
          after = { at: last.at, tx: last.tx ?? undefined };
        }
      }
      yield* uploadRecords(options.uploadsDir);
    }
    return writeArchive(options.file, { format: BACKUP_FORMAT, records: records(), gzip: true });
  });
}

function asRecord(record: unknown): BackupRecord {
  const value = record as Partial<{ table: unknown; row: unknown; upload: unknown; base64: unknown }> | null;
  if (value && typeof value.table === 'string' && typeof value.row === 'object' && value.row !== null) return value as BackupRecord;
  if (value && typeof value.upload === 'string' && typeof value.base64 === 'string') {
    const parts = value.upload.split(/[\\/]/);
    if (!path.isAbsolute(value.upload) && !parts.includes('..') && value.upload !== '') return value as BackupRecord;
  }
  throw new ArchiveRefused('A line of the file is neither a table row nor an uploaded file of a backup.');
}

function backupCategory(record: unknown): string {
  const value = asRecord(record);
  return 'table' in value ? value.table : 'uploads';
}

/** Old position → new, for the positions rows name: an event's own, or (a checkpoint between events) the last before it. */
function positionMapper(old: string[], renumbered: Map<string, string>) {
  return (value: unknown): unknown => {
    if (typeof value !== 'string' || value === '0' || !/^\d{20}\.\d{20}$/.test(value)) return value;
    const exact = renumbered.get(value);
    if (exact !== undefined) return exact;
    let low = 0;
    let high = old.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (old[middle] <= value) low = middle + 1;
      else high = middle;
    }
    return low === 0 ? '0' : renumbered.get(old[low - 1])!;
  };
}

async function insertRows(tx: DatabaseTransactionConnection, table: ShopTable, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = sql.join(table.columns.map((column) => sql.identifier([column])), sql.fragment`, `);
  await tx.query(sql.unsafe`
    insert into ${identifier(table.name)} (${columns}) overriding system value
    select ${columns} from jsonb_populate_recordset(null::${identifier(table.name)}, ${JSON.stringify(rows)}::jsonb)`);
}

/**
 * `npm run restore`: into a database no shop runs on and that holds nothing yet (migrated by the same code as
 * the backup's), every table in the backup's order in one transaction, with the identity and serial sequences set
 * past the largest ids, and the uploads written back (before the commit; removed again if it fails).
 *
 * The events keep their order, ids and revisions, but take this database's transaction id and new sequence
 * numbers: a new cluster's transaction ids start low, and a reader of `$all` sees only events below the oldest
 * running transaction, so the backup's own ids would hide every event (and sort new ones before them). Every
 * position a row names (checkpoints, the audit log, the store log) is renumbered with them.
 */
export async function restoreBackup(pool: DatabasePool, options: { file: string; uploadsDir: string }): Promise<ArchiveManifest> {
  const manifest = await verifyArchive(options.file, { format: BACKUP_FORMAT, categoryOf: backupCategory });
  if (await shopIsRunning(pool)) throw new ArchiveRefused('The shop is running: stop it before a restore.');
  const tables = await shopTables(pool);
  const known = new Map(tables.map((table) => [table.name, table]));
  for (const name of Object.keys(manifest.counts)) {
    if (name !== 'uploads' && !known.has(name)) throw new ArchiveRefused(`The backup holds a table this shop does not have (${name}): restore it with the version of the shop that took it.`);
  }
  const migrations = (await pool.anyFirst<string>(sql.unsafe`select name from schema_migrations order by name`)).join(',');
  const backedUp: string[] = [];
  for await (const record of archiveRecords(options.file)) {
    const value = asRecord(record);
    if ('table' in value && value.table === MIGRATIONS) backedUp.push(String(value.row.name));
  }
  if (backedUp.sort().join(',') !== migrations) {
    throw new ArchiveRefused('The backup was taken by another version of the shop (its migrations differ): restore it with that version, then upgrade.');
  }
  for (const table of tables) {
    if (table.name === MIGRATIONS || FILLED_BY_MIGRATIONS.has(table.name)) continue;
    if ((await pool.oneFirst(sql.unsafe`select exists (select 1 from ${identifier(table.name)})`)) === true) {
      throw new ArchiveRefused(`This database is not empty (${table.name} has rows): restore only into a new one.`);
    }
  }
  if (fs.existsSync(options.uploadsDir) && fs.readdirSync(options.uploadsDir).length > 0) {
    throw new ArchiveRefused(`${options.uploadsDir} is not empty: restore only into a new data folder.`);
  }

  const written: string[] = [];
  try {
    for await (const record of archiveRecords(options.file)) {
      const value = asRecord(record);
      if (!('upload' in value)) continue;
      const target = path.join(options.uploadsDir, value.upload);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, Buffer.from(value.base64, 'base64'));
      written.push(target);
    }
    await pool.transaction(async (tx) => {
      const txId = await tx.oneFirst<string>(sql.unsafe`select pg_current_xact_id()::text`);
      for (const name of FILLED_BY_MIGRATIONS) if (known.has(name)) await tx.query(sql.unsafe`delete from ${identifier(name)}`);
      const oldPositions: string[] = [];
      const renumbered = new Map<string, string>();
      let mapPosition = positionMapper(oldPositions, renumbered);
      let current: ShopTable | undefined;
      let rows: Record<string, unknown>[] = [];
      const flush = async () => {
        if (current) await insertRows(tx, current, rows);
        rows = [];
      };
      for await (const record of archiveRecords(options.file)) {
        const value = asRecord(record);
        if (!('table' in value) || value.table === MIGRATIONS) continue;
        if (current?.name !== value.table || rows.length >= PAGE) {
          await flush();
          if (current?.name === EVENTS && value.table !== EVENTS) mapPosition = positionMapper(oldPositions.sort(), renumbered);
          current = known.get(value.table)!;
        }
        const row = { ...value.row };
        if (current.name === EVENTS) {
          const seq = String(oldPositions.length + 1);
          const old = formatPosition(String(row.tx_id), String(row.global_seq));
          oldPositions.push(old);
          renumbered.set(old, formatPosition(txId, seq));
          row.tx_id = txId;
          row.global_seq = seq;
        }
        for (const column of current.positions) row[column] = mapPosition(row[column]);
        rows.push(row);
      }
      await flush();
      await setSequencesPastTheLargestIds(tx);
    });
  } catch (error) {
    for (const file of written) fs.rmSync(file, { force: true });
    throw error;
  }
  return manifest;
}

/**
 * The key store of a backup (every table of the `pii` schema but the withheld keys) into a shop that has none yet:
 * for an import elsewhere (`npm run import -- <export> --key-store <backup>`), whose people then open under the
 * same master key instead of reading "[erased]".
 */
export async function restoreKeyStore(pool: DatabasePool, file: string): Promise<number> {
  await verifyArchive(file, { format: BACKUP_FORMAT, categoryOf: backupCategory });
  const tables = new Map((await shopTables(pool)).filter((table) => table.name.startsWith('pii.') && table.name !== 'pii.withheld_keys').map((table) => [table.name, table]));
  for (const name of tables.keys()) {
    if ((await pool.oneFirst(sql.unsafe`select exists (select 1 from ${identifier(name)})`)) === true) {
      throw new ArchiveRefused(`This shop has a key store already (${name} has rows): restore one only into a new shop.`);
    }
  }
  return pool.transaction(async (tx) => {
    let rows = 0;
    for await (const record of archiveRecords(file)) {
      const value = asRecord(record);
      const table = 'table' in value ? tables.get(value.table) : undefined;
      if (!table || !('row' in value)) continue;
      await insertRows(tx, table, [value.row]);
      rows += 1;
    }
    return rows;
  });
}

async function setSequencesPastTheLargestIds(tx: DatabaseTransactionConnection): Promise<void> {
  const owned = await tx.any<{ table_name: string; column_name: string; sequence: string }>(sql.unsafe`
    select format('%s.%s', n.nspname, c.relname) as table_name, a.attname::text as column_name,
           pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) as sequence
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
       and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
       and pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) is not null`);
  for (const { table_name: table, column_name: column, sequence } of owned) {
    await tx.query(sql.unsafe`
      select setval(${sequence}::regclass, coalesce((select max(${sql.identifier([column])}) from ${identifier(table)}), 0) + 1, false)`);
  }
}
