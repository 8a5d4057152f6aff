-- An order's timeline (issue 40 item 1) finds the processes that ran for an order by the correlation ids of the
-- order's own events: one lookup per timeline, by this index, never a scan of the whole log.
create index audit_log_correlation on audit_log (correlation_id);
-- ... and the mails about the order by their order id.
create index if not exists mail_outbox_order on mail_outbox (order_id);
