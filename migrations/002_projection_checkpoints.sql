-- Where each projection (and reaction) has got to in $all; moved in the same transaction as its read model.
create table projection_checkpoints (
  name       text primary key,
  position   text not null,
  updated_at timestamptz not null default now()
);
