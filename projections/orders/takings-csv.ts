import Router from '@koa/router';
import { sql } from 'slonik';
import { z } from 'zod';
import { writeCsv } from '../../src/csv';
import type { DatabasePool } from '../../src/db/pool';
import { requireRole } from '../../src/identity/auth';
import { londonTime } from '../../src/shared/london-time';
import { orderRef, STAFF_REFUND_REASON_TEXT, type StaffRefundReason } from '../../src/shared/order';
import { COUNTS_IN_TALLY } from './queries';
import { readOpeningHours, tradingDayOf } from '../../modules/store';
import type { Clock } from '../../src/core/clock';
import type { SettingsSource } from '../../src/services';

const COLUMNS = ['time', 'order_ref', 'kind', 'method', 'amount_pence', 'reason', 'refund'] as const;
type Row = Record<(typeof COLUMNS)[number], string | number>;

interface MoneyRow {
  at: string | number;
  order_id: string;
  kind: 'payment' | 'refund';
  method: string | null;
  amount_pence: number;
  reason: string | null;
  by_hand: boolean | null;
  refunded_at: string | number | null;
  failed_at: string | number | null;
}

/** How a refund stands: given by hand, at the card provider refunded, failed, or still on its way. */
function refundState(row: MoneyRow): string {
  if (row.kind !== 'refund') return '';
  if (row.by_hand) return 'by hand';
  if (row.failed_at !== null) return 'failed';
  return row.refunded_at !== null ? 'refunded' : 'pending';
}

/**
 * The money of one trading day (issue 35 item 3): each order's payment that counts in the day's takings, and each
 * refund made that day (its order may be of an earlier day), refunds as negative amounts, so the column sums to the
 * day's tally; a refund the card's provider refused gave nothing (0, 'failed'). Through the one CSV writer.
 */
export async function takingsCsv(pool: DatabasePool, day: string): Promise<string> {
  const rows = (await pool.any(sql.unsafe`
    select coalesce(paid_at, submitted_at) as at, order_id, 'payment' as kind, payment_method as method, total_pence as amount_pence,
           null as reason, null::boolean as by_hand, null::timestamptz as refunded_at, null::timestamptz as failed_at, 0 as refund_no
      from orders where trading_day = ${day} and ${COUNTS_IN_TALLY}
    union all
    select r.refunded_at, r.order_id, 'refund', o.payment_method, case when r.failed_at is null then -r.amount_pence else 0 end,
           r.reason, r.by_hand, c.refunded_at, coalesce(r.failed_at, c.failed_at), r.refund_no
      from order_refunds r join orders o using (order_id)
      left join card_refunds c on c.order_id = r.order_id and c.refund_no = r.refund_no
     where r.trading_day = ${day}
     order by at, order_id, kind, refund_no`)) as unknown as MoneyRow[];
  const records: Row[] = rows.map((row) => ({
    time: londonTime(new Date(row.at).toISOString()),
    order_ref: orderRef(row.order_id),
    kind: row.kind,
    method: row.method ?? '',
    amount_pence: row.amount_pence,
    reason: row.reason ? (STAFF_REFUND_REASON_TEXT[row.reason as StaffRefundReason] ?? row.reason) : '',
    refund: refundState(row),
  }));
  return writeCsv(COLUMNS, records);
}

const dayInput = z.union([z.literal('today'), z.iso.date()], 'The day must be a date, as 2026-11-20, or today');

/** A manager downloads a day's payments and refunds; `today` is the store's trading day now. */
export function takingsRoutes(deps: { pool: DatabasePool; settings: SettingsSource; clock: Clock }) {
  const router = new Router();
  router.get('/api/takings/:day.csv', requireRole('manager'), async (ctx) => {
    const asked = dayInput.parse(ctx.params.day);
    const day = asked === 'today' ? tradingDayOf(deps.clock(), await readOpeningHours(deps.settings)) : asked;
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`takings-${day}.csv`);
    ctx.body = await takingsCsv(deps.pool, day);
  });
  return router;
}
