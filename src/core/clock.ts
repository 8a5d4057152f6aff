/** Time comes from here, never from `new Date()` in domain code, so tests set "now" instead of sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

const MINUTE_MS = 60_000;

/**
 * The ISO instant `minutes` whole minutes after the ISO instant `at`. UTC arithmetic, so a change of the clocks
 * (Europe/London's summer time) neither adds nor removes an hour.
 */
export function minutesAfter(at: string, minutes: number): string {
  return new Date(Date.parse(at) + minutes * MINUTE_MS).toISOString();
}
