import { addDays, londonDate } from '../../src/shared/london-time';
import { SLOT_MINUTES } from '../../src/shared/order-time';
import { shiftTimesOn, type OpeningHours } from './opening-hours';
import { tradingDayOf } from './trading-day';

const SLOT_MS = SLOT_MINUTES * 60_000;

/** The facts the slots of a moment follow from: the hours, the store status's wait, and how many days ahead to offer. */
export interface SlotFacts {
  now: Date;
  hours: OpeningHours;
  /** The minutes the store's status quotes from payment to ready: no slot starts sooner. */
  waitMinutes: number;
  /** Setting order_ahead_days: today's trading day and this many after it. */
  daysAhead: number;
}

/** The 15-minute window an instant falls in, as the instant it starts (London's quarters are UTC's: offsets are whole hours). */
export function windowOf(instant: Date | string): string {
  return new Date(Math.floor(new Date(instant).getTime() / SLOT_MS) * SLOT_MS).toISOString();
}

const quarterAtOrAfter = (ms: number) => Math.ceil(ms / SLOT_MS) * SLOT_MS;

/**
 * The slots a customer may book now (issue 37), ISO instants in order: every 15-minute window that lies wholly
 * within a shift, starts no sooner than now plus the store's wait, and falls in today's trading day or the next
 * `daysAhead`. Stepped on real instants, so a clock-change night neither invents the missing hour nor loses the
 * repeated one; a slot after midnight in a shift that opened the evening before is that evening's trading day.
 */
export function slotsAhead({ now, hours, waitMinutes, daysAhead }: SlotFacts): string[] {
  const earliest = now.getTime() + waitMinutes * 60_000;
  const lastDay = addDays(tradingDayOf(now, hours), daysAhead);
  const slots: string[] = [];
  for (let offset = -1; offset <= daysAhead + 1; offset++) {
    for (const shift of shiftTimesOn(addDays(londonDate(now), offset), hours)) {
      for (let start = quarterAtOrAfter(Math.max(shift.opensAt.getTime(), earliest)); start + SLOT_MS <= shift.closesAt.getTime(); start += SLOT_MS) {
        const slot = new Date(start);
        if (tradingDayOf(slot, hours) <= lastDay) slots.push(slot.toISOString());
      }
    }
  }
  return [...new Set(slots)].sort();
}

/** The trading day a slot's order counts in: the slot's, not the ordering moment's. */
export function tradingDayOfSlot(slot: string, hours: OpeningHours): string {
  return tradingDayOf(new Date(slot), hours);
}
