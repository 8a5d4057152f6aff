import { sql } from 'slonik';
import { pause } from '../core/pause';
import type { DatabasePool, DatabaseTransactionConnection } from '../db/pool';
import { ORIGIN, type EventStore, type Position, type StoredEvent } from '../eventstore/types';
import { handlesType } from '../projections/runner';
import type { Projection } from '../projections/types';
import { compareTables, type RowDifference } from './read-model-diff';

/** Postgres channel a swap notifies on: every shop instance drops its in-memory copies of the read models. */
export const READ_MODELS_REPLACED_CHANNEL = 'read_models_replaced';

export interface VerifyOptions {
  pool: DatabasePool;
  /** The shop's read path (sealing and versioning), as its runners read. */
  store: EventStore;
  projections: readonly Projection[];
  /** Events read and applied to the shadow at a time, and the pause after each batch: the shop keeps trading. */
  batchSize: number;
  pauseMs: number;
  /** Leave the shadow schemas in place afterwards (to look at them). */
  keep?: boolean;
  /** Then replace each live read model with its rebuilt one. */
  swap?: boolean;
  /** Differing rows described per projection (all are counted); 20 unless said. */
  maxDifferences?: number;
  signal?: AbortSignal;
  /** Waiting for the live read models to reach the rebuilt position, at most this long. */
  liveTimeoutMs?: number;
}

export interface ProjectionVerdict {
  projection: string;
  /** The position both sides were compared at. */
  position: Position;
  /** Rows of either side with no identical row on the other. */
  differing: number;
  /** The first differing rows, described column by column. */
  differences: RowDifference[];
  /** How many rows `differences` describes. */
  listed: number;
  swapped: boolean;
}

export interface VerifyReport {
  projections: ProjectionVerdict[];
  /** The outcome in plain sentences, one a line. */
  sentences: string[];
  /** True when every rebuilt read model equals the live one. */
  agrees: boolean;
}

/** A verify refused or stopped: its message is a plain sentence. */
export class VerifyFailed extends Error {
  override name = 'VerifyFailed';
}

const shadowOf = (projection: Projection) => `shadow_${projection.name}`;
const snapshotOf = (projection: Projection) => `shadow_${projection.name}_live`;
const READ_PAGE = 1000;


/** Every event after `after` up to `until` (inclusive; the head when undefined), a page at a time. */
async function* eventsBetween(store: EventStore, after: Position, until: Position | undefined, limit: number): AsyncGenerator<StoredEvent[]> {
  for (;;) {
    const page = (await store.readAll({ after, limit })).filter((event) => until === undefined || event.position <= until);
    if (page.length === 0) return;
    yield page;
    after = page[page.length - 1].position;
    if (until !== undefined && after >= until) return;
  }
}

/** A projection's rebuilt copy: its own schema with tables made like the live ones, and the position it is at. */
interface Shadow {
  projection: Projection;
  position: Position;
}

/**
 * Applies `events` to each shadow (only those after its position and up to its `until`), as the runner applies
 * them to the live tables but in one transaction whose search path starts at the shadow's schema, so the
 * projection's unqualified table names are the shadow's. Live messages are not sent.
 */
async function applyToShadows(pool: DatabasePool, shadows: readonly Shadow[], events: readonly StoredEvent[], until?: ReadonlyMap<string, Position>): Promise<void> {
  const work: Array<{ shadow: Shadow; events: StoredEvent[]; prepared: unknown; last: Position }> = [];
  for (const shadow of shadows) {
    const limit = until?.get(shadow.projection.name);
    const mine = events.filter((event) => event.position > shadow.position && (limit === undefined || event.position <= limit));
    if (mine.length === 0) continue;
    const handled = mine.filter((event) => handlesType(shadow.projection, event.type));
    // Read before the transaction, as the runner does: inside it, asking the pool for a connection could wait forever.
    const prepared = handled.length > 0 ? await shadow.projection.prepare?.(handled) : undefined;
    work.push({ shadow, events: handled, prepared, last: mine[mine.length - 1].position });
  }
  if (work.length === 0) return;
  if (work.some((item) => item.events.length > 0)) {
    await pool.transaction(async (tx) => {
      const silent = async () => undefined;
      for (const { shadow, events: handled, prepared } of work) {
        if (handled.length === 0) continue;
        await tx.query(sql.unsafe`select set_config('search_path', ${`${shadowOf(shadow.projection)}, public`}, true)`);
        if (shadow.projection.applyAll) await shadow.projection.applyAll(handled, { tx, publish: silent, prepared });
        else for (const event of handled) await shadow.projection.apply(event, { tx, publish: silent, prepared });
      }
    });
  }
  for (const { shadow, last } of work) shadow.position = last;
}

async function createSchemas(pool: DatabasePool, projections: readonly Projection[]): Promise<void> {
  await dropSchemas(pool, projections);
  for (const projection of projections) {
    await pool.query(sql.unsafe`create schema ${sql.identifier([shadowOf(projection)])}`);
    for (const table of projection.tables) {
      await pool.query(sql.unsafe`create table ${sql.identifier([shadowOf(projection), table])} (like ${sql.identifier(['public', table])} including all)`);
    }
  }
}

async function dropSchemas(pool: DatabasePool, projections: readonly Projection[]): Promise<void> {
  for (const projection of projections) {
    for (const schema of [shadowOf(projection), snapshotOf(projection)]) {
      await pool.query(sql.unsafe`drop schema if exists ${sql.identifier([schema])} cascade`);
    }
  }
}

/** Whether any event after `after` up to `until` is one `projection` reads (if none, the read model is the same at both). */
async function handlesAnyBetween(store: EventStore, projection: Projection, after: Position, until: Position): Promise<boolean> {
  if (until <= after) return false;
  for await (const page of eventsBetween(store, after, until, READ_PAGE)) {
    if (page.some((event) => handlesType(projection, event.type))) return true;
  }
  return false;
}

const checkpointsOf = async (db: DatabasePool | DatabaseTransactionConnection, projections: readonly Projection[]) =>
  new Map(
    (await db.any<{ name: string; position: Position }>(sql.unsafe`
      select name, position from projection_checkpoints where name = any(${sql.array(projections.map((p) => p.name), 'text')})`)).map((row) => [row.name, row.position]),
  );

/**
 * Copies every live table of the projections, with their checkpoints, in one repeatable-read transaction: the
 * live read models as of one position each (a projection's rows and checkpoint commit together), while the
 * runners go on. Answers the positions; undefined when a live read model is behind a shadow over events it
 * reads (it has not applied them yet), so that the copy is of no use.
 */
async function snapshotLive(pool: DatabasePool, store: EventStore, shadows: readonly Shadow[]): Promise<Map<string, Position> | undefined> {
  const positions = await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`set transaction isolation level repeatable read`);
    const live = await checkpointsOf(tx, shadows.map((shadow) => shadow.projection));
    for (const { projection } of shadows) {
      await tx.query(sql.unsafe`drop schema if exists ${sql.identifier([snapshotOf(projection)])} cascade`);
      await tx.query(sql.unsafe`create schema ${sql.identifier([snapshotOf(projection)])}`);
      for (const table of projection.tables) {
        await tx.query(sql.unsafe`create table ${sql.identifier([snapshotOf(projection), table])} as table ${sql.identifier(['public', table])}`);
      }
    }
    return new Map(shadows.map((shadow) => [shadow.projection.name, live.get(shadow.projection.name) ?? ORIGIN]));
  });
  // Read after the transaction: reading events may open sealed fields, which asks the pool for a connection.
  for (const shadow of shadows) {
    const position = positions.get(shadow.projection.name)!;
    if (position < shadow.position && (await handlesAnyBetween(store, shadow.projection, position, shadow.position))) return undefined;
  }
  return positions;
}

/** Brings the shadows up to `until` (each its own position), or to the head, paced. */
async function catchUp(options: VerifyOptions, shadows: readonly Shadow[], until?: ReadonlyMap<string, Position>): Promise<void> {
  const from = shadows.reduce((lowest, shadow) => (shadow.position < lowest ? shadow.position : lowest), shadows[0].position);
  const last = until ? [...until.values()].reduce((highest, position) => (position > highest ? position : highest), ORIGIN) : undefined;
  if (last !== undefined && last <= from) return;
  for await (const page of eventsBetween(options.store, from, last, options.batchSize)) {
    if (options.signal?.aborted) throw new VerifyFailed('The verify was stopped.');
    await applyToShadows(options.pool, shadows, page, until);
    await pause(options.pauseMs, options.signal);
  }
}

/**
 * Replaces a live read model with its shadow in one transaction: the checkpoint is locked (the live runner waits),
 * the live rows are replaced by the shadow's and the checkpoint moves to the shadow's position; then every
 * instance is told to drop its in-memory copies. The rows are copied rather than the tables renamed, so that
 * what the live tables carry and a `like` copy does not (orders' version trigger, the names of indexes and
 * constraints later migrations refer to) stays as the migrations made it. When the live model is ahead of the
 * shadow, nothing changes and its position is answered (the caller catches up and tries again).
 */
async function swapIn(pool: DatabasePool, shadow: Shadow): Promise<Position | undefined> {
  const { projection } = shadow;
  const tables = await pool.any<{ name: string; columns: string[] }>(sql.unsafe`
    select c.relname::text as name,
           array(select a.attname::text from pg_attribute a
                  where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                  order by a.attnum) as columns
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname = any(${sql.array([...projection.tables], 'text')})`);
  return pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`
      insert into projection_checkpoints (name, position) values (${projection.name}, ${ORIGIN}) on conflict (name) do nothing`);
    const live = (await tx.oneFirst(sql.unsafe`select position from projection_checkpoints where name = ${projection.name} for update`)) as Position;
    if (live > shadow.position) return live;
    for (const { name, columns } of tables) {
      // A write counter (orders.version) takes its default, a new number: a screen must never see one go backwards.
      const counters = projection.writeCounters?.[name] ?? [];
      const list = sql.join(columns.filter((column) => !counters.includes(column)).map((column) => sql.identifier([column])), sql.fragment`, `);
      await tx.query(sql.unsafe`delete from ${sql.identifier(['public', name])}`);
      await tx.query(sql.unsafe`
        insert into ${sql.identifier(['public', name])} (${list}) overriding system value
        select ${list} from ${sql.identifier([shadowOf(projection), name])}`);
    }
    await tx.query(sql.unsafe`
      update projection_checkpoints set position = ${shadow.position}, replay_until = null, updated_at = now() where name = ${projection.name}`);
    // Sent at commit, to every shop instance's listener (src/wiring/read-models.ts).
    await tx.query(sql.unsafe`select pg_notify(${READ_MODELS_REPLACED_CHANNEL}, ${projection.name})`);
    return undefined;
  });
}

const sentenceOf = (difference: RowDifference): string => {
  const where = `${difference.table}, ${difference.key}`;
  if (difference.column !== undefined) return `${where}: ${difference.column} is ${difference.left} live but ${difference.right} rebuilt.`;
  if (difference.right === undefined) return `${where}: the live row is not in the rebuilt read model (${difference.left}).`;
  return `${where}: the rebuilt row is not in the live read model (${difference.right}).`;
};

/** The report's sentences for one projection. */
export function verdictSentences(verdict: ProjectionVerdict): string[] {
  const swapped = verdict.swapped ? ' The live read model was replaced with the rebuilt one.' : '';
  if (verdict.differing === 0) return [`${verdict.projection}: the rebuilt read model equals the live one.${swapped}`];
  const rows = verdict.differing === 1 ? '1 row differs' : `${verdict.differing} rows differ`;
  const listed = verdict.differences.map(sentenceOf);
  const more = verdict.listed < verdict.differing ? [`${verdict.projection}: only the first ${verdict.listed} of them are listed.`] : [];
  return [`${verdict.projection}: ${rows} between the live and the rebuilt read model.${swapped}`, ...listed, ...more];
}

/**
 * `npm run replay -- --verify <projection|all>` and the admins' button: rebuilds each read model from the first
 * event into a shadow schema (`shadow_<projection>`, its tables made `like` the live ones, written by the
 * projection's own code with the search path pointing there), paced (`batchSize` events, then `pauseMs`) while
 * the shop trades; then compares it row by row with the live read model as of the same position (a copy taken in
 * one repeatable-read transaction, so the live runner never waits), values as stored (personal fields sealed),
 * write counters left out. With `swap`, each rebuilt read model then replaces the live one. The shadows are dropped
 * unless `keep`.
 */
export async function verifyReplay(options: VerifyOptions): Promise<VerifyReport> {
  const { pool, store, projections } = options;
  const shadows: Shadow[] = projections.map((projection) => ({ projection, position: ORIGIN }));
  const verdicts: ProjectionVerdict[] = [];
  await createSchemas(pool, projections);
  try {
    await catchUp(options, shadows);
    let positions = await snapshotLive(pool, store, shadows);
    const deadline = Date.now() + (options.liveTimeoutMs ?? 30_000);
    while (!positions) {
      // A live read model has not yet applied what the shadow has: give its runner the time to.
      if (Date.now() > deadline) throw new VerifyFailed('The live read models did not catch up with the rebuild: is the shop stopped half-way through a rebuild? Try again.');
      await pause(100, options.signal);
      positions = await snapshotLive(pool, store, shadows);
    }
    await catchUp(options, shadows, positions);
    for (const shadow of shadows) {
      const { projection } = shadow;
      let differing = 0;
      let listed = 0;
      const differences: RowDifference[] = [];
      for (const table of projection.tables) {
        const limit = Math.max(0, (options.maxDifferences ?? 20) - listed);
        const compared = await compareTables(pool, { table, left: snapshotOf(projection), right: shadowOf(projection), ignore: projection.writeCounters?.[table], limit });
        differing += compared.differing;
        listed += compared.listed;
        differences.push(...compared.differences);
      }
      verdicts.push({ projection: projection.name, position: positions.get(projection.name) ?? ORIGIN, differing, differences, listed, swapped: false });
    }
    if (options.swap) {
      for (const [index, shadow] of shadows.entries()) {
        for (let attempts = 0; ; attempts += 1) {
          const ahead = await swapIn(pool, shadow);
          if (ahead === undefined) break;
          if (attempts >= 20) throw new VerifyFailed(`${shadow.projection.name}: the live read model kept moving ahead of the rebuilt one; nothing was replaced. Try again.`);
          // The live runner applied newer events meanwhile: if none of them is the projection's, the shadow is
          // the same at that position; otherwise it catches up (to the head) first.
          if (await handlesAnyBetween(store, shadow.projection, shadow.position, ahead)) await catchUp(options, [shadow]);
          else shadow.position = ahead;
        }
        verdicts[index].swapped = true;
      }
    }
  } finally {
    if (!options.keep) await dropSchemas(pool, projections);
  }
  const sentences = verdicts.flatMap(verdictSentences);
  return { projections: verdicts, sentences, agrees: verdicts.every((verdict) => verdict.differing === 0) };
}
