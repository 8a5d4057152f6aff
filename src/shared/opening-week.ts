import { z } from 'zod';
import { singleLineText } from './text';
import { MAX_SHIFTS_A_DAY, specialDaysProblems, weekProblems, WEEKDAYS, type Weekday } from './shifts';

export { everyDay, WEEKDAYS, weekdayName, type Shift, type SpecialDay, type Week, type Weekday } from './shifts';

/** The settings opening_week and special_days as a manager's save must send them; the rules are shifts.ts'. */
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 17:30');

export const shiftSchema = z.strictObject({ open: clockTime, close: clockTime, closesNextDay: z.literal(true).optional() });

const dayShifts = z.array(shiftSchema).max(MAX_SHIFTS_A_DAY, `at most ${MAX_SHIFTS_A_DAY} shifts a day`);

export const weekSchema = z
  .strictObject(Object.fromEntries(WEEKDAYS.map((day) => [day, dayShifts])) as Record<Weekday, typeof dayShifts>)
  .superRefine((week, context) => {
    for (const message of weekProblems(week)) context.addIssue({ code: 'custom', message });
  });

export const specialDaySchema = z.strictObject({
  date: z.iso.date('must be a date like 2026-12-25'),
  shifts: dayShifts,
  message: singleLineText({ max: 200 }),
});

export const specialDaysSchema = z
  .array(specialDaySchema)
  .max(100, 'at most 100 special days')
  .superRefine((days, context) => {
    for (const message of specialDaysProblems(days)) context.addIssue({ code: 'custom', message });
  });
