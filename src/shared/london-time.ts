/** The shop's wall clock is London's; these turn instants into London dates and times (DST included). */
const ZONE = 'Europe/London';

// Made once: building a formatter costs far more than using it.
const LONDON = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

const parts = (instant: Date | string) =>
  Object.fromEntries(LONDON.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));

/** 'YYYY-MM-DD' of the London day the instant falls in: the trading day. */
export function londonDate(instant: Date | string): string {
  const p = parts(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** 'HH:mm' on London's clock. */
export function londonTime(instant: Date | string): string {
  const p = parts(instant);
  return `${p.hour}:${p.minute}`;
}

/** The instant at which London's clock shows `hhmm` on the London day of `reference`. */
export function londonInstant(reference: Date, hhmm: string): Date {
  const [hours, minutes] = hhmm.split(':').map(Number);
  const day = londonDate(reference);
  // Start from that wall time as if it were UTC, then correct by London's offset at that moment (twice, for DST edges).
  let guess = new Date(`${day}T${hhmm}:00.000Z`);
  for (let pass = 0; pass < 2; pass++) {
    const p = parts(guess);
    const shownMinutes = Number(p.hour) * 60 + Number(p.minute);
    const shownDay = `${p.year}-${p.month}-${p.day}`;
    const dayShift = shownDay === day ? 0 : shownDay > day ? 24 * 60 : -24 * 60;
    guess = new Date(guess.getTime() - (shownMinutes + dayShift - (hours * 60 + minutes)) * 60_000);
  }
  return guess;
}

/** Noon UTC of a 'YYYY-MM-DD' date: always on that same London date, whatever the clocks do. */
const noonOf = (date: string) => new Date(`${date}T12:00:00.000Z`);

/** The 'YYYY-MM-DD' date `days` days after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return new Date(noonOf(date).getTime() + days * 24 * 3600_000).toISOString().slice(0, 10);
}

/** 0 for Sunday to 6 for Saturday, as Date#getDay counts. */
export function weekdayOf(date: string): number {
  return noonOf(date).getUTCDay();
}

/** The instant at which London's clock shows `hhmm` on the London date `date` ('YYYY-MM-DD'). */
export function londonInstantOn(date: string, hhmm: string): Date {
  return londonInstant(noonOf(date), hhmm);
}

const LONDON_DAY = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** 'Saturday 28 November 2026': the London day of the instant as a customer reads it (built from parts, so every engine says it alike). */
export function londonDayLabel(instant: Date | string): string {
  const p = Object.fromEntries(LONDON_DAY.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return `${p.weekday} ${p.day} ${p.month} ${p.year}`;
}

/*
 * Issue 38: every date and time a screen shows or takes is en-GB on London's clock, whatever the browser's locale
 * and zone, and this file is the only place that formats them (test/shared/london-time.test.ts scans for others).
 */

const LONDON_WEEKDAY_SHORT = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, weekday: 'short' });
const LONDON_DAY_MONTH = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, weekday: 'long', day: 'numeric', month: 'long' });
// A 'YYYY-MM-DD' date is read at noon UTC, which is that same date in London: no zone moves it.
const DATE_WEEKDAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long' });
const DATE_SHORT = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' });

/** 'Fri' for an instant on a Friday in London. */
export function londonWeekdayShort(instant: Date | string): string {
  return LONDON_WEEKDAY_SHORT.format(new Date(instant)).slice(0, 3);
}

/** 'Friday 27 November': the London day of the instant, without its year. */
export function londonDayMonthLabel(instant: Date | string): string {
  return LONDON_DAY_MONTH.format(new Date(instant)).replace(',', '');
}

/** '27/11/2026': a 'YYYY-MM-DD' date as day/month/year. */
export function dayMonthYear(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** '27/11/2026': the London date of the instant, day/month/year. */
export function londonDateText(instant: Date | string): string {
  return dayMonthYear(londonDate(instant));
}

/** '27/11/2026 19:05': the instant on London's calendar and 24-hour clock. */
export function londonDateTimeText(instant: Date | string): string {
  return `${londonDateText(instant)} ${londonTime(instant)}`;
}

/** 'Friday' for the date '2026-11-27'. */
export function weekdayNameOf(date: string): string {
  return DATE_WEEKDAY.format(noonOf(date));
}

/** '25 Dec' for the date '2026-12-25'. */
export function shortDateOf(date: string): string {
  return DATE_SHORT.format(noonOf(date));
}

/** A time typed as 24-hour 'H:MM', 'HH:MM', 'HHMM' or 'HH.MM', as 'HH:MM'; null when it is no time of day. */
export function parseClockTime(typed: string): string | null {
  const match = /^(\d{1,2})(?:[:.]?(\d{2}))$/.exec(typed.trim());
  if (!match) return null;
  const [hours, minutes] = [Number(match[1]), Number(match[2])];
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${match[2]}`;
}

/** A date typed day first ('25/12/2026', '25-12-2026', '25.12.2026', '1/2/2027'), as 'YYYY-MM-DD'; null when no such date. */
export function parseDayMonthYear(typed: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(typed.trim());
  if (!match) return null;
  const date = `${match[3]}-${match[2].padStart(2, '0')}-${match[1].padStart(2, '0')}`;
  // A day the calendar has: 31/02 would come back as another date.
  return !Number.isNaN(noonOf(date).getTime()) && noonOf(date).toISOString().slice(0, 10) === date ? date : null;
}
