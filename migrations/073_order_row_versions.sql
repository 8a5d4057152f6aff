-- Each change of an order's row takes a new number from one sequence, so a staff screen that hears of a change
-- and fetches the order can tell an answer older than the one it shows (it keeps the newer). A sequence, not a
-- per-row count: a rebuild folds events into fewer statements, and numbers must never go backwards for a screen.
create sequence order_row_versions;
alter table orders add column version bigint not null default nextval('order_row_versions');

create function orders_next_version() returns trigger language plpgsql as $$
begin
  new.version := nextval('order_row_versions');
  return new;
end $$;

create trigger orders_version before update on orders for each row execute function orders_next_version();
