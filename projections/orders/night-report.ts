import Router from '@koa/router';
import { sql } from 'slonik';
import { z } from 'zod';
import { writeCsv } from '../../src/csv';
import type { Clock } from '../../src/core/clock';
import { DomainError } from '../../src/core/errors';
import type { DatabasePool } from '../../src/db/pool';
import { requireRole } from '../../src/identity/auth';
import { NIGHT_REPORT_CSV_COLUMNS, type NightReport, type NightSoldOut } from '../../src/shared/night-report';
import type { SettingsSource } from '../../src/services';
import { readOpeningHours, tradingDayBounds, tradingDayOf } from '../../modules/store';
import { nightFigures, type NightOrder } from './night-figures';
import { COUNTS_IN_TALLY } from './queries';

/** The sold-out moments within a trading day's instants (from the stock streams' events; the composition root fills it). */
export type SoldOutOfDay = (from: Date, to: Date) => Promise<NightSoldOut[]>;

interface Row {
  payment_method: string | null;
  total_pence: number;
  taken_at: number;
  paid_at: number | null;
  printed_at: number | null;
  completed_at: number | null;
  due_by: number | null;
  voucher_deduction_pence: number | null;
  items: Array<{ name: string; variantName?: string; unitPricePence: number; quantity: number }>;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The night report of one trading day (issue 40 item 6), from the orders and order_refunds read models and the
 * audit log (the first OrderPrinted of each order): the SQL only fetches, night-figures.ts computes.
 */
export async function nightReport(pool: DatabasePool, day: string, bounds: { from: Date; to: Date }, soldOut: SoldOutOfDay): Promise<NightReport> {
  const rows = (await pool.any(sql.unsafe`
    select payment_method, total_pence, coalesce(paid_at, submitted_at) as taken_at, paid_at, completed_at, due_by, voucher_deduction_pence, items,
           (select min(a.occurred_at) from audit_log a where a.stream = 'order-' || o.order_id and a.event_type = 'OrderPrinted') as printed_at
      from orders o where trading_day = ${day} and ${COUNTS_IN_TALLY}`)) as unknown as Row[];
  const refunds = (await pool.anyFirst(sql.unsafe`
    select amount_pence from order_refunds where trading_day = ${day} and failed_at is null order by refunded_at, order_id, refund_no`)) as number[];
  const orders: NightOrder[] = rows.map((row) => ({
    paymentMethod: row.payment_method ?? '',
    totalPence: row.total_pence,
    takenAt: iso(row.taken_at)!,
    paidAt: iso(row.paid_at),
    printedAt: iso(row.printed_at),
    completedAt: iso(row.completed_at),
    dueBy: iso(row.due_by),
    voucherDeductionPence: row.voucher_deduction_pence,
    lines: row.items.map((item) => ({ dish: item.variantName ? `${item.name} (${item.variantName})` : item.name, quantity: item.quantity, unitPricePence: item.unitPricePence })),
  }));
  return nightFigures(day, orders, refunds, await soldOut(bounds.from, bounds.to));
}

/** The report's CSV through the one writer: one row per hour (orders, takings in pence), then the day's total row. */
export function nightReportCsv(report: NightReport): string {
  const rows = report.byHour.map((hour) => ({ hour: hour.key, orders: hour.orders, takings_pence: hour.takingsPence }));
  const gross = report.byHour.reduce((sum, hour) => sum + hour.takingsPence, 0);
  rows.push({ hour: 'refunds', orders: report.refunds.count, takings_pence: -report.refunds.totalPence });
  rows.push({ hour: 'total', orders: report.orders, takings_pence: gross - report.refunds.totalPence });
  return writeCsv(NIGHT_REPORT_CSV_COLUMNS, rows);
}

const dayQuery = z.strictObject({ day: z.iso.date('The day must be a date, as 2026-11-20').optional() });

/** A manager's night report of any trading day up to today's (the default), as JSON and as CSV. */
export function nightReportRoutes(deps: { pool: DatabasePool; settings: SettingsSource; clock: Clock; soldOut: SoldOutOfDay }) {
  const router = new Router();
  const reportOf = async (query: unknown) => {
    const asked = dayQuery.parse(query).day;
    const hours = await readOpeningHours(deps.settings);
    const today = tradingDayOf(deps.clock(), hours);
    if (asked !== undefined && asked > today) throw new DomainError('invalid', 'The day has not come yet: choose today or an earlier day');
    const day = asked ?? today;
    return nightReport(deps.pool, day, tradingDayBounds(day, hours), deps.soldOut);
  };
  router.get('/api/night-report', requireRole('manager'), async (ctx) => {
    ctx.body = { status: true, report: await reportOf(ctx.query) };
  });
  router.get('/api/night-report.csv', requireRole('manager'), async (ctx) => {
    const report = await reportOf(ctx.query);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`night-report-${report.day}.csv`);
    ctx.body = nightReportCsv(report);
  });
  return router;
}
