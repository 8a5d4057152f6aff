import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';

/** The streams that wrote under any of these correlation ids (an order's timeline finds its processes so). */
export async function streamsCorrelatedWith(pool: DatabasePool, correlationIds: readonly string[]): Promise<string[]> {
  if (correlationIds.length === 0) return [];
  return (await pool.anyFirst(sql.unsafe`
    select distinct stream from audit_log where correlation_id = any(${sql.array([...correlationIds], 'text')}) order by stream`)) as string[];
}
