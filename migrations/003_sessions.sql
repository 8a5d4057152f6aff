-- koa-session store: the cookie carries only the opaque id.
create table sessions (
  id         text primary key,
  data       jsonb not null,
  expires_at timestamptz not null
);
create index sessions_expires_at on sessions (expires_at);
