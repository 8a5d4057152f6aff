import pg from 'pg';
import { pause } from '../core/pause';
import { sql, type FragmentSqlToken } from 'slonik';
import type { DatabaseConnection, DatabasePool } from '../db/pool';
import { EventStore, ORIGIN, Position, StoredEvent } from '../eventstore/types';
import { notifyLiveHubs, outboxWriter, silentPublisher } from '../live/outbox';
import type { Projection } from './types';

/** How often a runner whose projection another instance holds tries to take it over. */
export const LOCK_RETRY_MS = 1000;

const BATCH_SIZE = 1000;
/** Under steady load, how often a checkpoint moved only over events the projection does not read is stored. */
const SKIPPED_CHECKPOINT_EVERY_MS = 1000;
/**
 * An idle runner reads the store itself (and looks for a reset checkpoint) once in this many poll intervals. The
 * waker's one subscription polls every interval and wakes the runners of anything new, so this is only the net
 * for a stalled waker: polled every interval by each of 30-odd runners, an idle shop spent a third of a CPU.
 */
const IDLE_POLLS_PER_CHECK = 10;

export class CheckpointMoved extends Error {
  override name = 'CheckpointMoved';
}

/** Wakes idle runners when new events become readable; they also poll, so a missed wake-up only delays. */
export interface Waker {
  /** Counts wake-ups; a runner notes it before reading, so one that comes while it reads is not lost. */
  generation(): number;
  /** Resolves at the next wake-up after `seen` (at once if there was one), after `timeoutMs`, or on abort. */
  next(timeoutMs: number, signal: AbortSignal, seen?: number): Promise<void>;
  /**
   * Up to `limit` events after `after` from the newest events held in memory, or undefined when `after` is
   * not inside what is held (the runner then reads the store).
   */
  readTail?(after: Position, limit: number): StoredEvent[] | undefined;
}

export interface RunnerOptions {
  store: EventStore;
  pool: DatabasePool;
  /** A plain connection string for the advisory-lock connection. */
  databaseUrl: string;
  waker: Waker;
  pollIntervalMs?: number;
  onError?: (projection: string, error: unknown) => void;
}

interface CheckpointRow {
  position: string;
  replay_until: string | null;
}

async function loadCheckpoint(pool: DatabasePool, name: string): Promise<CheckpointRow> {
  await pool.query(sql.unsafe`
    insert into projection_checkpoints (name, position) values (${name}, ${ORIGIN}) on conflict (name) do nothing`);
  return (await pool.one(sql.unsafe`
    select position, replay_until from projection_checkpoints where name = ${name}`)) as CheckpointRow;
}

export function handlesType(projection: Projection, type: string): boolean {
  return projection.eventTypes === 'all' || projection.eventTypes.includes(type);
}

/** Moves a checkpoint over events the projection does not read, if no one else moved it meanwhile. */
async function persistCheckpoint(pool: DatabasePool, name: string, expected: Position, position: Position): Promise<boolean> {
  const result = await pool.query(sql.unsafe`
    update projection_checkpoints set position = ${position}, updated_at = now()
     where name = ${name} and position = ${expected}`);
  return result.rowCount === 1;
}

/**
 * Applies one batch: the projection's rows and its checkpoint commit together, so a crash applies an event
 * either fully or not at all. The checkpoint is compared first, in case another runner moved it.
 * `committed` runs after the commit and before the live hubs are woken: a screen told of a change and asking
 * at once must not be answered from an in-process copy of the read model that has not yet dropped it. (Another
 * instance's copies, which this one cannot tell, are reloaded after MAX_AGE_WHEN_ELSEWHERE_MS.)
 */
export async function applyBatch(
  pool: DatabasePool,
  projection: Projection,
  batch: StoredEvent[],
  expected: Position,
  committed: () => void = () => undefined,
): Promise<Position> {
  const last = batch[batch.length - 1].position;
  const handles = (type: string) => handlesType(projection, type);
  const handled = batch.filter((event) => handles(event.type));
  const statement = handled.length > 0 ? await projection.batchStatement?.(handled, sql.fragment`exists (select 1 from moved)`, pool) : undefined;
  if (statement) {
    await applyInOneStatement(pool, projection, statement, expected, last);
    committed();
    return last;
  }
  let published = false;
  const prepared = projection.prepare && handled.length > 0 ? await projection.prepare(handled) : undefined;
  await pool.transaction(async (tx) => {
    // Locks the checkpoint, checks it and moves it in one statement, answering `replay_until` as it was. The
    // lock re-reads the row if a reset changed it meanwhile, so that answer is never from before a reset.
    const stored = (await tx.maybeOne(sql.unsafe`
      with locked as (
        select replay_until from projection_checkpoints
         where name = ${projection.name} and position = ${expected} for update
      )
      update projection_checkpoints c
         set position = ${last}, updated_at = now(),
             replay_until = case when locked.replay_until <= ${last} then null else locked.replay_until end
        from locked
       where c.name = ${projection.name}
      returning locked.replay_until`)) as Pick<CheckpointRow, 'replay_until'> | null;
    if (!stored) throw new CheckpointMoved(`${projection.name} is no longer at ${expected}`);
    // The batch's live messages are written together, after its rows, in the same transaction.
    const { publish: live, flush } = outboxWriter(tx, () => (published = true));
    const replaying = (event: StoredEvent) => stored.replay_until !== null && event.position <= stored.replay_until;
    const replayed = handled.filter(replaying).length;
    // A batch applier gets one publisher for the batch: live, or silent when the whole batch is a replay. A
    // batch across the end of a replay goes event by event, so that only the replayed ones are silent.
    if (projection.applyAll && handled.length > 0 && (replayed === 0 || replayed === handled.length)) {
      await projection.applyAll(handled, { tx, publish: replayed === 0 ? live : silentPublisher, prepared });
    } else {
      for (const event of handled) await projection.apply(event, { tx, publish: replaying(event) ? silentPublisher : live, prepared });
    }
    await flush();
  }, 0);
  committed();
  if (published) await notifyLiveHubs(pool);
  return last;
}

/**
 * A batch as one statement, so one round trip and one implicit transaction: the checkpoint moves (checked
 * and locked as above) and the projection's rows are written only if it did (the statement's guard reads
 * `moved`).
 */
async function applyInOneStatement(
  pool: DatabasePool,
  projection: Projection,
  statement: FragmentSqlToken,
  expected: Position,
  last: Position,
): Promise<void> {
  const { moved } = (await pool.one(sql.unsafe`
    with locked as (
      select replay_until from projection_checkpoints
       where name = ${projection.name} and position = ${expected} for update
    ),
    moved as (
      update projection_checkpoints c
         set position = ${last}, updated_at = now(),
             replay_until = case when locked.replay_until <= ${last} then null else locked.replay_until end
        from locked
       where c.name = ${projection.name}
      returning 1
    ),
    applied as (${statement})
    select count(*)::int as moved from moved`)) as { moved: number };
  if (moved === 0) throw new CheckpointMoved(`${projection.name} is no longer at ${expected}`);
}

/**
 * Whether a shop runs on this database: a running shop's runner holds each projection's advisory lock (below), so
 * a tool that must have the database to itself (the rewrite, a restore) asks for the orders one's.
 */
export async function shopIsRunning(db: DatabaseConnection): Promise<boolean> {
  const free = await db.oneFirst(sql.unsafe`
    select pg_try_advisory_lock(hashtext('projection:orders')) and pg_advisory_unlock(hashtext('projection:orders'))`);
  return free !== true;
}

/** Runs one projection: catch-up then live, only on the instance holding its advisory lock. */
export class ProjectionRunner {
  private position: Position = ORIGIN;
  private readonly progressWaiters = new Set<{ target: Position; resolve: () => void }>();
  private running?: Promise<void>;
  private controller = new AbortController();
  private lockClient?: pg.Client;
  private active = false;
  private readonly appliedListeners = new Set<(events: readonly StoredEvent[] | undefined) => void>();

  constructor(
    readonly projection: Projection,
    private readonly options: RunnerOptions,
  ) {}

  /** True while this instance holds the projection's lock and applies events. */
  get isActive(): boolean {
    return this.active;
  }

  get checkpoint(): Position {
    return this.position;
  }

  /**
   * Calls `listener` with every batch this instance commits to the read model, before the live hubs are woken
   * and anyone waiting for those events is released: an in-process cache of the read model can drop what the
   * batch changed. It is
   * called with `undefined` when the read model may have changed unseen (the runner starts or takes over
   * the projection, or finds it reset), so that such a cache drops everything.
   */
  onApplied(listener: (events: readonly StoredEvent[] | undefined) => void): void {
    this.appliedListeners.add(listener);
  }

  /**
   * The read model was replaced under the runner (a verified replay's swap, src/operations/verify-replay.ts): the
   * caches of it drop everything, on every instance, whether or not this one runs the projection.
   */
  readModelReplaced(): void {
    this.changedUnseen();
  }

  private changedUnseen(): void {
    for (const listener of this.appliedListeners) listener(undefined);
  }

  start(): void {
    this.controller = new AbortController();
    this.running = this.run(this.controller.signal);
  }

  async stop(): Promise<void> {
    this.controller.abort();
    await this.running;
    this.running = undefined;
  }

  /** Resolves once the read model includes `target` (read-your-writes), or rejects after `timeoutMs`. */
  async waitFor(target: Position, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await this.reached(target))) {
      if (Date.now() > deadline) {
        throw new Error(`Projection ${this.projection.name} did not reach ${target} within ${timeoutMs} ms`);
      }
      // Woken by our own progress; polled when another instance runs the projection.
      await new Promise<void>((resolve) => {
        if (this.position >= target) return resolve(); // advanced while reached() was asking the database
        const waiter = { target, resolve: () => { clearTimeout(timer); resolve(); } };
        const timer = setTimeout(() => {
          this.progressWaiters.delete(waiter);
          resolve();
        }, this.options.pollIntervalMs ?? 500);
        this.progressWaiters.add(waiter);
      });
    }
  }

  private async reached(target: Position): Promise<boolean> {
    if (this.position >= target) return true;
    if (this.active) return false; // this instance applies the events, so its own position is the truth
    // Another instance may run this projection: its checkpoint is in the table.
    const row = (await this.options.pool.maybeOne(sql.unsafe`
      select position from projection_checkpoints where name = ${this.projection.name}`)) as { position: string } | null;
    return row !== null && row.position >= target;
  }

  private advanced(position: Position): void {
    this.position = position;
    for (const waiter of this.progressWaiters) {
      if (position >= waiter.target) {
        this.progressWaiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  private async run(signal: AbortSignal): Promise<void> {
    const pollIntervalMs = this.options.pollIntervalMs ?? 500;
    while (!signal.aborted) {
      try {
        if (!(await this.acquireLock())) {
          // Another instance runs it: try again now and then, not at every event heard (issue 42: each try opens
          // a connection, and each of ~20 runners would try at every order's events on every other instance). A
          // holder that dies is replaced within LOCK_RETRY_MS.
          await pause(LOCK_RETRY_MS, signal);
          continue;
        }
        this.active = true;
        await this.applyUntilAborted(signal, pollIntervalMs);
      } catch (error) {
        if (!(error instanceof CheckpointMoved)) this.options.onError?.(this.projection.name, error);
        await this.options.waker.next(pollIntervalMs, signal, this.options.waker.generation());
      }
    }
    this.active = false;
    await this.releaseLock();
  }

  private async applyUntilAborted(signal: AbortSignal, pollIntervalMs: number): Promise<void> {
    const { store, pool, waker } = this.options;
    const readAll = async (after: Position) => waker.readTail?.(after, BATCH_SIZE) ?? store.readAll({ after, limit: BATCH_SIZE });
    const name = this.projection.name;
    /** The checkpoint as stored; `position` may be ahead of it over events this projection does not read. */
    let stored = (await loadCheckpoint(pool, name)).position as Position;
    this.changedUnseen();
    this.advanced(stored);
    /** The waker's count before the last read: a wake-up after it means there may be more to read. */
    let seen = waker.generation();
    let batch = await readAll(this.position);
    let checkStored = false;
    let storedAt = Date.now();
    while (!signal.aborted && this.lockClient) {
      if (batch.length > 0) {
        const last = batch[batch.length - 1].position;
        const full = batch.length === BATCH_SIZE;
        // A full batch means more is waiting: read it while this one is applied (rebuilds go twice as fast).
        const readingAhead = full ? readAll(last) : undefined;
        readingAhead?.catch(() => undefined);
        if (batch.some((event) => handlesType(this.projection, event.type))) {
          const applied = batch;
          stored = await applyBatch(pool, this.projection, batch, stored, () => {
            for (const listener of this.appliedListeners) listener(applied);
          });
          storedAt = Date.now();
        }
        // Events it does not read only move the position; the checkpoint catches up when the runner is idle
        // (or every SKIPPED_CHECKPOINT_EVERY_MS): a restart reads them again, which changes nothing.
        this.advanced(last);
        if (readingAhead) {
          seen = waker.generation();
          batch = await readingAhead;
          continue;
        }
        batch = [];
      }
      if (checkStored) {
        const current = (await pool.oneFirst(sql.unsafe`select position from projection_checkpoints where name = ${name}`)) as Position;
        if (current !== stored) {
          // Reset for a rebuild while we were idle: start again from the stored checkpoint.
          stored = current;
          this.position = current;
          this.changedUnseen();
        }
      }
      const persistSkipped = checkStored || Date.now() - storedAt >= SKIPPED_CHECKPOINT_EVERY_MS;
      if (this.position !== stored && persistSkipped && (await persistCheckpoint(pool, name, stored, this.position))) {
        stored = this.position;
        storedAt = Date.now();
      }
      const before = seen;
      await waker.next(pollIntervalMs * IDLE_POLLS_PER_CHECK, signal, before);
      // Woken by nothing new: the idle check is due, so look whether someone reset the checkpoint.
      checkStored = waker.generation() === before;
      seen = waker.generation();
      // A poll reads the store itself, so that a stalled waker cannot stall the projection.
      batch = checkStored ? await store.readAll({ after: this.position, limit: BATCH_SIZE }) : await readAll(this.position);
    }
  }

  private async acquireLock(): Promise<boolean> {
    if (this.lockClient) return true;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('error', () => {
      // The lock went with the connection: stop applying until it is taken again.
      if (this.lockClient === client) {
        this.lockClient = undefined;
        this.active = false;
      }
    });
    await client.connect();
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as locked',
      [`projection:${this.projection.name}`],
    );
    if (!rows[0].locked) {
      await client.end();
      return false;
    }
    this.lockClient = client;
    return true;
  }

  private async releaseLock(): Promise<void> {
    const client = this.lockClient;
    this.lockClient = undefined;
    await client?.end().catch(() => undefined);
  }
}

/**
 * Empties a projection's tables and sends its checkpoint back to the start in one transaction. The runner
 * holding the projection then replays everything, without publishing live messages for the old events.
 */
export async function resetProjection(pool: DatabasePool, projection: Projection, store: EventStore): Promise<void> {
  const head = await store.headPosition();
  await pool.transaction(async (tx) => {
    await tx.query(sql.unsafe`
      insert into projection_checkpoints (name, position) values (${projection.name}, ${ORIGIN})
      on conflict (name) do nothing`);
    await tx.query(sql.unsafe`select 1 from projection_checkpoints where name = ${projection.name} for update`);
    for (const table of projection.tables) await tx.query(sql.unsafe`delete from ${sql.identifier([table])}`);
    await tx.query(sql.unsafe`
      update projection_checkpoints set position = ${ORIGIN}, replay_until = ${head === ORIGIN ? null : head},
             updated_at = now()
       where name = ${projection.name}`);
  });
}
