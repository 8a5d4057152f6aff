-- API credentials (issue 41). The personal access tokens' read model (projections/api-access): the sha-256 of each
-- token, never the token; a revoked token keeps its row (revoked_at) and opens nothing.
create table api_tokens (
  token_id uuid primary key,
  owner_id uuid not null,
  name text not null,
  scopes text[] not null,
  token_hash text not null unique,
  created_at timestamptz not null,
  revoked_at timestamptz
);
create index api_tokens_owner on api_tokens (owner_id, created_at desc);

-- When each token last opened the API: a fact of use, written by the bearer check, not by an event (one event per
-- call would flood the store). Not a projection's table, so a rebuild of api_tokens keeps it.
create table api_token_uses (
  token_id uuid primary key,
  last_used_at timestamptz not null
);
