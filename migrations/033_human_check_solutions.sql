-- The human check's replay guard (issue 28): one row per solved challenge, kept until the challenge expires, so a
-- solution is accepted once on any instance (it was a map in each process's memory). Written by
-- src/human-check only; each claim also sweeps a batch of expired rows.
create table human_check_solutions (
  nonce      text primary key,
  expires_at timestamptz not null
);
create index human_check_solutions_expiry on human_check_solutions (expires_at);
