-- Accounts are event-sourced (issue 15): each login is the stream account-<id>, and users is its read model
-- (projections/accounts). Secrets are not history, so they leave users for account_credentials, which the
-- account handlers write in the same request, before the event that says what happened.
create table account_credentials (
  account_id          uuid primary key,
  -- lower(email): one login per address, reserved before the account's first event so that two invitations
  -- sent at once cannot make two streams for one person.
  email_key           text not null unique,
  password_hash       text,
  password_changed_at timestamptz,
  totp_secret         text,
  -- A secret shown to the person but not yet confirmed with a code.
  totp_pending_secret text,
  -- The last TOTP step accepted: a code of that step or an earlier one is never taken again.
  totp_last_step      bigint
);
insert into account_credentials (account_id, email_key, password_hash, password_changed_at)
  select id, lower(email), password_hash, created_at from users;

alter table users drop column password_hash;
alter table users
  add column status               text not null default 'active' check (status in ('invited', 'active', 'disabled')),
  add column must_change_password boolean not null default false,
  add column totp_enabled         boolean not null default false,
  add column invited_until        timestamptz,
  add column last_login_at        timestamptz,
  -- The account's folded state (the account module's evolve); null for a user stored before this change, until
  -- the start-up adopts it into a stream of its own.
  add column state                jsonb;
