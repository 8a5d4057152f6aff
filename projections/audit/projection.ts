import { sql } from 'slonik';
import type { Projection } from '../../src/projections/types';

/** Who did what, when: one row per event, for admins to audit settings changes and staff actions. */
export function auditProjection(): Projection {
  return {
    name: 'audit',
    eventTypes: 'all',
    tables: ['audit_log'],
    async apply(event, context) {
      await this.applyAll!([event], context);
    },
    async applyAll(events, { tx }) {
      await tx.query(sql.unsafe`${this.batchStatement!(events, sql.fragment`true`)}`);
    },
    batchStatement: (events, guard) => sql.fragment`
      insert into audit_log (position, stream, event_type, actor, correlation_id, occurred_at)
      select * from ${sql.unnest(
        events.map((event) => [event.position, event.stream, event.type, event.metadata.actor, event.metadata.correlationId, event.metadata.at]),
        ['text', 'text', 'text', 'text', 'text', 'timestamptz'],
      )} as e where ${guard}`,
  };
}
