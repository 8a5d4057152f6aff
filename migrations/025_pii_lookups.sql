-- Keyed hashes (HMAC-SHA-256 under a key derived from the master key) of a subject's email and phone, kept
-- outside the event streams, for exact-match lookups: the caps on unpaid phone orders, erasure by email or
-- phone, and later account linking (issue 15 item 3). A subject has at most one of each kind: the latest
-- given. Erasing the subject deletes its rows with its key, so an erased guest counts as new again.
create table pii.lookups (
  subject_id text not null,
  kind       text not null check (kind in ('email', 'phone')),
  hash       text not null,
  primary key (subject_id, kind)
);
create index pii_lookups_by_hash on pii.lookups (kind, hash);

-- The caps now find a customer's orders through pii.lookups; the plaintext indexes are no longer used.
drop index if exists orders_awaiting_payment_phone;
drop index if exists orders_awaiting_payment_email;
create index orders_awaiting_payment on orders (order_id) where status = 'AWAITING-PAYMENT';

-- The daily retention job finds the guest keys older than the retention period.
create index pii_data_keys_created on pii.data_keys (created_at);

-- Erased logins all read '[erased]': the one-login-per-address rule holds for the others.
drop index users_email_unique;
create unique index users_email_unique on users (lower(email)) where email <> '[erased]';

-- The one-time rewrite of events stored in clear before sealing existed (npm run pii:rewrite) records its run.
create table pii.rewrites (
  done_at       timestamptz not null default now(),
  events_sealed int not null
);

-- ensureKey in one round trip (the checkout's hot path): under the subject's advisory lock, the way
-- eraseSubject takes it, refuse an erased subject, else insert a key or answer the one it has. Each query of a
-- volatile function sees what committed before it ran, so a key is never made beside its own erasure.
create function pii.ensure_key(p_subject text, p_key_id bytea, p_wrapped bytea, p_master text, p_created timestamptz)
returns table (erased boolean, key_id bytea, wrapped_key bytea, master_key_id text)
language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtextextended('pii:' || p_subject, 0));
  if exists (select 1 from pii.erasures e where e.subject_id = p_subject) then
    return query select true, null::bytea, null::bytea, null::text;
    return;
  end if;
  return query
    insert into pii.data_keys as k (subject_id, key_id, wrapped_key, master_key_id, created_at)
    values (p_subject, p_key_id, p_wrapped, p_master, p_created)
    on conflict (subject_id) do nothing
    returning false, k.key_id, k.wrapped_key, k.master_key_id;
  if not found then
    return query select false, k.key_id, k.wrapped_key, k.master_key_id from pii.data_keys k where k.subject_id = p_subject;
  end if;
end $$;
