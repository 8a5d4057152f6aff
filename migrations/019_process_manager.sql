-- The process manager's work (src/process). A process kind's reactor writes these rows in the transaction
-- that moves its checkpoint, from the domain events it listens to and from its process streams' own events,
-- so nothing is lost or queued twice whatever crashes when. The facts stay in the process streams: a row is
-- deleted once its input or answer is recorded there, and a repeat of a deleted row decides nothing.
-- Workers take due rows with a lease (in the injected clock's time); a crash or another instance retries
-- them after it.

-- Inputs waiting for their process: domain events (due at once) and durable timers (due at due_at).
create table process_inputs (
  kind            text not null,
  input_id        uuid not null,         -- the event id or the timer id
  process_id      text not null,
  seq             bigserial,             -- the order events reached the reactor, kept per process
  timer_name      text,                  -- null for a domain event
  due_at          timestamptz not null,
  input           jsonb not null,
  correlation_id  text not null,
  attempts        int not null default 0,
  next_attempt_at timestamptz not null default '-infinity',
  primary key (kind, input_id)
);
create index process_inputs_due on process_inputs (kind, due_at);
create index process_inputs_process on process_inputs (kind, process_id, seq);

-- Commands decided and not yet answered, sent in order per process, at least once.
create table process_commands (
  command_id      uuid primary key,
  kind            text not null,
  process_id      text not null,
  seq             bigserial,
  command         jsonb not null,
  correlation_id  text not null,
  attempts        int not null default 0,
  next_attempt_at timestamptz not null default '-infinity'
);
create index process_commands_process on process_commands (kind, process_id, seq);
