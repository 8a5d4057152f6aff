-- The append no longer sends NOTIFY inside its transaction: a transaction that notified holds a cluster-wide
-- lock from its commit until its WAL flush, which serialized every append (bench: 32 writers were no faster
-- than one). The store now notifies after the commit (src/eventstore/postgres.ts).
create or replace function es_append(p_stream text, p_expected text, p_ids uuid[], p_types text[], p_data jsonb[], p_metadata jsonb[])
returns table (outcome text, last_revision bigint, tx_id text, global_seq text)
language plpgsql as $$
declare
  v_count  bigint := cardinality(p_ids);
  v_last   bigint;
  v_seq    bigint;
begin
  if exists (select 1 from es_events e where e.event_id = p_ids[1]) then
    return query select 'duplicate'::text, null::bigint, null::text, null::text;
    return;
  end if;

  if p_expected = 'no_stream' then
    insert into es_streams (stream_name, revision) values (p_stream, v_count - 1)
      on conflict do nothing returning es_streams.revision into v_last;
  elsif p_expected = 'any' then
    insert into es_streams as s (stream_name, revision) values (p_stream, v_count - 1)
      on conflict (stream_name) do update set revision = s.revision + v_count
      returning s.revision into v_last;
  else
    update es_streams s set revision = s.revision + v_count
      where s.stream_name = p_stream and s.revision = p_expected::bigint
      returning s.revision into v_last;
  end if;

  if v_last is null then
    return query select 'conflict'::text, (select s.revision from es_streams s where s.stream_name = p_stream), null::text, null::text;
    return;
  end if;

  insert into es_events (stream_name, revision, event_id, event_type, data, metadata)
    select p_stream, v_last - v_count + t.ord, t.id, t.type, t.data, t.metadata
    from unnest(p_ids, p_types, p_data, p_metadata) with ordinality as t(id, type, data, metadata, ord);
  v_seq := currval(pg_get_serial_sequence('es_events', 'global_seq'));

  return query select 'appended'::text, v_last, pg_current_xact_id()::text, v_seq::text;
end $$;
