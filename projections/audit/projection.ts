import { sql, type FragmentSqlToken } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';

/** One row per event, written only where `guard` holds. */
function insertRows(events: StoredEvent[], guard: FragmentSqlToken): FragmentSqlToken {
  return sql.fragment`
    insert into audit_log (position, stream, event_type, actor, correlation_id, occurred_at)
    select * from ${sql.unnest(
      events.map((event) => [event.position, event.stream, event.type, event.metadata.actor, event.metadata.correlationId, event.metadata.at]),
      ['text', 'text', 'text', 'text', 'text', 'timestamptz'],
    )} as e where ${guard}`;
}

/** Who did what, when: one row per event, for admins to audit settings changes and staff actions. */
export function auditProjection(): Projection {
  return {
    name: 'audit',
    eventTypes: 'all',
    tables: ['audit_log'],
    async apply(event, { tx }) {
      await tx.query(sql.unsafe`${insertRows([event], sql.fragment`true`)}`);
    },
    async applyAll(events, { tx }) {
      await tx.query(sql.unsafe`${insertRows(events, sql.fragment`true`)}`);
    },
    batchStatement: insertRows,
  };
}
