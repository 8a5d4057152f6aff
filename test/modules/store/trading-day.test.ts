import fc from 'fast-check';
import type { OpeningHours } from '../../../modules/store/opening-hours';
import { shiftTimesOn } from '../../../modules/store/opening-hours';
import { tradingDayBounds, tradingDayOf } from '../../../modules/store/trading-day';
import { addDays, londonDate } from '../../../src/shared/london-time';
import { everyDay } from '../../../src/shared/opening-week';

const pastMidnight: OpeningHours = { week: everyDay({ open: '17:00', close: '01:00', closesNextDay: true }), specialDays: [] };
const lunchAndDinner: OpeningHours = { week: everyDay({ open: '12:00', close: '14:00' }, { open: '17:00', close: '23:00' }), specialDays: [] };

/** Given the hours, when a moment (ISO), then its trading day. */
const dayOf = (moment: string, hours: OpeningHours) => tradingDayOf(new Date(moment), hours);

describe('trading day (issue 14 item 7)', () => {
  it('an order at 00:40 in a 17:00-01:00 shift belongs to the evening the shift started', () => {
    expect(dayOf('2026-11-20T19:00:00Z', pastMidnight)).toBe('2026-11-20');
    expect(dayOf('2026-11-21T00:40:00Z', pastMidnight)).toBe('2026-11-20');
    expect(dayOf('2026-11-21T00:59:59Z', pastMidnight)).toBe('2026-11-20');
  });

  it('from the shift’s closing on, and outside every shift, it is London’s calendar date', () => {
    expect(dayOf('2026-11-21T01:00:00Z', pastMidnight)).toBe('2026-11-21');
    expect(dayOf('2026-11-21T01:30:00Z', pastMidnight)).toBe('2026-11-21');
    expect(dayOf('2026-11-21T00:40:00Z', lunchAndDinner)).toBe('2026-11-21');
    expect(dayOf('2026-07-20T23:30:00Z', lunchAndDinner)).toBe('2026-07-21'); // 00:30 BST
  });

  it('a special day closed the evening before has no shift running into the next day', () => {
    const closedFriday: OpeningHours = { ...pastMidnight, specialDays: [{ date: '2026-11-20', shifts: [], message: 'Closed tonight' }] };
    expect(dayOf('2026-11-21T00:40:00Z', closedFriday)).toBe('2026-11-21');
  });

  it('across the clock changes: the shift’s own London closing time bounds its day', () => {
    // Saturday 28 March 2026 17:00 GMT: Sunday's 01:00 never shows (the clocks jump from 01:00 GMT to 02:00 BST),
    // so the shift runs until the jump.
    expect(dayOf('2026-03-29T00:30:00Z', pastMidnight)).toBe('2026-03-28');
    expect(dayOf('2026-03-29T01:00:00Z', pastMidnight)).toBe('2026-03-29');
    // Saturday 24 October 2026 17:00 BST: Sunday's 01:00 shows twice (01:00 BST, then 01:00 GMT an hour later);
    // the shift runs until the second, its wall clock's last 01:00.
    expect(dayOf('2026-10-25T00:30:00Z', pastMidnight)).toBe('2026-10-24');
    expect(dayOf('2026-10-25T01:00:00Z', pastMidnight)).toBe('2026-10-25');
    expect(tradingDayBounds('2026-10-25', pastMidnight)).toEqual({ from: new Date('2026-10-25T01:00:00Z'), to: new Date('2026-10-26T01:00:00Z') });
  });

  /** Instants between two, in milliseconds; the clock-change weekends get their own arbitraries, so they are always tried. */
  const moments = (from: string, to: string) => fc.integer({ min: Date.parse(from), max: Date.parse(to) });
  const dates = fc.integer({ min: 0, max: 3 * 365 }).map((offset) => addDays('2026-01-01', offset));

  it('property: every moment of a shift maps to the day the shift opened on', () => {
    fc.assert(
      fc.property(fc.oneof(dates, fc.constantFrom('2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25')), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (date, fraction) => {
        for (const shift of shiftTimesOn(date, pastMidnight)) {
          const moment = new Date(shift.opensAt.getTime() + Math.floor(fraction * (shift.closesAt.getTime() - shift.opensAt.getTime())));
          expect(tradingDayOf(moment, pastMidnight)).toBe(date);
        }
      }),
    );
  });

  it('property: a moment lies within the bounds of its own trading day, a day from its London date at most, across the clock changes too', () => {
    fc.assert(
      fc.property(fc.oneof(moments('2026-01-01T00:00:00Z', '2029-01-01T00:00:00Z'), moments('2026-03-28T12:00:00Z', '2026-03-30T12:00:00Z'), moments('2026-10-24T12:00:00Z', '2026-10-26T12:00:00Z')), (ms) => {
        const moment = new Date(ms);
        const day = tradingDayOf(moment, pastMidnight);
        const { from, to } = tradingDayBounds(day, pastMidnight);
        expect(moment >= from && moment < to).toBe(true);
        expect([londonDate(moment), addDays(londonDate(moment), -1)]).toContain(day);
      }),
    );
  });
});
