-- Read model of orders: the customer's order and the kitchen's live view (today's orders, tally).
create table orders (
  order_id          uuid primary key,
  ref               text not null,
  cart_id           uuid not null,
  user_id           uuid,
  status            text not null,
  email             text not null default '',
  full_name         text not null default '',
  address_1         text not null default '',
  address_2         text not null default '',
  address_3         text not null default '',
  town_city         text not null default '',
  postcode          text not null default '',
  phone_number      text not null default '',
  delivery_info     text not null default '',
  note              text not null default '',
  ta_method         text,
  postage_pence     int,
  items             jsonb not null,
  items_total_pence int not null,
  total_pence       int not null,
  payment_method    text,
  submitted_at      timestamptz,
  trading_day       date,
  paid_at           timestamptz,
  due_by            timestamptz,
  notified_at       timestamptz,
  printed_copies    int not null default 0,
  completed_at      timestamptz
);
create index orders_trading_day on orders (trading_day, submitted_at);
create index orders_user on orders (user_id, submitted_at);
