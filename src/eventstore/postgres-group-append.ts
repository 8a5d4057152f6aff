import type { AppendResult, ExpectedRevision, NewEvent } from './types';
import { type AppendOutcome, appendWith, type Queryable, settleAppend } from './postgres-append';

/**
 * Group commit for appends to different streams: while `maxInFlight` statements are running, new appends
 * wait, and the waiting ones go together as one statement (one transaction, one WAL flush) when a slot frees.
 * An append that finds a slot free is sent at once, so a quiet shop waits for nothing.
 * Each append in a group still succeeds or fails on its own expected revision; the group shares a transaction
 * id, which only orders them together in $all.
 */
export class GroupAppender {
  private readonly waiting: PendingAppend[] = [];
  private inFlight = 0;

  constructor(
    private readonly pool: Queryable,
    private readonly options: { maxInFlight: number; maxEventsPerGroup: number },
  ) {}

  append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('Nothing to append'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ stream, events, expectedRevision, resolve, reject });
      this.sendWhileSlotsFree();
    });
  }

  private sendWhileSlotsFree(): void {
    while (this.inFlight < this.options.maxInFlight && this.waiting.length > 0) {
      const group = this.takeGroup();
      this.inFlight += 1;
      void this.send(group).finally(() => {
        this.inFlight -= 1;
        this.sendWhileSlotsFree();
      });
    }
  }

  /** The oldest waiting appends, one per stream (a second append to a stream waits for the next group). */
  private takeGroup(): PendingAppend[] {
    const group: PendingAppend[] = [];
    const streams = new Set<string>();
    let events = 0;
    for (let index = 0; index < this.waiting.length; ) {
      const pending = this.waiting[index];
      const full = group.length > 0 && events + pending.events.length > this.options.maxEventsPerGroup;
      if (full) break;
      if (streams.has(pending.stream)) {
        index += 1;
        continue;
      }
      streams.add(pending.stream);
      events += pending.events.length;
      group.push(pending);
      this.waiting.splice(index, 1);
    }
    return group;
  }

  private async send(group: PendingAppend[]): Promise<void> {
    if (group.length === 1) {
      const [only] = group;
      await appendWith(this.pool, only.stream, only.events, only.expectedRevision).then(only.resolve, only.reject);
      return;
    }
    let outcomes: AppendOutcome[];
    try {
      outcomes = await appendGroup(this.pool, group);
    } catch {
      // Whatever failed the statement (a unique violation from a retry racing its original, one append's data
      // that Postgres refuses, a lost connection) failed every append in it: each then goes on its own, so a
      // bad append fails alone and the others get their own answers (issue 13).
      await Promise.all(group.map((pending) => appendWith(this.pool, pending.stream, pending.events, pending.expectedRevision).then(pending.resolve, pending.reject)));
      return;
    }
    await Promise.all(
      group.map((pending, index) =>
        settleAppend(this.pool, pending.stream, pending.events, pending.expectedRevision, outcomes[index]).then(pending.resolve, pending.reject),
      ),
    );
  }
}

interface PendingAppend {
  stream: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/**
 * Every append of the group in one statement. Each stream's head moves by the rule of its own mode (the
 * streams are distinct, so the three moves never touch the same row), and only the events of streams whose
 * head moved are inserted, numbered from it, in the group's order so that global_seq follows revision.
 */
const GROUP_APPEND = {
  name: 'es_append_group',
  text: `with req as (
           select * from unnest($1::text[], $2::text[], $3::bigint[], $4::int[], $5::uuid[])
                    with ordinality as r(stream, mode, expected, n, first_id, idx)
         ),
         fresh as (select * from req where not exists (select 1 from es_events e where e.event_id = req.first_id)),
         created as (
           insert into es_streams (stream_name, revision)
           select stream, n - 1 from fresh where mode = 'no_stream'
           on conflict do nothing returning stream_name, revision
         ),
         upserted as (
           insert into es_streams as s (stream_name, revision)
           select stream, n - 1 from fresh where mode = 'any'
           on conflict (stream_name) do update set revision = s.revision + excluded.revision + 1
           returning s.stream_name, s.revision
         ),
         updated as (
           update es_streams s set revision = s.revision + f.n
             from fresh f
            where f.mode = 'exact' and s.stream_name = f.stream and s.revision = f.expected
           returning s.stream_name, s.revision
         ),
         moved as (select * from created union all select * from upserted union all select * from updated),
         inserted as (
           insert into es_events (stream_name, revision, event_id, event_type, data, metadata)
           select f.stream, m.revision - f.n + ev.ord, ev.id, ev.type, ev.data, ev.metadata
             from unnest($6::int[], $7::uuid[], $8::text[], $9::jsonb[], $10::jsonb[], $11::int[]) as ev(idx, id, type, data, metadata, ord)
             join fresh f on f.idx = ev.idx
             join moved m on m.stream_name = f.stream
            order by ev.idx, ev.ord
           returning stream_name, global_seq
         )
         select m.revision::text as last_revision,
                (select max(i.global_seq)::text from inserted i where i.stream_name = r.stream) as global_seq,
                case when m.stream_name is not null then pg_current_xact_id()::text end as tx_id,
                exists (select 1 from es_events e where e.event_id = r.first_id) as duplicate
           from req r left join moved m on m.stream_name = r.stream
          order by r.idx`,
};

async function appendGroup(connection: Queryable, group: PendingAppend[]): Promise<AppendOutcome[]> {
  const events = group.flatMap((pending, index) => pending.events.map((event, ord) => ({ event, index: index + 1, ord: ord + 1 })));
  const { rows } = await connection.query<AppendOutcome>({
    ...GROUP_APPEND,
    values: [
      group.map((pending) => pending.stream),
      group.map((pending) => (typeof pending.expectedRevision === 'bigint' ? 'exact' : pending.expectedRevision)),
      group.map((pending) => (typeof pending.expectedRevision === 'bigint' ? pending.expectedRevision.toString() : null)),
      group.map((pending) => pending.events.length),
      group.map((pending) => pending.events[0].id),
      events.map(({ index }) => index),
      events.map(({ event }) => event.id),
      events.map(({ event }) => event.type),
      events.map(({ event }) => JSON.stringify(event.data)),
      events.map(({ event }) => JSON.stringify(event.metadata)),
      events.map(({ ord }) => ord),
    ],
  });
  if (rows.length !== group.length) throw new Error(`A group append answered ${rows.length} rows for ${group.length} appends`);
  return rows;
}
