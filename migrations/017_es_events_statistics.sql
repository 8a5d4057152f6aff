-- Nothing filters or joins on an event's data or metadata, so ANALYZE need not sample them (the shop analyzes
-- es_events whenever it has doubled; see src/db/planner-statistics.ts).
alter table es_events alter column data set statistics 0;
alter table es_events alter column metadata set statistics 0;
