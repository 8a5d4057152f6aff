-- Issue 35: money staff gave back. The order row carries what was refunded and how it stands; each refund is a
-- row of the trading day it was made on, whose takings it comes off (the order stays in its own day).
alter table orders
  add column refunded_pence int not null default 0,
  add column refund_standing text not null default 'NONE';

create table order_refunds (
  order_id     uuid not null,
  refund_no    int not null,
  trading_day  date not null,
  amount_pence int not null,
  by_hand      boolean not null,
  reason       text not null,
  lines        int[] not null,
  restocked    boolean not null,
  refunded_at  timestamptz not null,
  primary key (order_id, refund_no)
);
create index order_refunds_day on order_refunds (trading_day);
