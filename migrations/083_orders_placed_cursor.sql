-- The public API's list of placed orders (issue 41), newest first a page at a time: its cursor is the last
-- order's (submitted_at, order_id), so each page is one range read of this index.
create index orders_placed_cursor on orders (submitted_at desc, order_id desc) where submitted_at is not null;
