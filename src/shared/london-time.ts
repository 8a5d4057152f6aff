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
