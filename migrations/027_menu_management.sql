-- Menu management (issue 16): hidden categories, archived dishes, VAT rates, photo srcsets, daily par levels.
alter table menu_categories add column hidden boolean not null default false;
alter table menu_products add column vat_rate text not null default 'standard';
alter table menu_products add column archived boolean not null default false;
alter table menu_products add column image_srcset text;
alter table menu_stock_levels add column par_level int;
-- Allergens (the 14 UK ones, by key) and dietary tags (issue 16 item 4).
alter table menu_products add column allergens text[] not null default '{}';
alter table menu_products add column vegetarian boolean not null default false;
alter table menu_products add column vegan boolean not null default false;
alter table menu_products add column spice int not null default 0;
alter table menu_variants add column allergens text[] not null default '{}';
