-- Where each projection (and reaction) has got to in $all; moved in the same transaction as its read model.
-- replay_until: while a rebuilt projection replays events up to this position it publishes no live messages,
-- so staff screens are not flooded with old orders.
create table projection_checkpoints (
  name         text primary key,
  position     text not null,
  replay_until text,
  updated_at   timestamptz not null default now()
);
