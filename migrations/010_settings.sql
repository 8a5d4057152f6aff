-- Read model of the shop's settings; a key without a row has its default (modules/store/settings.ts).
create table settings (
  key        text primary key,
  value      jsonb not null,
  changed_at timestamptz not null
);
