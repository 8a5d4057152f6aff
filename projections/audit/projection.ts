import { sql } from 'slonik';
import type { Projection } from '../../src/projections/types';

/**
 * Who did what, when: one row per event of the listed types. Admins read it to audit settings and staff
 * actions; modules add their event types here as they arrive.
 */
export function auditProjection(eventTypes: readonly string[]): Projection {
  return {
    name: 'audit',
    eventTypes,
    tables: ['audit_log'],
    async apply(event, { tx }) {
      await tx.query(sql.unsafe`
        insert into audit_log (position, stream, event_type, actor, correlation_id, occurred_at)
        values (${event.position}, ${event.stream}, ${event.type}, ${event.metadata.actor},
                ${event.metadata.correlationId}, ${event.metadata.at})`);
    },
  };
}
