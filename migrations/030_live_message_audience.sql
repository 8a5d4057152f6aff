-- Private live channels (issue 17: the checkout's order channel): a message may name the one audience that
-- may receive it (an order id); the hub sends it only to screens attached with that key, live and on replay.
-- Null: every screen of the channel, as before.
alter table live_messages add column audience text;
create index live_messages_audience on live_messages (channel, audience, id) where audience is not null;
