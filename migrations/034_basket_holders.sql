-- The client address each basket is added to from (issue 28), for the shares of a dish and of the menu that the
-- baskets of one address may hold at once (modules/cart/address-holds.ts). The address is kept only as a keyed
-- hash (HMAC under the session key), never in clear. Written by the cart module at a basket's first add from an
-- address, and again hourly while it is added to (the latest address wins); not a read model (a replay leaves it
-- alone). No hold outlives a day and an hour after its row was written, so older rows are read no more and the
-- hourly housekeeping deletes them.
create table basket_holders (
  cart_id      uuid primary key,
  address_key  text not null,
  seen_at      timestamptz not null
);

create index basket_holders_address on basket_holders (address_key, seen_at);
