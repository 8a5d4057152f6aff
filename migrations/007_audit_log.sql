create table audit_log (
  position       text primary key,
  stream         text not null,
  event_type     text not null,
  actor          text not null,
  correlation_id text not null,
  occurred_at    timestamptz not null
);
create index audit_log_stream on audit_log (stream, position);
