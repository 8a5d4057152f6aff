import { sql } from 'slonik';
import type { Projection } from '../../src/projections/types';

/** Who did what, when: one row per event, for admins to audit settings changes and staff actions. */
export function auditProjection(): Projection {
  return {
    name: 'audit',
    eventTypes: 'all',
    tables: ['audit_log'],
    async apply(event, { tx }) {
      await tx.query(sql.unsafe`
        insert into audit_log (position, stream, event_type, actor, correlation_id, occurred_at)
        values (${event.position}, ${event.stream}, ${event.type}, ${event.metadata.actor},
                ${event.metadata.correlationId}, ${event.metadata.at})`);
    },
  };
}
