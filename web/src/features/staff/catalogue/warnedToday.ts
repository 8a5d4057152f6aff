import { londonDate } from '../../../../../src/shared/london-time';
import { recall, remember } from '../../../app/deviceMemory';

/** The London date this device last acknowledged the undeclared-allergens warning on (issue 27). */
export const UNDECLARED_WARNED_KEY = 'undeclared-allergens-warned-on';

export function today(): string {
  return londonDate(new Date());
}

export const warnedOn = (): string | null => recall(UNDECLARED_WARNED_KEY);

/** Refused storage brings the warning back on the next visit. */
export const rememberWarned = (day: string): void => remember(UNDECLARED_WARNED_KEY, day);
