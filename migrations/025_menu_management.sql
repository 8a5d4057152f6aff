-- Menu management (issue 16): hidden categories, archived dishes, VAT rates, photo srcsets, daily par levels.
alter table menu_categories add column hidden boolean not null default false;
alter table menu_products add column vat_rate text not null default 'standard';
alter table menu_products add column archived boolean not null default false;
alter table menu_products add column image_srcset text;
alter table menu_stock_levels add column par_level int;
