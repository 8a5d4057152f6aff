-- Allergens declared or not (issue 27). Every row written before was never declared: its list, if any, holds only
-- what is known to be there. The catalogue's upcaster reads the old events the same way, so a replay agrees.
alter table menu_products add column allergens_declared boolean not null default false;
alter table menu_variants add column allergens_declared boolean not null default false;
-- The checkout's 'Allergies or dietary needs' (issue 27): personal data, blanked by erasure like the address.
alter table orders add column allergy_info text not null default '';
