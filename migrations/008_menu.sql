-- Read model of the menu: catalogue, stock levels and the holds baskets have on them.
create table menu_categories (
  id       int primary key,
  name     text not null,
  position int not null
);

create table menu_products (
  id                int primary key,
  category_id       int not null,
  name              text not null,
  short_desc        text not null,
  description       text not null,
  price_pence       int not null,
  image             text,
  virtual           boolean not null,
  position          int not null,
  status            text not null
);

create table menu_variants (
  id                     int primary key,
  product_id             int not null,
  name                   text not null,
  incremental_price_pence int not null,
  weighting              int not null,
  status                 text not null
);
create index menu_variants_product on menu_variants (product_id);

-- variant_key is the variant id as text, or '-' for a product without variants.
create table menu_stock_levels (
  product_id  int not null,
  variant_key text not null,
  units       int not null,
  primary key (product_id, variant_key)
);

create table menu_stock_holds (
  product_id  int not null,
  variant_key text not null,
  cart_id     uuid not null,
  quantity    int not null,
  hold_until  timestamptz not null,
  primary key (product_id, variant_key, cart_id)
);
create index menu_stock_holds_until on menu_stock_holds (hold_until);
