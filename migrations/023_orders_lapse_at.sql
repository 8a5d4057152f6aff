-- When a phone order awaiting payment lapses (issue 14 item 2: staff see the time left). Orders submitted
-- before this column show none until the orders read model is rebuilt; their lapse still happens.
alter table orders add column lapse_at timestamptz;
