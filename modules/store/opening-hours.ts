import { londonInstant } from '../../src/shared/london-time';
import { CLOSED_BANNER, type StoreStatus } from '../../src/shared/store-status';

export interface OpeningHours {
  openTime: string;
  closeTime: string;
}

/** Today's opening and closing instants on London's clock. */
export function todaysHours(now: Date, hours: OpeningHours): { opensAt: Date; closesAt: Date } {
  return { opensAt: londonInstant(now, hours.openTime), closesAt: londonInstant(now, hours.closeTime) };
}

export function isWithinHours(now: Date, hours: OpeningHours): boolean {
  const { opensAt, closesAt } = todaysHours(now, hours);
  return now >= opensAt && now < closesAt;
}

/** Seconds until closing time today; negative once it has passed. */
export function secondsToClose(now: Date, hours: OpeningHours): number {
  return Math.floor((todaysHours(now, hours).closesAt.getTime() - now.getTime()) / 1000);
}

/** Noon on the London day after `now`'s: a reference that names tomorrow whatever the clocks do tonight. */
function tomorrow(now: Date): Date {
  return new Date(londonInstant(now, '12:00').getTime() + 24 * 3600_000);
}

/** The next opening instant: today's if it is still ahead, else tomorrow's. */
export function nextOpenAt(now: Date, hours: OpeningHours): Date {
  const today = todaysHours(now, hours).opensAt;
  if (now < today) return today;
  return londonInstant(tomorrow(now), hours.openTime);
}

/**
 * The closing time a store opened at `now` stays open until: today's if it is still ahead, else tomorrow's,
 * so staff who open late on purpose stay open until the next closing time. The one home of "when does the
 * store close"; a week of shifts and special days (issue 14 item 6) replaces the hours behind it.
 */
export function nextClosingAt(now: Date, hours: OpeningHours): Date {
  const today = todaysHours(now, hours).closesAt;
  if (now < today) return today;
  return londonInstant(tomorrow(now), hours.closeTime);
}

/** The customer banner's closing notice, or null when closing is more than 15 minutes away. */
export { closingNotice } from '../../src/shared/store-status';

const BANNER: Record<Exclude<StoreStatus, 'closed'>, string> = { open: 'OPEN', busy: 'BUSY', slammed: 'VERY BUSY' };

/** The customer banner's text for a store status, with the minutes from payment to ready. */
export function bannerText(status: StoreStatus, minutes: number): string {
  if (status === 'closed') return CLOSED_BANNER;
  return `${BANNER[status]} - orders ready ~${minutes} mins after payment`;
}
