-- Which voucher claimed each code (issue 19, second reading). A code belongs to one voucher, decided where it
-- is written: a create inserts its codes here, in a committed statement of its own, before it appends
-- VoucherCreated, so the primary key refuses a code some create already claimed, on any instance and however far
-- behind the vouchers read model is. Written by the voucher module only; not a read model (a replay leaves it
-- alone). A claim whose event then failed stays: its code is simply unusable. Codes are not personal data, so
-- erasure leaves this table alone.
create table voucher_codes_claimed (
  code        text primary key,
  voucher_id  uuid not null,
  claimed_at  timestamptz not null default now()
);

-- The codes of the vouchers created before this table: those in the events (the Postgres event store), in
-- their order, the first voucher to have a code keeping it as the read model does; and those the vouchers read
-- model holds (all of them when the events live elsewhere, e.g. EventStoreDB).
insert into voucher_codes_claimed (code, voucher_id, claimed_at)
select code.value, (e.data ->> 'voucherId')::uuid, e.recorded_at
from es_events e cross join lateral jsonb_array_elements_text(e.data -> 'codes') with ordinality as code (value, n)
where e.event_type = 'VoucherCreated'
order by e.global_seq, code.n
on conflict (code) do nothing;

insert into voucher_codes_claimed (code, voucher_id)
select code, voucher_id from voucher_codes
on conflict (code) do nothing;
