-- Orders for later (issue 37): the slot the customer booked; null for as soon as possible (every order before it).
alter table orders add column scheduled_for timestamptz;
