/**
 * A restaurant's week (issue 14 item 6): shifts per day of the week, and special days (a holiday closed, or
 * other shifts) with a message for the banner. The rules a week must keep, for the server's schema
 * (opening-week.ts) and the browser's settings screen alike; no zod here, so the web bundle stays small.
 * The instants a week gives are modules/store's (opening-hours.ts).
 */
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One shift, times 'HH:MM'; one that ends after midnight closes the next day (a 17:00-01:00 dinner). */
export interface Shift {
  open: string;
  close: string;
  closesNextDay?: true;
}
export type Week = Record<Weekday, Shift[]>;
/** A date ('YYYY-MM-DD') with other hours than its weekday's: no shifts is closed all day. */
export interface SpecialDay {
  date: string;
  shifts: Shift[];
  /** What the banner shows that day, e.g. 'Closed today for Christmas – back on the 27th'. */
  message: string;
}

export const MAX_SHIFTS_A_DAY = 6;
const MINUTES_A_DAY = 24 * 60;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The shift's opening and closing, in minutes from the midnight that starts its day. */
export function shiftMinutes(shift: Shift): { open: number; close: number } {
  return { open: minutesOf(shift.open), close: minutesOf(shift.close) + (shift.closesNextDay ? MINUTES_A_DAY : 0) };
}

const describeShift = (shift: Shift) => `${shift.open}-${shift.close}${shift.closesNextDay ? ' (next day)' : ''}`;

/**
 * What is wrong with one day's shifts, or null: the spec's 'open time <= close time' within a shift (one whose
 * opening equals its closing is zero-length, closed that day, issue 30 item 2; a shift closing the next day
 * closes at or before its opening time, so at most a day long), and no two overlapping.
 */
export function shiftsProblem(shifts: readonly Shift[]): string | null {
  for (const shift of shifts) {
    const { open, close } = shiftMinutes(shift);
    if (!shift.closesNextDay && close < open) return `the shift ${describeShift(shift)} closes before it opens: tick "closes next day" for a shift past midnight`;
    if (shift.closesNextDay && close - open > MINUTES_A_DAY) return `the shift ${describeShift(shift)} is longer than a day`;
  }
  const sorted = [...shifts].sort((a, b) => minutesOf(a.open) - minutesOf(b.open));
  for (let i = 1; i < sorted.length; i++) {
    if (minutesOf(sorted[i].open) < shiftMinutes(sorted[i - 1]).close) return `the shifts ${describeShift(sorted[i - 1])} and ${describeShift(sorted[i])} overlap`;
  }
  return null;
}

/** What is wrong with a week, each naming its day: a day's shifts, or a shift past midnight running into the next day's (Sunday's into Monday's). */
export function weekProblems(week: Week): string[] {
  const problems: string[] = [];
  for (const [index, day] of WEEKDAYS.entries()) {
    const problem = shiftsProblem(week[day]);
    if (problem) problems.push(`${day}: ${problem}`);
    const next = WEEKDAYS[(index + 1) % WEEKDAYS.length];
    const lateClose = Math.max(0, ...week[day].filter((shift) => shift.closesNextDay).map((shift) => minutesOf(shift.close)));
    const clash = week[next].find((shift) => minutesOf(shift.open) < lateClose);
    if (clash) problems.push(`${day}'s shift past midnight overlaps ${next}'s shift ${describeShift(clash)}`);
  }
  return problems;
}

/** What is wrong with a list of special days, each naming its date: a date listed twice, or its shifts. */
export function specialDaysProblems(days: readonly SpecialDay[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const day of days) {
    if (seen.has(day.date)) problems.push(`${day.date} is listed twice`);
    seen.add(day.date);
    const problem = shiftsProblem(day.shifts);
    if (problem) problems.push(`${day.date}: ${problem}`);
  }
  return problems;
}

/** The same shifts every day; one shift is the week a shop had before weeks existed (its open_time and close_time). */
export function everyDay(...shifts: Shift[]): Week {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, shifts])) as Week;
}

/** The weekday of a date, in WEEKDAYS' names (Date#getDay counts from Sunday). */
export function weekdayName(dayOfWeek: number): Weekday {
  return WEEKDAYS[(dayOfWeek + 6) % 7];
}
