-- The night report finds a night's stock streams by the time their events happened (projections/audit/queries.ts,
-- streamsWrittenBetween): without this each report read the whole audit log, which only grows.
create index audit_log_occurred_at on audit_log (occurred_at);
