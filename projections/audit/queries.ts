import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';

/** The streams that wrote under any of these correlation ids (an order's timeline finds its processes so). */
export async function streamsCorrelatedWith(pool: DatabasePool, correlationIds: readonly string[]): Promise<string[]> {
  if (correlationIds.length === 0) return [];
  return (await pool.anyFirst(sql.unsafe`
    select distinct stream from audit_log where correlation_id = any(${sql.array([...correlationIds], 'text')}) order by stream`)) as string[];
}

/** Streams by category (the name before its first dash), with their streams and events, for the stream browser. */
export async function streamCategories(pool: DatabasePool): Promise<Array<{ category: string; streams: number; events: number }>> {
  const rows = await pool.any(sql.unsafe`
    select split_part(stream, '-', 1) as category, count(distinct stream)::int as streams, count(*)::int as events
      from audit_log group by 1 order by 1`);
  return rows.map((row) => ({ category: row.category as string, streams: row.streams as number, events: row.events as number }));
}

/** The streams of one category in name order after `after` (the same collation orders and pages them). */
export async function streamsOfCategory(
  pool: DatabasePool,
  category: string,
  after: string | undefined,
  limit: number,
): Promise<Array<{ stream: string; events: number; lastAt: string }>> {
  const start = `${category}-`;
  const rows = await pool.any(sql.unsafe`
    select stream, count(*)::int as events, max(occurred_at) as last_at from audit_log
     where starts_with(stream, ${start}) and stream > ${after ?? ''}
     group by stream order by stream limit ${limit}`);
  return rows.map((row) => ({ stream: row.stream as string, events: row.events as number, lastAt: new Date(row.last_at as string | number).toISOString() }));
}

/** The streams of one category that had an event within [from, to) (the night report's stock streams of a day). */
export async function streamsWrittenBetween(pool: DatabasePool, category: string, from: Date, to: Date): Promise<string[]> {
  return (await pool.anyFirst(sql.unsafe`
    select distinct stream from audit_log
     where starts_with(stream, ${`${category}-`}) and occurred_at >= ${from.toISOString()} and occurred_at < ${to.toISOString()}
     order by stream`)) as string[];
}
