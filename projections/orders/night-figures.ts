import { londonTime } from '../../src/shared/london-time';
import { percentile } from '../../src/shared/percentile';
import type { NightBestSeller, NightDuration, NightGroup, NightReport, NightSoldOut } from '../../src/shared/night-report';


const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** The London hour an instant falls in, as 'HH:00'. */
export function hourOf(instant: string): string {
  return `${londonTime(instant).slice(0, 2)}:00`;
}

/** Count and sum by key, the groups in the order their first item came. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string, pence: (item: T) => number): NightGroup[] {
  const groups = new Map<string, NightGroup>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key) ?? { key, orders: 0, takingsPence: 0 };
    group.orders += 1;
    group.takingsPence += pence(item);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** Minutes from `from` to `to` of the orders that have both (one decimal). */
export function durationOf(pairs: ReadonlyArray<{ from: string | null; to: string | null }>): NightDuration {
  const minutes = pairs.filter((pair) => pair.from !== null && pair.to !== null).map((pair) => (Date.parse(pair.to!) - Date.parse(pair.from!)) / 60_000);
  const average = mean(minutes);
  const p90 = percentile(minutes, 90);
  return { orders: minutes.length, averageMinutes: average === null ? null : oneDecimal(average), p90Minutes: p90 === null ? null : oneDecimal(p90) };
}

/** The dishes sold most by quantity (then by name), with what their lines took at their prices, ten at most. */
export function bestSellers(lines: ReadonlyArray<{ dish: string; quantity: number; unitPricePence: number }>, top = 10): NightBestSeller[] {
  const dishes = new Map<string, NightBestSeller>();
  for (const line of lines) {
    const dish = dishes.get(line.dish) ?? { dish: line.dish, quantity: 0, takingsPence: 0 };
    dish.quantity += line.quantity;
    dish.takingsPence += line.quantity * line.unitPricePence;
    dishes.set(line.dish, dish);
  }
  return [...dishes.values()].sort((a, b) => b.quantity - a.quantity || a.dish.localeCompare(b.dish)).slice(0, top);
}

/** One order of the day as the report reads it (times ISO instants). */
export interface NightOrder {
  paymentMethod: string;
  totalPence: number;
  /** When its money was taken: paid, or placed when paid at placing. */
  takenAt: string;
  paidAt: string | null;
  printedAt: string | null;
  completedAt: string | null;
  dueBy: string | null;
  voucherDeductionPence: number | null;
  lines: Array<{ dish: string; quantity: number; unitPricePence: number }>;
}

/** The whole report of one day, from its orders that count, its refunds (those that did not fail) and its sold-out moments. */
export function nightFigures(day: string, orders: readonly NightOrder[], refunds: readonly number[], soldOut: readonly NightSoldOut[]): NightReport {
  const refunded = refunds.reduce((sum, pence) => sum + pence, 0);
  const promised = orders.filter((order) => order.dueBy !== null && order.completedAt !== null);
  const late = promised.map((order) => (Date.parse(order.completedAt!) - Date.parse(order.dueBy!)) / 60_000);
  const averageLate = mean(late);
  const withVoucher = orders.filter((order) => (order.voucherDeductionPence ?? 0) > 0);
  return {
    day,
    orders: orders.length,
    takingsPence: orders.reduce((sum, order) => sum + order.totalPence, 0) - refunded,
    byMethod: groupBy(orders, (order) => order.paymentMethod, (order) => order.totalPence).sort((a, b) => a.key.localeCompare(b.key)),
    // In the order of the clock: a shift that runs past midnight ends with its '00:00' hour.
    byHour: groupBy([...orders].sort((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt)), (order) => hourOf(order.takenAt), (order) => order.totalPence),
    refunds: { count: refunds.length, totalPence: refunded },
    vouchers: { count: withVoucher.length, discountPence: withVoucher.reduce((sum, order) => sum + (order.voucherDeductionPence ?? 0), 0) },
    paidToPrinted: durationOf(orders.map((order) => ({ from: order.paidAt, to: order.printedAt }))),
    paidToCompleted: durationOf(orders.map((order) => ({ from: order.paidAt, to: order.completedAt }))),
    promised: { orders: promised.length, onTime: late.filter((minutes) => minutes <= 0).length, averageMinutesLate: averageLate === null ? null : oneDecimal(averageLate) },
    bestSellers: bestSellers(orders.flatMap((order) => order.lines)),
    soldOut: [...soldOut].sort((a, b) => a.soldOutAt.localeCompare(b.soldOutAt) || a.dish.localeCompare(b.dish)),
  };
}
