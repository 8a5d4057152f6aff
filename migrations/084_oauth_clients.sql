-- OAuth clients (issue 41 item 2), the read model of projections/api-access: the sha-256 of each secret, never
-- the secret; a deleted client keeps its row (deleted_at) and opens nothing.
create table oauth_clients (
  client_id uuid primary key,
  owner_id uuid not null,
  name text not null,
  redirect text not null,
  secret_hash text not null,
  created_at timestamptz not null,
  deleted_at timestamptz
);
create index oauth_clients_owner on oauth_clients (owner_id, created_at desc);
