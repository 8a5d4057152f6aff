-- Keys an import brought envelopes for but not the keys themselves (issue 40: an export carries no keys). Such an
-- envelope reads as "[erased]" instead of stopping every reader with a missing key, and is no erasure: once the
-- key store is restored from a backup (its row in pii.data_keys), the key opens it again.
create table pii.withheld_keys (
  key_id      bytea primary key,
  withheld_at timestamptz not null default now()
);
