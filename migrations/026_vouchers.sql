-- Vouchers (issue 19). The vouchers read model: one row per voucher (its state folded by the voucher module's
-- own evolve), its codes, and its uses by order.
create table vouchers (
  voucher_id   uuid primary key,
  status       text not null,
  description  text not null,
  single_use   boolean not null,
  code_count   integer not null,
  state        jsonb not null,
  created_at   timestamptz not null
);
create table voucher_codes (
  code         text primary key,
  voucher_id   uuid not null
);
create table voucher_uses (
  voucher_id       uuid not null,
  order_id         uuid not null,
  code             text not null,
  deduction_pence  integer not null,
  status           text not null,
  reserved_at      timestamptz not null,
  confirmed_at     timestamptz,
  released_at      timestamptz,
  primary key (voucher_id, order_id)
);
create index voucher_uses_order on voucher_uses (order_id);

-- Outside the event streams: which customer (the keyed hash of their email, never the email) held which
-- voucher use, and which orders they paid, for "first order only" and the cap per customer. Events name the
-- order only. A customer whose personal data is erased counts as new again once their rows go.
create table voucher_customers (
  order_id     uuid primary key,
  email_hash   text not null,
  voucher_id   uuid,
  holds_use    boolean not null default false,
  paid         boolean not null default false
);
create index voucher_customers_hash on voucher_customers (email_hash);

-- The voucher on an order, for the kitchen's row, the ticket, the confirmation email and the order page.
alter table orders add column voucher_code text, add column voucher_deduction_pence integer not null default 0;
