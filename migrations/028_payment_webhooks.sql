-- Card payments (issue 17): the provider's webhook events already handled, by the provider's event id. Stripe
-- sends an event again until it is answered 2xx, and may send it twice anyway: a repeat is answered and skipped.
create table payment_webhook_events (
  event_id     text primary key,
  event_type   text not null,
  received_at  timestamptz not null
);
