-- Issue 35: an attempt's money may go back in several refunds (staff refunds, numbered from 1; the shop's own
-- whole refund is number 0), and a refund may fail at the provider.
alter table card_refunds add column refund_no integer not null default 0;
alter table card_refunds add column failed_at timestamptz;
alter table card_refunds add column failure text;
alter table card_refunds drop constraint card_refunds_pkey;
alter table card_refunds add primary key (intent_id, refund_no);
