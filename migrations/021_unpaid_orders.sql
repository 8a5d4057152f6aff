-- The cap on unpaid phone orders counts a customer's orders awaiting payment by phone number and by email
-- (issue 13). Few orders wait for payment at once, so these partial indexes stay small.
create index orders_awaiting_payment_phone on orders (phone_number) where status = 'AWAITING-PAYMENT';
create index orders_awaiting_payment_email on orders (lower(email)) where status = 'AWAITING-PAYMENT';
