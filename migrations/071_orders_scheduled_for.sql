-- Orders for later (issue 37): the slot the customer booked; null for as soon as possible (every order before it).
alter table orders add column scheduled_for timestamptz;
-- When an order for later came to the kitchen as NEW: the unprinted alarm counts from then.
alter table orders add column released_at timestamptz;
