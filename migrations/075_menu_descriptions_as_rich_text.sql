-- Issue 39: a dish's long description is rich text now, and the menu read model must hold it cleaned. Rows built
-- before hold the plain text as typed, which a page rendering the description as HTML must never see: the menu
-- read model is rebuilt from the first event, through the catalogue's upcaster (plain text read as escaped
-- paragraphs), as `npm run replay -- menu` would do (src/projections/runner.ts resetProjection). A new shop has
-- no rows and no checkpoint yet, and nothing changes.
delete from menu_stock_holds;
delete from menu_stock_levels;
delete from menu_variants;
delete from menu_products;
delete from menu_categories;
update projection_checkpoints
   set position = '0',
       -- The replay sends no live messages for old events: up to the last event stored (Postgres event store).
       replay_until = (select lpad(tx_id::text, 20, '0') || '.' || lpad(global_seq::text, 20, '0') from es_events order by tx_id desc, global_seq desc limit 1),
       updated_at = now()
 where name = 'menu';
