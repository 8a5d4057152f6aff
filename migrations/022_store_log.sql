-- The kitchen's "today" log (issue 14 item 8): store status, delivery and opening-hours changes, who and when.
-- Written by the settings projection; actor is the event's actor (a user id, or 'system' for the store clock).
create table store_log (
  position    text primary key,
  trading_day text not null,
  key         text not null,
  value       jsonb not null,
  actor       text not null,
  changed_at  timestamptz not null
);
create index store_log_day on store_log (trading_day, position);
