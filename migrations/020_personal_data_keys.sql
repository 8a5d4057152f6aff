-- The personal-data envelope's keys (issue 15, crypto-shredding), kept outside the event streams so that
-- erasing a person deletes one row here and leaves every event as it was. Only src/personal-data reads this
-- schema; it is the one part of the database whose backups must be short-lived.
create schema pii;

-- One data key per subject ('customer:<id>' or 'guest_order:<id>'), wrapped (AES-256-GCM) with the master key
-- named by master_key_id. key_id is what an envelope carries, so opening one never needs the subject.
create table pii.data_keys (
  subject_id    text primary key,
  key_id        bytea not null unique,
  wrapped_key   bytea not null,          -- iv(12) || tag(16) || encrypted data key(32)
  master_key_id text not null,
  created_at    timestamptz not null default now()
);

-- The ledger of erasures: ids only. A key missing from data_keys is "erased" only when it is here; otherwise
-- it is an error to raise, never something to mask quietly. A subject in the ledger never gets a key again.
create table pii.erasures (
  subject_id text primary key,
  key_id     bytea unique,               -- null when the subject never had a key
  erased_at  timestamptz not null default now()
);
