import { sql } from 'slonik';
import type { DatabasePool } from './pool';

/** Below this many rows a table is planned well whatever its statistics say. */
const GROWN_FROM_ROWS = 1000;

/**
 * Analyzes the shop's tables (its schema's, that its role may analyze) that Postgres would otherwise plan by a
 * stale size: those never analyzed, and those that now hold at least twice the rows they held when last
 * analyzed. Returns the tables analyzed.
 *
 * Why the shop does this itself: every query runs as a prepared statement, and a prepared statement's generic
 * plan is kept until the table is analyzed again. Autovacuum looks at most once a minute, and on a new shop's
 * first busy evening es_events can grow from hundreds of rows to tens of thousands in that minute. The event
 * store's duplicate-id checks, planned while the table was small, then hashed the whole table on every append
 * instead of probing its unique index (measured: an append of ten baskets' events took 6.8 ms instead of 0.7).
 * A shop that has traded for a while has large tables that rarely double, so this then finds nothing to do.
 */
export async function analyzeGrownTables(pool: DatabasePool): Promise<string[]> {
  const tables = await pool.any<{ schema: string; name: string }>(sql.unsafe`
    select s.schemaname as schema, s.relname as name
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.schemaname = current_schema() and pg_has_role(c.relowner, 'USAGE')
       and ((s.last_analyze is null and s.last_autoanalyze is null)
            or (s.n_live_tup >= ${GROWN_FROM_ROWS} and s.n_live_tup >= 2 * greatest(c.reltuples, 0)))
     order by 1, 2`);
  for (const { schema, name } of tables) await pool.query(sql.unsafe`analyze ${sql.identifier([schema, name])}`);
  return tables.map(({ schema, name }) => `${schema}.${name}`);
}
