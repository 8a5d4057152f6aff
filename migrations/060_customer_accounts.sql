-- Issue 33: customers sign themselves up. An account whose address is not yet confirmed (the link mailed to it
-- not yet followed) is 'unverified' in the accounts read model, and cannot sign in.
alter table users drop constraint users_status_check;
alter table users add constraint users_status_check check (status in ('invited', 'unverified', 'active', 'disabled'));
