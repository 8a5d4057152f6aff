alter table carts add column checked_out_order uuid;
