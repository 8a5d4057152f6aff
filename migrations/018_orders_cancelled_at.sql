-- Phone orders nobody paid for can be cancelled in the kitchen (OrderCancelled).
alter table orders add column cancelled_at timestamptz;
