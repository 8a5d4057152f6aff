-- Transactional outbox for Server-Sent Events. Projections write a row in the same transaction as their
-- read-model change; every app instance tails it. Writers take a per-channel advisory lock first, so within
-- a channel ids commit in increasing order and a tailing reader never skips one.
create table live_messages (
  id         bigint generated always as identity primary key,
  channel    text not null,
  event      text not null,
  data       jsonb not null,
  created_at timestamptz not null default now()
);
create index live_messages_channel on live_messages (channel, id);
