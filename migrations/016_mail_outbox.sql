-- Mail to customers waits here until it is delivered: written in the same transaction that moves the
-- customer_mail reactor's checkpoint, so a mail is neither lost nor queued twice, whatever crashes when.
-- The sender takes due rows, leases them for a while (another instance or a restart retries after the
-- lease) and marks each sent, retried later (transient failure) or failed (the mail server refused it).
create table mail_outbox (
  mail_id         uuid primary key,      -- the id of the event the mail tells about: one mail per event
  kind            text not null,
  order_id        uuid,
  recipient       text not null,
  subject         text not null,
  body_text       text not null,
  queued_at       timestamptz not null default now(),
  attempts        int not null default 0,
  next_attempt_at timestamptz not null default now(),
  sent_at         timestamptz,
  failed_at       timestamptz,
  last_error      text
);

create index mail_outbox_due on mail_outbox (next_attempt_at) where sent_at is null and failed_at is null;
