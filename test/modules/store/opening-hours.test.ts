import type { StoreStatus } from '../../../src/shared/store-status';
import { bannerText, closingNotice, isWithinHours, nextClosingAt, nextOpenAt, secondsToClose } from '../../../modules/store/opening-hours';

const hours = { openTime: '17:00', closeTime: '23:00' };

describe('status banner and closing notices (staff spec §2, §9)', () => {
  it.each<[StoreStatus, number, string]>([
    ['closed', 31, "CLOSED - we're not taking orders right now"],
    ['open', 31, 'OPEN - orders ready ~31 mins after payment'],
    ['busy', 61, 'BUSY - orders ready ~61 mins after payment'],
    ['slammed', 91, 'VERY BUSY - orders ready ~91 mins after payment'],
  ])('%s shows %j', (status, minutes, text) => expect(bannerText(status, minutes)).toBe(text));

  it.each([
    [16 * 60, null],
    [15 * 60, { message: '--- Closing in approx. 15 minutes ---', mins: 15 }],
    [10 * 60 + 1, { message: '--- Closing in approx. 11 minutes ---', mins: 11 }],
    [61, { message: '--- Closing in approx. 2 minutes ---', mins: 2 }],
    [60, { message: '--- Closing in approx. 1 minute ---', mins: 1 }],
    [59, { message: '--- Closing in less than a minute ---', mins: 0 }],
    [0, null],
    [-30, null],
  ])('%i seconds before closing: %j', (seconds, notice) => expect(closingNotice(seconds)).toEqual(notice));
});

describe('opening hours on London time', () => {
  it('counts to closing time in winter (UTC) and in summer (BST)', () => {
    expect(secondsToClose(new Date('2026-11-20T22:50:00Z'), hours)).toBe(600);
    expect(secondsToClose(new Date('2026-07-20T21:50:00Z'), hours)).toBe(600);
  });

  it('is open from opening time up to, not including, closing time', () => {
    expect(isWithinHours(new Date('2026-11-20T16:59:59Z'), hours)).toBe(false);
    expect(isWithinHours(new Date('2026-11-20T17:00:00Z'), hours)).toBe(true);
    expect(isWithinHours(new Date('2026-11-20T23:00:00Z'), hours)).toBe(false);
  });

  it('opens next today before opening time, else tomorrow, across the clock change', () => {
    expect(nextOpenAt(new Date('2026-11-20T10:00:00Z'), hours).toISOString()).toBe('2026-11-20T17:00:00.000Z');
    expect(nextOpenAt(new Date('2026-11-20T18:00:00Z'), hours).toISOString()).toBe('2026-11-21T17:00:00.000Z');
    // Saturday 28 March 2026 evening: Sunday 29 March is on BST, 17:00 London is 16:00 UTC.
    expect(nextOpenAt(new Date('2026-03-28T18:00:00Z'), hours).toISOString()).toBe('2026-03-29T16:00:00.000Z');
  });

  it('finds the next closing time: today’s while it is ahead, else tomorrow’s, across the clock changes', () => {
    const closing = (now: string, on = hours) => nextClosingAt(new Date(now), on).toISOString();
    expect(closing('2026-11-20T06:20:00Z')).toBe('2026-11-20T23:00:00.000Z');
    expect(closing('2026-11-20T22:59:59Z')).toBe('2026-11-20T23:00:00.000Z');
    expect(closing('2026-11-20T23:00:00Z')).toBe('2026-11-21T23:00:00.000Z');
    expect(closing('2026-11-20T23:30:00Z')).toBe('2026-11-21T23:00:00.000Z');
    // Saturday 28 March 2026, 23:30 GMT: Sunday is on BST, 23:00 London is 22:00 UTC.
    expect(closing('2026-03-28T23:30:00Z')).toBe('2026-03-29T22:00:00.000Z');
    // Saturday 24 October 2026, 23:30 BST: Sunday is back on GMT.
    expect(closing('2026-10-24T22:30:00Z')).toBe('2026-10-25T23:00:00.000Z');
    // The demo hours: a store opened at 23:59:30 stays open until tomorrow's 23:59.
    expect(closing('2026-11-20T23:59:30Z', { openTime: '00:00', closeTime: '23:59' })).toBe('2026-11-21T23:59:00.000Z');
  });

  it('finds tomorrow’s opening time for a late opening time too', () => {
    expect(nextOpenAt(new Date('2026-11-20T23:30:00Z'), { openTime: '23:00', closeTime: '23:59' }).toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });
});
