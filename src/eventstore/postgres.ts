import pg from 'pg';
import { AfterCommitNotifier, NotificationListener } from '../db/notification-listener';
import {
  AppendResult,
  DuplicateEventId,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ORIGIN,
  Position,
  ReadStreamResult,
  StoredEvent,
  SubscribeOptions,
  WrongExpectedVersion,
} from './types';

const CHANNEL = 'es_events';
const BATCH_SIZE = 500;

export function formatPosition(txId: string | bigint, seq: string | bigint): Position {
  return `${String(txId).padStart(20, '0')}.${String(seq).padStart(20, '0')}` as Position;
}

function parsePosition(position: Position | undefined): [string, string] {
  if (!position || position === ORIGIN) return ['0', '0'];
  const match = /^(\d{20})\.(\d{20})$/.exec(position);
  if (!match) throw new Error(`Not a Postgres event-store position: ${position}`);
  return [BigInt(match[1]).toString(), BigInt(match[2]).toString()];
}

interface EventRow {
  stream_name: string;
  revision_text: string;
  event_id: string;
  event_type: string;
  data: unknown;
  metadata: StoredEvent['metadata'];
  recorded_at: Date;
  tx_text: string;
  seq_text: string;
}

// Output names differ from the columns on purpose: `order by tx_id` must sort the xid8 column, not its text.
const EVENT_COLUMNS = `stream_name, revision::text as revision_text, event_id, event_type, data, metadata, recorded_at,
  tx_id::text as tx_text, global_seq::text as seq_text`;

function toStoredEvent(row: EventRow): StoredEvent {
  return {
    id: row.event_id,
    type: row.event_type,
    data: row.data,
    metadata: row.metadata,
    stream: row.stream_name,
    revision: BigInt(row.revision_text),
    position: formatPosition(row.tx_text, row.seq_text),
    recordedAt: row.recorded_at,
  };
}

/** Anything that runs a query: the pool, or a client inside a transaction the caller controls. */
export type Queryable = Pick<pg.PoolClient, 'query'>;

/**
 * How an append moves its stream's head, by expected revision: `$1` stream, `$2` ids (uuid[]), `$6` the exact
 * revision expected. Nothing moves when the first id is already stored (a retry), so the events are not
 * inserted; the caller then finds out why from the answer.
 */
const MOVE_HEAD = {
  no_stream: `insert into es_streams (stream_name, revision)
              select $1, cardinality($2::uuid[]) - 1 where not exists (select 1 from es_events where event_id = ($2::uuid[])[1])
              on conflict do nothing returning revision`,
  any: `insert into es_streams as s (stream_name, revision)
        select $1, cardinality($2::uuid[]) - 1 where not exists (select 1 from es_events where event_id = ($2::uuid[])[1])
        on conflict (stream_name) do update set revision = s.revision + cardinality($2::uuid[]) returning s.revision`,
  exact: `update es_streams s set revision = s.revision + cardinality($2::uuid[])
           where s.stream_name = $1 and s.revision = $6::bigint
             and not exists (select 1 from es_events where event_id = ($2::uuid[])[1])
          returning s.revision`,
} as const;

/**
 * One statement per append: move the stream's head if the expected revision holds, insert the events
 * numbered from it. (A plpgsql function did the same at about two thirds of the rate.)
 */
const appendStatement = (mode: keyof typeof MOVE_HEAD) => ({
  name: `es_append_${mode}`,
  text: `with moved as (${MOVE_HEAD[mode]}),
         inserted as (
           insert into es_events (stream_name, revision, event_id, event_type, data, metadata)
           select $1, moved.revision - cardinality($2::uuid[]) + t.ord, t.id, t.type, t.data, t.metadata
             from moved, unnest($2::uuid[], $3::text[], $4::jsonb[], $5::jsonb[]) with ordinality as t(id, type, data, metadata, ord)
           returning global_seq
         )
         select (select revision::text from moved) as last_revision,
                (select max(global_seq)::text from inserted) as global_seq,
                case when exists (select 1 from moved) then pg_current_xact_id()::text end as tx_id,
                exists (select 1 from es_events where event_id = ($2::uuid[])[1]) as duplicate`,
});

/**
 * Appends through `connection`. The store's own `append` uses the pool; tests use it with a client whose
 * transaction they hold open, to commit events late.
 */
export async function appendWith(
  connection: Queryable,
  stream: string,
  events: NewEvent[],
  expectedRevision: ExpectedRevision,
): Promise<AppendResult> {
  if (events.length === 0) throw new Error('Nothing to append');
  const mode = typeof expectedRevision === 'bigint' ? 'exact' : expectedRevision;
  let outcome: { last_revision: string | null; global_seq: string | null; tx_id: string | null; duplicate: boolean };
  try {
    const result = await connection.query({
      // A named statement is parsed and planned once per connection.
      ...appendStatement(mode),
      values: [
        stream,
        events.map((event) => event.id),
        events.map((event) => event.type),
        events.map((event) => JSON.stringify(event.data)),
        events.map((event) => JSON.stringify(event.metadata)),
        ...(typeof expectedRevision === 'bigint' ? [expectedRevision.toString()] : []),
      ],
    });
    outcome = result.rows[0];
  } catch (error) {
    // A concurrent retry of the same batch got there first (it raced past the duplicate check).
    if ((error as { code?: string }).code === '23505') return storedResultOf(connection, stream, events);
    throw error;
  }
  if (outcome.last_revision !== null) {
    return { nextRevision: BigInt(outcome.last_revision), position: formatPosition(outcome.tx_id!, outcome.global_seq!) };
  }
  if (outcome.duplicate) return storedResultOf(connection, stream, events);
  // The conflict may be our own earlier attempt, committed before its answer was lost.
  const retried = await storedResultOf(connection, stream, events).catch(() => undefined);
  if (retried) return retried;
  const { rows } = await connection.query<{ revision: string }>(
    'select revision::text from es_streams where stream_name = $1',
    [stream],
  );
  throw new WrongExpectedVersion(stream, expectedRevision, rows.length === 0 ? 'no_stream' : BigInt(rows[0].revision));
}

/** The stored result of a batch that was already appended, or DuplicateEventId when the ids were used otherwise. */
async function storedResultOf(connection: Queryable, stream: string, events: NewEvent[]): Promise<AppendResult> {
  const { rows } = await connection.query<{ event_id: string; same: boolean; revision: string; tx_id: string; global_seq: string }>(
    `select sent.id as event_id, stored.revision::text, stored.tx_id::text, stored.global_seq::text,
            (stored.stream_name = $2 and stored.event_type = sent.type and stored.data = sent.data
             and stored.revision - sent.ord = (select min(e.revision) from es_events e where e.event_id = any($1::uuid[])) - 1) as same
       from unnest($1::uuid[], $3::text[], $4::jsonb[]) with ordinality as sent(id, type, data, ord)
       left join es_events stored on stored.event_id = sent.id
      order by sent.ord`,
    [events.map((event) => event.id), stream, events.map((event) => event.type), events.map((event) => JSON.stringify(event.data))],
  );
  const mismatch = rows.find((row) => row.same !== true);
  if (mismatch) throw new DuplicateEventId(mismatch.event_id);
  const last = rows[rows.length - 1];
  return { nextRevision: BigInt(last.revision), position: formatPosition(last.tx_id, last.global_seq) };
}

export interface PostgresEventStoreOptions {
  url: string;
  /** How often a live subscription polls when no notification arrives. */
  pollIntervalMs?: number;
  maxConnections?: number;
}

export interface PostgresEventStore extends EventStore {
  readonly pool: pg.Pool;
}

export function createPostgresEventStore(options: PostgresEventStoreOptions): PostgresEventStore {
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  pool.on('error', () => undefined); // an idle client lost its connection; the pool replaces it
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const listener = new NotificationListener(options.url, CHANNEL);
  const notifier = new AfterCommitNotifier(() => pool.query(`select pg_notify('${CHANNEL}', '')`), () => listener.wakeLocal());

  async function readAll({ after, limit }: { after?: Position; limit: number }): Promise<StoredEvent[]> {
    const [afterTx, afterSeq] = parsePosition(after);
    const { rows } = await pool.query<EventRow>(
      `select ${EVENT_COLUMNS} from es_events
        where (tx_id, global_seq) > ($1::text::xid8, $2::bigint)
          and tx_id < pg_snapshot_xmin(pg_current_snapshot())
        order by tx_id, global_seq
        limit $3`,
      [afterTx, afterSeq, limit],
    );
    return rows.map(toStoredEvent);
  }

  /**
   * Up to `limit` readable events after `after`, and whether committed events after `after` are held back
   * behind the horizon (by an older transaction still open), in one round trip.
   */
  async function readTail(after: Position, limit: number): Promise<{ events: StoredEvent[]; heldBack: boolean }> {
    const [afterTx, afterSeq] = parsePosition(after);
    const { rows } = await pool.query<EventRow & { held_back: boolean }>({
      name: 'es_read_tail',
      text: `with horizon as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin)
             select e.*, exists(select 1 from es_events h
                                 where h.tx_id >= horizon.xmin and (h.tx_id, h.global_seq) > ($1::text::xid8, $2::bigint)) as held_back
               from horizon
               left join lateral (
                 select ${EVENT_COLUMNS} from es_events
                  where (tx_id, global_seq) > ($1::text::xid8, $2::bigint) and tx_id < horizon.xmin
                  order by tx_id, global_seq
                  limit $3
               ) e on true`,
      values: [afterTx, afterSeq, limit],
    });
    return { events: rows.filter((row) => row.event_id !== null).map(toStoredEvent), heldBack: rows[0]?.held_back ?? false };
  }

  async function subscribeAll({ after, onEvent, signal }: SubscribeOptions): Promise<void> {
    let position = after ?? ORIGIN;
    let backoffMs = 2;
    const wakeUp = listener.subscribe();
    try {
      while (!signal.aborted) {
        const { events, heldBack } = await readTail(position, BATCH_SIZE);
        for (const event of events) {
          if (signal.aborted) return;
          await onEvent(event);
          position = event.position;
        }
        if (events.length === BATCH_SIZE) continue;
        if (events.length > 0) backoffMs = 2; // progress: whatever held events back may be gone already
        // Committed events held back by an older open transaction: look again soon, not after a whole poll
        // interval, because the commit that releases them may send no notification. Events committed after
        // this read will notify.
        if (heldBack) {
          await new Promise((resolve) => setTimeout(resolve, backoffMs));
          backoffMs = Math.min(backoffMs * 2, 50);
          continue;
        }
        backoffMs = 2;
        await wakeUp.next(pollIntervalMs, signal);
      }
    } finally {
      wakeUp.close();
    }
  }

  return {
    kind: 'postgres',
    pool,
    async append(stream, events, { expectedRevision }) {
      const result = await appendWith(pool, stream, events, expectedRevision);
      notifier.poke();
      return result;
    },

    async read(stream, { fromRevision = 0n, maxCount } = {}): Promise<ReadStreamResult> {
      // One round trip: the stream's head joined with the events asked for (none when caught up).
      const { rows } = await pool.query<EventRow & { head: string }>({
        name: 'es_read_stream',
        text: `select s.revision::text as head, e.stream_name, e.revision::text as revision_text, e.event_id, e.event_type,
                      e.data, e.metadata, e.recorded_at, e.tx_id::text as tx_text, e.global_seq::text as seq_text
                 from es_streams s
                 left join lateral (
                   select * from es_events where stream_name = s.stream_name and revision >= $2 order by revision limit $3
                 ) e on true
                where s.stream_name = $1
                order by e.revision`,
        values: [stream, fromRevision.toString(), maxCount ?? null],
      });
      if (rows.length === 0) return { revision: 'no_stream', events: [] };
      const events = rows.filter((row) => row.event_id !== null).map(toStoredEvent);
      // The head row may be ahead of what this snapshot reads when an append commits in between; the events decide.
      const revision = events.length > 0 && maxCount === undefined ? events[events.length - 1].revision : BigInt(rows[0].head);
      return { revision, events };
    },

    readAll,
    subscribeAll,

    async headPosition() {
      const { rows } = await pool.query<{ tx_text: string; seq_text: string }>(
        `select tx_id::text as tx_text, global_seq::text as seq_text from es_events
          where tx_id < pg_snapshot_xmin(pg_current_snapshot())
          order by tx_id desc, global_seq desc limit 1`,
      );
      return rows.length ? formatPosition(rows[0].tx_text, rows[0].seq_text) : ORIGIN;
    },

    async lastCommittedPosition() {
      const { rows } = await pool.query<{ tx_text: string; seq_text: string }>(
        `select tx_id::text as tx_text, global_seq::text as seq_text from es_events order by tx_id desc, global_seq desc limit 1`,
      );
      return rows.length ? formatPosition(rows[0].tx_text, rows[0].seq_text) : ORIGIN;
    },

    async ping() {
      await pool.query('select 1');
    },

    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
