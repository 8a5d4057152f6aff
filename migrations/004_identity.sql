create table users (
  id            uuid primary key,
  email         text not null,
  password_hash text not null,
  role          text not null check (role in ('customer', 'staff', 'manager', 'admin')),
  created_at    timestamptz not null default now()
);
create unique index users_email_unique on users (lower(email));

-- Failed logins, kept for throttling per account and per address.
create table login_failures (
  account   text not null,
  address   text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_account on login_failures (account, failed_at);
create index login_failures_address on login_failures (address, failed_at);
