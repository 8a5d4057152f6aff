import { addDays, londonDate, londonInstantOn, weekdayOf } from '../../src/shared/london-time';
import { everyDay, weekdayName, type Shift, type SpecialDay, type Week } from '../../src/shared/opening-week';
import { CLOSED_BANNER, type StoreStatus } from '../../src/shared/store-status';

/** The hours the store keeps: its week, and the special days that replace a weekday's shifts. */
export interface OpeningHours {
  week: Week;
  specialDays: readonly SpecialDay[];
}

/** One shift on one date: its trading day (the date it opens on) and its instants. */
export interface ShiftTimes {
  day: string;
  opensAt: Date;
  closesAt: Date;
}

/**
 * The hours from the settings that hold them. A shop that never set a week (every shop before issue 14 item 6)
 * keeps its open_time-close_time every day: the week is read from those two settings, so old stores replay
 * as they were without any event rewritten.
 */
export function openingHoursOf(values: { open_time: string; close_time: string; opening_week: Week | null; special_days: readonly SpecialDay[] }): OpeningHours {
  return { week: values.opening_week ?? everyDay({ open: values.open_time, close: values.close_time }), specialDays: values.special_days };
}

/** The special day of a date, if it is one. */
export function specialDayOn(date: string, hours: OpeningHours): SpecialDay | undefined {
  return hours.specialDays.find((special) => special.date === date);
}

/** The shifts that open on a date: its special day's, else its weekday's. */
export function shiftsOn(date: string, hours: OpeningHours): readonly Shift[] {
  return specialDayOn(date, hours)?.shifts ?? hours.week[weekdayName(weekdayOf(date))];
}

/** The shifts that open on a date as instants on London's clock, in order. */
export function shiftTimesOn(date: string, hours: OpeningHours): ShiftTimes[] {
  return shiftsOn(date, hours)
    .map((shift) => ({ day: date, opensAt: londonInstantOn(date, shift.open), closesAt: londonInstantOn(shift.closesNextDay ? addDays(date, 1) : date, shift.close) }))
    .filter((times) => times.opensAt < times.closesAt)
    .sort((a, b) => a.opensAt.getTime() - b.opensAt.getTime());
}

/** One day of the week ahead as the shop's footer shows it (issue 32): its shifts and, on a special day, its message. */
export interface DayHours {
  date: string;
  shifts: readonly Shift[];
  /** The special day's message, or null on an ordinary day. */
  special: string | null;
}

/** The seven days from `today` (a London date), each with the shifts it keeps: the footer's "this week". */
export function weekAhead(today: string, hours: OpeningHours): DayHours[] {
  return Array.from({ length: 7 }, (_, offset) => {
    const date = addDays(today, offset);
    return { date, shifts: shiftsOn(date, hours), special: specialDayOn(date, hours)?.message ?? null };
  });
}

/** A year and a day: a shop closed longer than that has no next opening. */
const DAYS_AHEAD = 367;

/** Shifts in order from the one that opened the day before `now`'s London date (it may run past midnight). */
function* shiftsFrom(now: Date, hours: OpeningHours): Generator<ShiftTimes> {
  const first = addDays(londonDate(now), -1);
  for (let day = 0; day < DAYS_AHEAD; day++) yield* shiftTimesOn(addDays(first, day), hours);
}

/** The shift `now` falls in (from its opening, up to but not including its closing), or null. */
export function currentShift(now: Date, hours: OpeningHours): ShiftTimes | null {
  for (const shift of shiftsFrom(now, hours)) {
    if (shift.opensAt > now) return null;
    if (now < shift.closesAt) return shift;
  }
  return null;
}

export function isWithinHours(now: Date, hours: OpeningHours): boolean {
  return currentShift(now, hours) !== null;
}

/** The next opening instant after `now` (a shift that opens exactly now has opened), or null if none within a year. */
export function nextOpenAt(now: Date, hours: OpeningHours): Date | null {
  for (const shift of shiftsFrom(now, hours)) if (shift.opensAt > now) return shift.opensAt;
  return null;
}

/**
 * The closing time a store opened at `now` stays open until: the end of the shift it is in, else the end of the
 * next shift, so staff who open outside the hours on purpose stay open until the next closing time. The one
 * home of "when does the store close". Null when the week has no shift within a year (the store then stays
 * open until staff close it).
 */
export function nextClosingAt(now: Date, hours: OpeningHours): Date | null {
  for (const shift of shiftsFrom(now, hours)) if (now < shift.closesAt) return shift.closesAt;
  return null;
}

/** Seconds until the next closing time (the customer's countdown); -1 when there is none. */
export function secondsToClose(now: Date, hours: OpeningHours): number {
  const closesAt = nextClosingAt(now, hours);
  return closesAt ? Math.floor((closesAt.getTime() - now.getTime()) / 1000) : -1;
}

/** The customer banner's closing notice, or null when closing is more than 15 minutes away. */
export { closingNotice } from '../../src/shared/store-status';

const BANNER: Record<Exclude<StoreStatus, 'closed'>, string> = { open: 'OPEN', busy: 'BUSY', slammed: 'VERY BUSY' };

/** The customer banner's text for a store status, with the minutes from payment to ready. */
export function bannerText(status: StoreStatus, minutes: number): string {
  if (status === 'closed') return CLOSED_BANNER;
  return `${BANNER[status]} - orders ready ~${minutes} mins after payment`;
}
