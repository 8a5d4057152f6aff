-- The event store: one row per stream head, append-only events.
-- tx_id (xid8) lets readers of $all stop below the oldest running transaction, so an event that commits
-- late is never skipped (see ../shared/notes/event-store.md §2).
create table es_streams (
  stream_name text primary key,
  revision    bigint not null
);

create table es_events (
  global_seq  bigint generated always as identity,
  tx_id       xid8   not null default pg_current_xact_id(),
  stream_name text   not null references es_streams (stream_name),
  revision    bigint not null,
  event_id    uuid   not null unique,
  event_type  text   not null,
  data        jsonb  not null,
  metadata    jsonb  not null,
  recorded_at timestamptz not null default now(),
  primary key (stream_name, revision)
);

create index es_events_all_order on es_events (tx_id, global_seq);

create function es_events_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'es_events is append-only';
end $$;

create trigger es_events_append_only before update or delete on es_events
  for each statement execute function es_events_append_only();
