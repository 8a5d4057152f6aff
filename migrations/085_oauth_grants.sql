-- The OAuth 2 authorization server's grants (issue 41 item 2): authorization codes and tokens, each kept only as
-- the sha-256 of its text. Not events: a code lives 60 s and a token 15 minutes, and a refresh rotates both;
-- the consent is what a person decides, and each row names who (user_id) and for which client.
create table oauth_codes (
  code_hash text primary key,
  client_id uuid not null,
  user_id uuid not null,
  scopes text[] not null,
  redirect text not null,
  code_challenge text not null,
  code_challenge_method text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

-- One row per access token with its refresh token. `family` is the authorization code the chain of refreshes
-- began with: a refresh token used twice (or a code used twice) revokes the whole family.
create table oauth_tokens (
  token_id uuid primary key,
  family text not null,
  access_hash text not null unique,
  access_expires_at timestamptz not null,
  refresh_hash text unique,
  refresh_expires_at timestamptz,
  client_id uuid not null,
  user_id uuid not null,
  scopes text[] not null,
  created_at timestamptz not null,
  revoked_at timestamptz
);
create index oauth_tokens_user on oauth_tokens (user_id, client_id);
create index oauth_tokens_family on oauth_tokens (family);
