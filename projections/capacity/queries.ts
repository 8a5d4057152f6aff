import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { WindowLoads } from '../../modules/capacity';

/** The capacity module's WindowLoads port over the windows' read model. */
export function windowLoads(pool: DatabasePool): WindowLoads {
  return {
    async taken(windows) {
      if (windows.length === 0) return new Map();
      const rows = (await pool.any(sql.unsafe`
        select to_json(window_start) #>> '{}' as window_start, count(*)::int as taken from kitchen_window_places
         where window_start = any(${sql.array(windows as string[], 'timestamptz')}) group by window_start`)) as Array<{ window_start: string; taken: number }>;
      return new Map(rows.map((row) => [new Date(row.window_start).toISOString(), row.taken]));
    },
    async windowOf(orderId) {
      const window = (await pool.maybeOneFirst(sql.unsafe`
        select to_json(window_start) #>> '{}' from kitchen_window_places where order_id = ${orderId} limit 1`)) as string | null;
      return window === null ? null : new Date(window).toISOString();
    },
  };
}
