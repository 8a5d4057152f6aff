-- Issue 42: the admins' verified replay (issue 40 item 3), its state and last report in one row shared by every
-- instance, so the admin's next request sees it on whichever instance it lands; `instance_id` is the instance
-- running it, while it runs. No reference to shop_instances: a run whose instance died stays to be seen as such.
create table verify_runs (
  id smallint primary key check (id = 1),
  state jsonb not null,
  instance_id uuid,
  updated_at timestamptz not null
);
