-- The staff inbox (issue 34): the contact form's messages, folded from the contact module's events. The personal
-- columns read '[erased]' once the message's subject is erased (on request, or after the guests' retention).
create table contact_messages (
  message_id  uuid primary key,
  received_at timestamptz not null,
  name        text not null,
  email       text not null,
  phone       text,
  subject     text,
  message     text not null,
  handled_at  timestamptz,
  handled_by  uuid
);
create index contact_messages_newest on contact_messages (received_at desc);
create index contact_messages_unhandled on contact_messages (received_at) where handled_at is null;
