import { slotsAhead, tradingDayOfSlot, windowOf } from '../../../modules/store/slots';
import type { OpeningHours } from '../../../modules/store/opening-hours';
import { everyDay } from '../../../src/shared/opening-week';
import { londonTime } from '../../../src/shared/london-time';
import { slotFullText, slotGoneText, slotLabel, ticketTimeLine } from '../../../src/shared/order-time';

const daily = (open: string, close: string, closesNextDay?: true): OpeningHours => ({ week: everyDay({ open, close, ...(closesNextDay ? { closesNextDay } : {}) }), specialDays: [] });
const at = (iso: string) => new Date(iso);
const times = (slots: string[]) => slots.map((slot) => londonTime(slot));

describe('slots a customer may book (issue 37)', () => {
  const hours = daily('17:00', '23:00');

  it('starts at now plus the store status wait, on the next quarter, and ends with the last whole window of the shift', () => {
    // Friday 27 November 2026, 18:02 GMT; open wait 31 minutes: 18:33, so 18:45 first.
    const slots = slotsAhead({ now: at('2026-11-27T18:02:00Z'), hours, waitMinutes: 31, daysAhead: 0 });
    expect(slots[0]).toBe('2026-11-27T18:45:00.000Z');
    expect(slots.at(-1)).toBe('2026-11-27T22:45:00.000Z');
    expect(slots).toHaveLength(17);
  });

  it('offers today and the next N days, each within its hours', () => {
    const slots = slotsAhead({ now: at('2026-11-27T12:00:00Z'), hours, waitMinutes: 31, daysAhead: 2 });
    expect(new Set(slots.map((slot) => slot.slice(0, 10)))).toEqual(new Set(['2026-11-27', '2026-11-28', '2026-11-29']));
    expect(slots).toHaveLength(3 * 24);
    expect(slots[0]).toBe('2026-11-27T17:00:00.000Z');
  });

  it('follows a busier status: a longer wait moves the first slot', () => {
    const open = slotsAhead({ now: at('2026-11-27T18:00:00Z'), hours, waitMinutes: 31, daysAhead: 0 });
    const slammed = slotsAhead({ now: at('2026-11-27T18:00:00Z'), hours, waitMinutes: 91, daysAhead: 0 });
    expect(times([open[0], slammed[0]])).toEqual(['18:45', '19:45']);
  });

  it('offers nothing today once the last window is within the wait, and tomorrow from opening', () => {
    const slots = slotsAhead({ now: at('2026-11-27T22:30:00Z'), hours, waitMinutes: 31, daysAhead: 1 });
    expect(slots[0]).toBe('2026-11-28T17:00:00.000Z');
    expect(slotsAhead({ now: at('2026-11-27T22:30:00Z'), hours, waitMinutes: 31, daysAhead: 0 })).toEqual([]);
  });

  it('skips a closed special day', () => {
    const closedSaturday: OpeningHours = { ...hours, specialDays: [{ date: '2026-11-28', shifts: [], message: 'Closed' }] };
    const slots = slotsAhead({ now: at('2026-11-27T12:00:00Z'), hours: closedSaturday, waitMinutes: 31, daysAhead: 2 });
    expect(slots.some((slot) => slot.startsWith('2026-11-28'))).toBe(false);
  });

  it('a slot across midnight counts in the trading day of the evening its shift opened', () => {
    const late = daily('17:00', '01:00', true);
    const slots = slotsAhead({ now: at('2026-11-27T23:30:00Z'), hours: late, waitMinutes: 0, daysAhead: 0 });
    expect(times(slots)).toEqual(['23:30', '23:45', '00:00', '00:15', '00:30', '00:45']);
    expect(tradingDayOfSlot('2026-11-28T00:30:00.000Z', late)).toBe('2026-11-27');
    expect(slotLabel('2026-11-28T00:30:00.000Z')).toBe('00:30 SAT');
  });

  it('on the spring clock change the missing hour has no slots', () => {
    const night = daily('00:30', '03:00');
    // Sunday 29 March 2026: 01:00 GMT becomes 02:00 BST.
    const slots = slotsAhead({ now: at('2026-03-28T23:00:00Z'), hours: night, waitMinutes: 0, daysAhead: 1 }).filter((slot) => tradingDayOfSlot(slot, night) === '2026-03-29');
    expect(times(slots)).toEqual(['00:30', '00:45', '02:00', '02:15', '02:30', '02:45']);
  });

  it('on the autumn clock change the repeated hour has its slots twice, each a distinct window', () => {
    const night = daily('00:30', '03:00');
    // Sunday 25 October 2026: 02:00 BST becomes 01:00 GMT.
    const slots = slotsAhead({ now: at('2026-10-24T22:00:00Z'), hours: night, waitMinutes: 0, daysAhead: 1 }).filter((slot) => tradingDayOfSlot(slot, night) === '2026-10-25');
    expect(slots).toHaveLength(14);
    expect(times(slots).filter((time) => time === '01:15')).toHaveLength(2);
    expect(new Set(slots).size).toBe(14);
  });

  it('summer slots are London times', () => {
    const slots = slotsAhead({ now: at('2026-07-10T15:00:00Z'), hours, waitMinutes: 31, daysAhead: 0 });
    expect(slots[0]).toBe('2026-07-10T16:00:00.000Z');
    expect(slotLabel(slots[0])).toBe('17:00 FRI');
  });

  it('windows are the quarter an instant falls in', () => {
    expect(windowOf('2026-11-27T19:44:59.999Z')).toBe('2026-11-27T19:30:00.000Z');
    expect(windowOf('2026-11-27T19:45:00.000Z')).toBe('2026-11-27T19:45:00.000Z');
  });

  it('says a full or passed slot with the next ones that have room, and the ticket line', () => {
    expect(slotFullText('2026-11-27T19:30:00.000Z', ['2026-11-27T19:45:00.000Z', '2026-11-27T20:00:00.000Z'])).toBe('19:30 is full; 19:45 and 20:00 have room');
    expect(slotGoneText('2026-11-27T19:30:00.000Z', ['2026-11-28T17:00:00.000Z'])).toBe('19:30 can no longer be booked; 17:00 SAT has room');
    expect(ticketTimeLine('2026-11-27T19:30:00.000Z')).toBe('FOR 19:30 FRI');
  });
});
