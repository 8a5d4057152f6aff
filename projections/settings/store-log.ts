import Router from '@koa/router';
import { sql } from 'slonik';
import type { Clock } from '../../src/core/clock';
import type { DatabasePool } from '../../src/db/pool';
import { noInput } from '../../src/http/inputs';
import { requireRole } from '../../src/identity/auth';
import { londonTime } from '../../src/shared/london-time';
import { readOpeningHours, storeChangeText, tradingDayBounds, tradingDayOf } from '../../modules/store';
import type { SettingsSource } from '../../src/services';

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

/**
 * The store status, delivery and hours changes of the trading day `now` is in (the store's tradingDayOf on its
 * current hours), newest first: chosen by the instants of that day, so a change at 00:30 in a shift past
 * midnight shows in the evening it belongs to.
 */
export async function todaysStoreLog(pool: DatabasePool, settings: SettingsSource, now: Date): Promise<StoreLogEntry[]> {
  const hours = await readOpeningHours(settings);
  const { from, to } = tradingDayBounds(tradingDayOf(now, hours), hours);
  // Only staff accounts are named: a customer's email never reaches the kitchen's log.
  const rows = (await pool.any(sql.unsafe`
    select l.key, l.value, l.actor, l.changed_at, u.email
      from store_log l left join users u on u.id::text = l.actor and u.role <> 'customer'
     where l.changed_at >= ${from.toISOString()} and l.changed_at < ${to.toISOString()}
     order by l.position desc`)) as unknown as StoreLogRow[];
  return rows.map((row) => {
    const at = new Date(row.changed_at).toISOString();
    return { at, time: londonTime(at), who: whoDid(row), text: storeChangeText(row.key, row.value) };
  });
}

/** Staff read the kitchen's "today" log. */
export function storeLogRoutes(deps: { pool: DatabasePool; clock: Clock; settings: SettingsSource }) {
  const router = new Router();
  router.get('/api/todaysStoreLog', requireRole('staff'), async (ctx) => {
    noInput.parse(ctx.query);
    ctx.body = { status: true, entries: await todaysStoreLog(deps.pool, deps.settings, deps.clock()) };
  });
  return router;
}
