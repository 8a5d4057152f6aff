import { everyDay, specialDaysProblems, weekProblems, WEEKDAYS, type Shift, type SpecialDay, type Week } from '../../../../../src/shared/shifts';

/** A special day as the screen edits it: closed all day, or its own shifts. */
export interface SpecialDayFields {
  date: string;
  closed: boolean;
  shifts: Shift[];
  message: string;
}

export const NEW_SHIFT: Shift = { open: '17:00', close: '23:00' };

const isWeek = (value: unknown): value is Week =>
  typeof value === 'object' && value !== null && WEEKDAYS.every((day) => Array.isArray((value as Record<string, unknown>)[day]));

/** The week the shop keeps: the one set, else its open_time-close_time every day (as the server reads it). */
export function weekFromValues(values: Record<string, unknown>): Week {
  if (isWeek(values.opening_week)) return values.opening_week;
  return everyDay({ open: String(values.open_time ?? '17:00'), close: String(values.close_time ?? '23:00') });
}

export function specialDaysFromValues(values: Record<string, unknown>): SpecialDayFields[] {
  const days = Array.isArray(values.special_days) ? (values.special_days as SpecialDay[]) : [];
  return days.map((day) => ({ date: day.date, closed: day.shifts.length === 0, shifts: day.shifts.length === 0 ? [NEW_SHIFT] : day.shifts, message: day.message }));
}

export function specialDaysToSave(days: SpecialDayFields[]): SpecialDay[] {
  return days.map((day) => ({ date: day.date, shifts: day.closed ? [] : day.shifts, message: day.message.trim() }));
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What is wrong with the hours typed, in the server's words (shifts.ts); empty when they work together. */
export function hoursProblems(week: Week, specialDays: SpecialDayFields[]): string[] {
  const empty = (shifts: Shift[]) => shifts.some((shift) => shift.open === '' || shift.close === '');
  const problems = WEEKDAYS.filter((day) => empty(week[day])).map((day) => `${capitalised(day)}: a shift needs its opening and closing time`);
  for (const [index, day] of specialDays.entries()) {
    if (day.date === '') problems.push(`Special day ${index + 1} needs a date`);
    if (!day.closed && empty(day.shifts)) problems.push(`Special day ${index + 1}: a shift needs its opening and closing time`);
  }
  if (problems.length > 0) return problems;
  return [...weekProblems(week), ...specialDaysProblems(specialDaysToSave(specialDays))].map(capitalised);
}
