import type { StoreStatus } from '../../../src/shared/store-status';
import { bannerText, closingNotice, isWithinHours, nextClosingAt, nextOpenAt, openingHoursOf, secondsToClose, weekAhead, type OpeningHours } from '../../../modules/store/opening-hours';
import { everyDay } from '../../../src/shared/opening-week';

const daily = (open: string, close: string): OpeningHours => ({ week: everyDay({ open, close }), specialDays: [] });
const hours = daily('17:00', '23:00');

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
    expect(nextOpenAt(new Date('2026-11-20T10:00:00Z'), hours)?.toISOString()).toBe('2026-11-20T17:00:00.000Z');
    expect(nextOpenAt(new Date('2026-11-20T18:00:00Z'), hours)?.toISOString()).toBe('2026-11-21T17:00:00.000Z');
    // Saturday 28 March 2026 evening: Sunday 29 March is on BST, 17:00 London is 16:00 UTC.
    expect(nextOpenAt(new Date('2026-03-28T18:00:00Z'), hours)?.toISOString()).toBe('2026-03-29T16:00:00.000Z');
  });

  it('finds the next closing time: today’s while it is ahead, else tomorrow’s, across the clock changes', () => {
    const closing = (now: string, on = hours) => nextClosingAt(new Date(now), on)?.toISOString();
    expect(closing('2026-11-20T06:20:00Z')).toBe('2026-11-20T23:00:00.000Z');
    expect(closing('2026-11-20T22:59:59Z')).toBe('2026-11-20T23:00:00.000Z');
    expect(closing('2026-11-20T23:00:00Z')).toBe('2026-11-21T23:00:00.000Z');
    expect(closing('2026-11-20T23:30:00Z')).toBe('2026-11-21T23:00:00.000Z');
    // Saturday 28 March 2026, 23:30 GMT: Sunday is on BST, 23:00 London is 22:00 UTC.
    expect(closing('2026-03-28T23:30:00Z')).toBe('2026-03-29T22:00:00.000Z');
    // Saturday 24 October 2026, 23:30 BST: Sunday is back on GMT.
    expect(closing('2026-10-24T22:30:00Z')).toBe('2026-10-25T23:00:00.000Z');
    // The demo hours: a store opened at 23:59:30 stays open until tomorrow's 23:59.
    expect(closing('2026-11-20T23:59:30Z', daily('00:00', '23:59'))).toBe('2026-11-21T23:59:00.000Z');
  });

  it('finds tomorrow’s opening time for a late opening time too', () => {
    expect(nextOpenAt(new Date('2026-11-20T23:30:00Z'), daily('23:00', '23:59'))?.toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });
});

describe('a week of shifts and special days (issue 14 item 6)', () => {
  const lunchAndDinner: OpeningHours = { week: everyDay({ open: '12:00', close: '14:00' }, { open: '17:00', close: '23:00' }), specialDays: [] };
  const pastMidnight: OpeningHours = { week: everyDay({ open: '17:00', close: '01:00', closesNextDay: true }), specialDays: [] };
  const at = (iso: string) => new Date(iso);

  it('split shifts: open for lunch and dinner, closed between them', () => {
    expect(isWithinHours(at('2026-11-20T13:59:00Z'), lunchAndDinner)).toBe(true);
    expect(isWithinHours(at('2026-11-20T14:00:00Z'), lunchAndDinner)).toBe(false);
    expect(nextClosingAt(at('2026-11-20T12:30:00Z'), lunchAndDinner)?.toISOString()).toBe('2026-11-20T14:00:00.000Z');
    expect(nextOpenAt(at('2026-11-20T14:30:00Z'), lunchAndDinner)?.toISOString()).toBe('2026-11-20T17:00:00.000Z');
    // Opened on purpose between the shifts, the store lasts until dinner's closing.
    expect(nextClosingAt(at('2026-11-20T15:00:00Z'), lunchAndDinner)?.toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(secondsToClose(at('2026-11-20T13:50:00Z'), lunchAndDinner)).toBe(600);
  });

  it('a shift past midnight stays open until it closes the next day', () => {
    expect(isWithinHours(at('2026-11-21T00:40:00Z'), pastMidnight)).toBe(true);
    expect(isWithinHours(at('2026-11-21T01:00:00Z'), pastMidnight)).toBe(false);
    expect(nextClosingAt(at('2026-11-20T19:00:00Z'), pastMidnight)?.toISOString()).toBe('2026-11-21T01:00:00.000Z');
    expect(secondsToClose(at('2026-11-21T00:50:00Z'), pastMidnight)).toBe(600);
  });

  it('a weekday off and a special day closed: the next opening skips them', () => {
    const mondaysOff: OpeningHours = { ...lunchAndDinner, week: { ...lunchAndDinner.week, monday: [] } };
    // Sunday 22 November, after dinner: Monday is off, so Tuesday's lunch.
    expect(nextOpenAt(at('2026-11-22T23:30:00Z'), mondaysOff)?.toISOString()).toBe('2026-11-24T12:00:00.000Z');
    const christmas: OpeningHours = { ...lunchAndDinner, specialDays: [{ date: '2026-12-25', shifts: [], message: 'Closed for Christmas' }] };
    expect(isWithinHours(at('2026-12-25T12:30:00Z'), christmas)).toBe(false);
    expect(nextOpenAt(at('2026-12-24T23:30:00Z'), christmas)?.toISOString()).toBe('2026-12-26T12:00:00.000Z');
    const shortDay: OpeningHours = { ...lunchAndDinner, specialDays: [{ date: '2026-12-24', shifts: [{ open: '11:00', close: '15:00' }], message: 'Christmas Eve: lunch only' }] };
    expect(isWithinHours(at('2026-12-24T14:30:00Z'), shortDay)).toBe(true);
    expect(isWithinHours(at('2026-12-24T18:00:00Z'), shortDay)).toBe(false);
  });

  it('keeps London time on both clock-change days', () => {
    // Sunday 29 March 2026 (BST from 01:00 GMT): lunch 12:00 BST is 11:00 UTC.
    expect(nextOpenAt(at('2026-03-29T08:00:00Z'), lunchAndDinner)?.toISOString()).toBe('2026-03-29T11:00:00.000Z');
    expect(isWithinHours(at('2026-03-29T12:59:00Z'), lunchAndDinner)).toBe(true);
    expect(isWithinHours(at('2026-03-29T13:00:00Z'), lunchAndDinner)).toBe(false);
    // Sunday 25 October 2026 (GMT from 01:00 UTC): lunch 12:00 GMT is 12:00 UTC.
    expect(nextOpenAt(at('2026-10-25T08:00:00Z'), lunchAndDinner)?.toISOString()).toBe('2026-10-25T12:00:00.000Z');
    expect(nextClosingAt(at('2026-10-25T12:30:00Z'), lunchAndDinner)?.toISOString()).toBe('2026-10-25T14:00:00.000Z');
  });

  it('a zero-length shift (opening equals closing) is closed that day', () => {
    const mondayOff = { week: { ...everyDay({ open: '17:00', close: '23:00' }), monday: [{ open: '17:00', close: '17:00' }] }, specialDays: [] };
    // Monday 2026-11-23, 18:00 London: closed; the next opening is Tuesday's.
    expect(isWithinHours(new Date('2026-11-23T18:00:00Z'), mondayOff)).toBe(false);
    expect(nextOpenAt(new Date('2026-11-23T12:00:00Z'), mondayOff)?.toISOString()).toBe('2026-11-24T17:00:00.000Z');
  });

  it('a week without a shift has no next opening and no closing time', () => {
    const never: OpeningHours = { week: everyDay(), specialDays: [] };
    expect(nextOpenAt(at('2026-11-20T12:00:00Z'), never)).toBeNull();
    expect(nextClosingAt(at('2026-11-20T12:00:00Z'), never)).toBeNull();
    expect(secondsToClose(at('2026-11-20T12:00:00Z'), never)).toBe(-1);
  });
});

describe('shops from before weeks existed', () => {
  it('keep their open_time-close_time every day', () => {
    const hours = openingHoursOf({ open_time: '12:00', close_time: '22:00', opening_week: null, special_days: [] });
    expect(hours.week).toEqual(everyDay({ open: '12:00', close: '22:00' }));
    expect(isWithinHours(new Date('2026-11-23T21:59:00Z'), hours)).toBe(true);
  });
});

describe("the footer's week ahead (issue 32)", () => {
  it('lists seven days from today, a special day with its own shifts and message', () => {
    const week: OpeningHours = {
      week: { ...everyDay({ open: '17:00', close: '23:00' }), monday: [] },
      specialDays: [{ date: '2026-12-25', shifts: [], message: 'Closed for Christmas' }],
    };
    const days = weekAhead('2026-12-22', week);
    expect(days.map((day) => day.date)).toEqual(['2026-12-22', '2026-12-23', '2026-12-24', '2026-12-25', '2026-12-26', '2026-12-27', '2026-12-28']);
    expect(days[0]).toEqual({ date: '2026-12-22', shifts: [{ open: '17:00', close: '23:00' }], special: null });
    expect(days[3]).toEqual({ date: '2026-12-25', shifts: [], special: 'Closed for Christmas' });
    expect(days[6].shifts).toEqual([]); // a Monday
  });
});
