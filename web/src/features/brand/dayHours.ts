import type { Shift } from '../../../../src/shared/shifts';

const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' });
const SHORT_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** 'Friday' for '2026-11-20' (a London date, read at noon so no zone moves it). */
export const weekdayOfDate = (date: string) => WEEKDAY.format(new Date(`${date}T12:00:00Z`));
/** '25 Dec' for '2026-12-25'. */
export const shortDate = (date: string) => SHORT_DATE.format(new Date(`${date}T12:00:00Z`));

/** One day's shifts as customers read them, 24-hour: '12:00–14:30, 17:00–23:00', or 'Closed'. */
export function shiftsText(shifts: readonly Shift[]): string {
  if (shifts.length === 0) return 'Closed';
  return shifts.map((shift) => `${shift.open}–${shift.close}`).join(', ');
}
