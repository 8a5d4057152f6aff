import { z } from 'zod';
import { singleLineText } from './text';

/**
 * A restaurant's week (issue 14 item 6): shifts per day of the week, and special days (a holiday closed, or
 * other shifts) with a message for the banner. The shapes and the rules a manager's save must keep; the
 * browser's settings screen checks them with these same schemas. The instants they give are modules/store's.
 */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 17:30');
const MINUTES_A_DAY = 24 * 60;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** One shift; one that ends after midnight closes the next day (entered as such, like a 17:00-01:00 dinner). */
export const shiftSchema = z.strictObject({ open: clockTime, close: clockTime, closesNextDay: z.literal(true).optional() });
export type Shift = z.infer<typeof shiftSchema>;

/** The shift's opening and closing, in minutes from the midnight that starts its day. */
export function shiftMinutes(shift: Shift): { open: number; close: number } {
  return { open: minutesOf(shift.open), close: minutesOf(shift.close) + (shift.closesNextDay ? MINUTES_A_DAY : 0) };
}

const describeShift = (shift: Shift) => `${shift.open}-${shift.close}${shift.closesNextDay ? ' (next day)' : ''}`;

/**
 * What is wrong with one day's shifts, or null: the spec's 'open time <= close time' within a shift (a shift
 * closing the next day closes at or before its opening time, so at most a day long), and no two overlapping.
 */
export function shiftsProblem(shifts: readonly Shift[]): string | null {
  for (const shift of shifts) {
    const { open, close } = shiftMinutes(shift);
    if (!shift.closesNextDay && close <= open) return `the shift ${describeShift(shift)} closes before it opens: tick "closes next day" for a shift past midnight`;
    if (shift.closesNextDay && close - open > MINUTES_A_DAY) return `the shift ${describeShift(shift)} is longer than a day`;
  }
  const sorted = [...shifts].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
  for (let i = 1; i < sorted.length; i++) {
    if (minutesOf(sorted[i].open) < shiftMinutes(sorted[i - 1]).close) return `the shifts ${describeShift(sorted[i - 1])} and ${describeShift(sorted[i])} overlap`;
  }
  return null;
}

const MAX_SHIFTS = 6;
const dayShifts = z.array(shiftSchema).max(MAX_SHIFTS, `at most ${MAX_SHIFTS} shifts a day`);

/** A shift past midnight must end before the next day's first shift opens (Sunday's runs into Monday's). */
function overnightProblem(week: Week): string | null {
  for (const [index, day] of WEEKDAYS.entries()) {
    const next = WEEKDAYS[(index + 1) % WEEKDAYS.length];
    const lateClose = Math.max(0, ...week[day].filter((shift) => shift.closesNextDay).map((shift) => minutesOf(shift.close)));
    const clash = week[next].find((shift) => minutesOf(shift.open) < lateClose);
    if (clash) return `${day}'s shift past midnight overlaps ${next}'s shift ${describeShift(clash)}`;
  }
  return null;
}

export const weekSchema = z
  .strictObject(Object.fromEntries(WEEKDAYS.map((day) => [day, dayShifts])) as Record<Weekday, typeof dayShifts>)
  .superRefine((week, context) => {
    for (const day of WEEKDAYS) {
      const problem = shiftsProblem(week[day]);
      if (problem) context.addIssue({ code: 'custom', message: `${day}: ${problem}` });
    }
    const overnight = overnightProblem(week);
    if (overnight) context.addIssue({ code: 'custom', message: overnight });
  });
export type Week = Record<Weekday, Shift[]>;

const isoDate = z.iso.date('must be a date like 2026-12-25');

/** A date with other hours than its weekday's: no shifts is closed all day. */
export const specialDaySchema = z.strictObject({
  date: isoDate,
  shifts: dayShifts,
  /** What the banner shows that day, e.g. 'Closed today for Christmas – back on the 27th'. */
  message: singleLineText({ max: 200 }),
});
export type SpecialDay = z.infer<typeof specialDaySchema>;

export const specialDaysSchema = z
  .array(specialDaySchema)
  .max(100, 'at most 100 special days')
  .superRefine((days, context) => {
    const seen = new Set<string>();
    for (const day of days) {
      if (seen.has(day.date)) context.addIssue({ code: 'custom', message: `${day.date} is listed twice` });
      seen.add(day.date);
      const problem = shiftsProblem(day.shifts);
      if (problem) context.addIssue({ code: 'custom', message: `${day.date}: ${problem}` });
    }
  });

/** The same shifts every day; one shift is the week a shop had before weeks existed (its open_time and close_time). */
export function everyDay(...shifts: Shift[]): Week {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, shifts])) as Week;
}

/** The weekday of a date, in WEEKDAYS' names (Date#getDay counts from Sunday). */
export function weekdayName(dayOfWeek: number): Weekday {
  return WEEKDAYS[(dayOfWeek + 6) % 7];
}
