import Router from '@koa/router';
import { sql } from 'slonik';
import type { Clock } from '../../src/core/clock';
import type { DatabasePool } from '../../src/db/pool';
import { noInput } from '../../src/http/inputs';
import { requireRole } from '../../src/identity/auth';
import { londonDate, londonTime } from '../../src/shared/london-time';
import { storeChangeText } from '../../modules/store';

export interface StoreLogEntry {
  /** ISO instant of the change. */
  at: string;
  /** London wall-clock time, 'HH:mm'. */
  time: string;
  /** The staff member's email, 'the store clock', or 'someone' for an actor that is no staff user (never a customer's data). */
  who: string;
  text: string;
}

interface StoreLogRow {
  key: string;
  value: unknown;
  actor: string;
  changed_at: string | number;
  email: string | null;
}

function whoDid(row: StoreLogRow): string {
  if (row.email) return row.email;
  return row.actor === 'system' ? 'the store clock' : 'someone';
}

/** The day's store status, delivery and hours changes, newest first. */
export async function todaysStoreLog(pool: DatabasePool, now: Date): Promise<StoreLogEntry[]> {
  // Only staff accounts are named: a customer's email never reaches the kitchen's log.
  const rows = (await pool.any(sql.unsafe`
    select l.key, l.value, l.actor, l.changed_at, u.email
      from store_log l left join users u on u.id::text = l.actor and u.role <> 'customer'
     where l.trading_day = ${londonDate(now)}
     order by l.position desc`)) as unknown as StoreLogRow[];
  return rows.map((row) => {
    const at = new Date(row.changed_at).toISOString();
    return { at, time: londonTime(at), who: whoDid(row), text: storeChangeText(row.key, row.value) };
  });
}

/** Staff read the kitchen's "today" log. */
export function storeLogRoutes(deps: { pool: DatabasePool; clock: Clock }) {
  const router = new Router();
  router.get('/api/todaysStoreLog', requireRole('staff'), async (ctx) => {
    noInput.parse(ctx.query);
    ctx.body = { status: true, entries: await todaysStoreLog(deps.pool, deps.clock()) };
  });
  return router;
}
