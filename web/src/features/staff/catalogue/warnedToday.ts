import { londonDate } from '../../../../../src/shared/london-time';

/** The London date this device last acknowledged the undeclared-allergens warning on (issue 27). */
export const UNDECLARED_WARNED_KEY = 'undeclared-allergens-warned-on';

export function today(): string {
  return londonDate(new Date());
}

export function warnedOn(): string | null {
  try {
    return localStorage.getItem(UNDECLARED_WARNED_KEY);
  } catch {
    return null;
  }
}

export function rememberWarned(day: string): void {
  try {
    localStorage.setItem(UNDECLARED_WARNED_KEY, day);
  } catch {
    // Private browsing may refuse storage: the warning then comes back on the next visit.
  }
}
