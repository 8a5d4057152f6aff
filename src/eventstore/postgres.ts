import pg from 'pg';
import { AfterCommitNotifier, NotificationListener } from '../db/notification-listener';
import {
  EventStore,
  ORIGIN,
  Position,
  ReadStreamResult,
  StoredEvent,
  SubscribeOptions,
} from './types';

import { formatPosition } from './postgres-append';
import { GroupAppender } from './postgres-group-append';

export { appendWith, formatPosition } from './postgres-append';

const CHANNEL = 'es_events';
const BATCH_SIZE = 500;

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

export interface PostgresEventStoreOptions {
  url: string;
  /**
   * Append statements running at once; appends arriving meanwhile wait and go together as one (group
   * commit). 2 lets one group be prepared while another commits.
   */
  appendsInFlight?: number;
  /** How often a live subscription polls when no notification arrives. */
  pollIntervalMs?: number;
  maxConnections?: number;
}

export interface PostgresEventStore extends EventStore {
  readonly pool: pg.Pool;
}

const NOTIFY_GAP_MS = 10;

export function createPostgresEventStore(options: PostgresEventStoreOptions): PostgresEventStore {
  const pool = new pg.Pool({ connectionString: options.url, max: options.maxConnections ?? 10 });
  pool.on('error', () => undefined); // an idle client lost its connection; the pool replaces it
  const pollIntervalMs = options.pollIntervalMs ?? 500;
  const appender = new GroupAppender(pool, { maxInFlight: options.appendsInFlight ?? 2, maxEventsPerGroup: 1000 });
  const listener = new NotificationListener(options.url, CHANNEL);
  // Other instances hear of appends at most every 10 ms (about 1 query in 10 of a busy checkout otherwise).
  const notifier = new AfterCommitNotifier(
    () => listener.notifyOthers(() => pool.query(`select pg_notify('${CHANNEL}', '')`)),
    () => listener.wakeLocal(),
    NOTIFY_GAP_MS,
  );

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
   * Held back is asked of the newest committed event only (it is held back exactly when any event after
   * `after` is): a backward scan of one index entry. Asked as `exists` over every event after `after`, the
   * planner chose a sequential scan of the whole table while es_events had no statistics yet.
   */
  async function readTail(after: Position, limit: number): Promise<{ events: StoredEvent[]; heldBack: boolean }> {
    const [afterTx, afterSeq] = parsePosition(after);
    const { rows } = await pool.query<EventRow & { held_back: boolean }>({
      name: 'es_read_tail',
      text: `with horizon as (select pg_snapshot_xmin(pg_current_snapshot()) as xmin),
                  newest as (select tx_id, global_seq from es_events order by tx_id desc, global_seq desc limit 1)
             select e.*, coalesce((select n.tx_id >= horizon.xmin and (n.tx_id, n.global_seq) > ($1::text::xid8, $2::bigint)
                                     from newest n), false) as held_back
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
        // Committed events held back by an older open transaction: look again at the next commit's wake-up
        // (most often the append that holds them back) or soon, not after a whole poll interval, because the
        // commit that releases them may send no notification (a projection's transaction, say).
        if (heldBack) {
          await wakeUp.next(backoffMs, signal);
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
      const result = await appender.append(stream, events, expectedRevision);
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
