-- Issue 42: the shop as several instances on one database. Each shop process registers itself and beats every
-- 10 s (src/instances); what an instance holds that others must count (its staff screens, its open live streams)
-- hangs off its row, so the row's deletion (a clean stop, or found dead by another's beat) takes it all.
create table shop_instances (
  id uuid primary key,
  host text not null,
  pid integer not null,
  started_at timestamptz not null,
  seen_at timestamptz not null
);

-- How many staff screens follow the live orders on each instance, and when one last did (src/live/staff-presence.ts).
create table staff_presence (
  instance_id uuid primary key references shop_instances (id) on delete cascade,
  screens integer not null,
  last_seen_at timestamptz
);

-- One row per open live stream (src/limits/live-streams.ts): the caps per session and per address count every
-- instance's. The session and the address only as keyed hashes.
create table live_streams (
  id bigserial primary key,
  instance_id uuid not null references shop_instances (id) on delete cascade,
  address_key text not null,
  session_key text,
  opened_at timestamptz not null
);
create index live_streams_address on live_streams (address_key);
create index live_streams_session on live_streams (session_key) where session_key is not null;
create index live_streams_instance on live_streams (instance_id);

-- The last period each background job ran in, across instances (src/instances/jobs.ts).
create table job_runs (
  name text primary key,
  done_period bigint not null,
  ran_at timestamptz not null,
  ran_by uuid not null
);

-- When the store clock last called staff to open (the opening instant of that shift; modules/store/store-clock.ts):
-- once a shift across every instance and restart, whichever instance's tick comes first.
create table store_clock_calls (
  id smallint primary key default 1 check (id = 1),
  called_to_open_for timestamptz not null
);
