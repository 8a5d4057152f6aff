-- The live channel's own keys (issue 30 item 1, in place of the spec's Pusher keys): one row, saved on the settings
-- screen or generated for the demo shop. The secret is never sent back; after a change the previous secret still
-- checks the tokens it signed until previous_until (their 10 minutes).
create table live_keys (
  id              smallint primary key default 1 check (id = 1),
  app_id          text not null,
  app_key         text not null,
  secret          text not null,
  previous_secret text,
  previous_until  timestamptz,
  changed_at      timestamptz not null
);
