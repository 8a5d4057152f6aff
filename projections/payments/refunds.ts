import Router from '@koa/router';
import { sql } from 'slonik';
import type { Clock } from '../../src/core/clock';
import type { DatabasePool } from '../../src/db/pool';
import { noInput } from '../../src/http/inputs';
import { requireRole } from '../../src/identity/auth';
import { londonTime } from '../../src/shared/london-time';
import { orderRef } from '../../src/shared/order';
import { readOpeningHours, tradingDayBounds, tradingDayOf } from '../../modules/store';
import type { SettingsSource } from '../../src/services';
import type { CardRefundEntry } from '../../src/shared/card-refunds';


/** Why the money goes back, as staff read it. */
const REASON_TEXT: Record<string, string> = {
  attempt_cancelled: 'the card payment had been cancelled (another method chosen, back to the basket, or it lapsed)',
  already_paid: 'the order was already paid',
  amount_changed: 'the amount paid was not the order’s',
  staff: 'refunded by staff',
};

/** The card refunds of the trading day `now` is in, newest first. */
export async function todaysCardRefunds(pool: DatabasePool, settings: SettingsSource, now: Date): Promise<CardRefundEntry[]> {
  const hours = await readOpeningHours(settings);
  const { from, to } = tradingDayBounds(tradingDayOf(now, hours), hours);
  const rows = (await pool.any(sql.unsafe`
    select order_id, amount_pence, reason, due_at, refunded_at, failure from card_refunds
     where due_at >= ${from.toISOString()} and due_at < ${to.toISOString()} order by due_at desc`)) as unknown as Array<{
    order_id: string;
    amount_pence: number;
    reason: string;
    due_at: string | number;
    refunded_at: string | number | null;
    failure: string | null;
  }>;
  return rows.map((row) => ({
    ref: orderRef(row.order_id),
    time: londonTime(new Date(row.due_at).toISOString()),
    amountPence: row.amount_pence,
    reason: REASON_TEXT[row.reason] ?? row.reason,
    refunded: row.refunded_at !== null,
    failure: row.failure,
  }));
}

/** Staff see the day's card refunds on the kitchen screen. */
export function cardRefundRoutes(deps: { pool: DatabasePool; clock: Clock; settings: SettingsSource }) {
  const router = new Router();
  router.get('/api/todaysCardRefunds', requireRole('staff'), async (ctx) => {
    noInput.parse(ctx.query);
    ctx.body = { status: true, refunds: await todaysCardRefunds(deps.pool, deps.settings, deps.clock()) };
  });
  return router;
}
