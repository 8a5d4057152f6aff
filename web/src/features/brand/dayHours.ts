import type { Shift } from '../../../../src/shared/shifts';

import { shortDateOf, weekdayNameOf } from '../../../../src/shared/london-time';

/** 'Friday' for '2026-11-20'. */
export const weekdayOfDate = weekdayNameOf;
/** '25 Dec' for '2026-12-25'. */
export const shortDate = shortDateOf;

/** One day's shifts as customers read them, 24-hour: '12:00–14:30, 17:00–23:00', or 'Closed'. */
export function shiftsText(shifts: readonly Shift[]): string {
  if (shifts.length === 0) return 'Closed';
  return shifts.map((shift) => `${shift.open}–${shift.close}`).join(', ');
}
