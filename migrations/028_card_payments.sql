-- Card payments (issue 17): the provider's webhook events already handled, by the provider's event id. Stripe
-- sends an event again until it is answered 2xx, and may send it twice anyway: a repeat is answered and skipped.
create table payment_webhook_events (
  event_id     text primary key,
  event_type   text not null,
  received_at  timestamptz not null
);

-- The card refunds read model: money that came for food nobody cooks, due back and (once sent) refunded.
create table card_refunds (
  intent_id     text primary key,
  order_id      uuid not null,
  attempt       integer not null,
  amount_pence  integer not null,
  reason        text not null,
  due_at        timestamptz not null,
  refund_id     text,
  refunded_at   timestamptz
);
create index card_refunds_due_at on card_refunds (due_at);
