import { londonTime as londonClockTime } from '../../../../../src/shared/london-time';

/** An ISO instant as the kitchen's wall clock shows it: "19:05". */
export function londonTime(iso: string | null): string {
  return iso === null ? '' : londonClockTime(iso);
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** Staff spec §4: a countdown reads h:mm:ss, or mm:ss under an hour; 'DUE' at zero or below. */
export function formatCountdown(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'DUE';
  const hours = Math.floor(secondsLeft / 3600);
  const minutes = Math.floor((secondsLeft % 3600) / 60);
  const seconds = secondsLeft % 60;
  return hours > 0 ? `${hours}:${twoDigits(minutes)}:${twoDigits(seconds)}` : `${twoDigits(minutes)}:${twoDigits(seconds)}`;
}

export function secondsUntil(dueAt: number, now: number): number {
  return Math.floor((dueAt - now) / 1000);
}

/** How long a phone order still waits for the customer's call: "lapses in 19 min", or "lapsing now". */
export function lapseNotice(secondsLeft: number): string {
  if (secondsLeft <= 0) return 'lapsing now';
  return `lapses in ${Math.ceil(secondsLeft / 60)} min`;
}
