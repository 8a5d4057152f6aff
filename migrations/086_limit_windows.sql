-- Issue 42: the windowed limits of src/limits (LIMIT_*) counted in Postgres, so every instance of the shop behind
-- a balancer shares one count per limit and key. One row per limit and key: its fixed window's end (the window
-- began at the first call, with the caller's clock), the calls counted in it, and the items (voucher codes) a
-- session was counted for, at most the limit's max. Keys and items are keyed hashes (HMAC-SHA256 with the
-- session key): client addresses, account ids and email addresses are never stored as such. `item_was_new` is
-- what the last firstTime call found, returned by the same statement that remembered the item. The shop's
-- hourly housekeeping deletes ended windows (forgetEndedWindows), by ends_at.
create table limit_windows (
  limit_name text not null,
  key_hash text not null,
  ends_at timestamptz not null,
  count integer not null,
  items text[] not null default '{}',
  item_was_new boolean not null default false,
  primary key (limit_name, key_hash)
);

create index limit_windows_ends_at on limit_windows (ends_at);
