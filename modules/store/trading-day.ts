import { addDays, londonDate, londonInstantOn } from '../../src/shared/london-time';
import { shiftTimesOn, type OpeningHours } from './opening-hours';

/**
 * The trading day a moment belongs to (issue 14 item 7), as 'YYYY-MM-DD': the London calendar date, unless
 * the moment is before the closing of a shift that opened the day before and runs past midnight. So an order
 * at 00:40 in Friday's 17:00-01:00 shift is Friday's; one at 01:30 (the store opened late on purpose) is
 * Saturday's. The one home of "which day's takings, orders and stock is this"; `now` gives today's.
 */
export function tradingDayOf(moment: Date, hours: OpeningHours): string {
  const date = londonDate(moment);
  return moment < dayStartsAt(date, hours) ? addDays(date, -1) : date;
}

/**
 * The instants a trading day runs over, `from` included and `to` not: from its London midnight (or the later
 * end of the shift the day before that ran past it) to the next day's start. Every moment falls in exactly one.
 */
export function tradingDayBounds(day: string, hours: OpeningHours): { from: Date; to: Date } {
  return { from: dayStartsAt(day, hours), to: dayStartsAt(addDays(day, 1), hours) };
}

function dayStartsAt(date: string, hours: OpeningHours): Date {
  const midnight = londonInstantOn(date, '00:00');
  const lateCloses = shiftTimesOn(addDays(date, -1), hours).map((shift) => shift.closesAt).filter((closesAt) => closesAt > midnight);
  return lateCloses.length > 0 ? new Date(Math.max(...lateCloses.map((closesAt) => closesAt.getTime()))) : midnight;
}
