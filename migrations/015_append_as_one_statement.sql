-- Appends are now one SQL statement sent by the store (src/eventstore/postgres.ts), so the function goes.
drop function if exists es_append(text, text, uuid[], text[], jsonb[], jsonb[]);

-- Every append moves its stream's row in es_streams in the same statement that inserts the events, so the
-- foreign key only repeated that check, at the price of a lookup and a row lock per event.
alter table es_events drop constraint if exists es_events_stream_name_fkey;
