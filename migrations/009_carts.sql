-- Read model of baskets: owner and note from cart events, lines from the stock they hold.
create table carts (
  cart_id    uuid primary key,
  user_id    uuid,
  note       text not null default '',
  opened_at  timestamptz not null
);
create index carts_user on carts (user_id);

create table cart_lines (
  cart_id     uuid not null,
  product_id  int not null,
  variant_id  int,
  variant_key text not null,
  quantity    int not null,
  hold_until  timestamptz not null,
  added_at    text not null,
  primary key (cart_id, product_id, variant_key)
);
