-- Issue 35: a staff refund the card's provider refused gave nothing back. Its row stays (the books show it was
-- tried) with when it failed; it no longer comes off the day's takings, nor counts its lines as refunded.
alter table order_refunds add column failed_at timestamptz;
