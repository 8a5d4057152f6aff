import { minutesAfter } from '../../src/core/clock';

/** The wall clock in the shop's town, with its zone's name, whatever zone the test process runs in. */
const inLondon = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));

describe('minutesAfter', () => {
  it('adds whole minutes to an ISO instant and answers an ISO instant', () => {
    expect(minutesAfter('2026-11-20T19:00:00.000Z', 15)).toBe('2026-11-20T19:15:00.000Z');
    expect(minutesAfter('2026-11-20T23:50:30.250Z', 20)).toBe('2026-11-21T00:10:30.250Z');
  });

  it('answers the instant itself for no minutes, and earlier for negative ones', () => {
    expect(minutesAfter('2026-11-20T19:00:00.000Z', 0)).toBe('2026-11-20T19:00:00.000Z');
    expect(minutesAfter('2026-11-20T19:00:00.000Z', -2)).toBe('2026-11-20T18:58:00.000Z');
  });

  it('reads an instant written with an offset and answers it in UTC', () => {
    expect(minutesAfter('2026-07-01T12:00:00+01:00', 10)).toBe('2026-07-01T11:10:00.000Z');
  });

  it('counts elapsed time across the clocks going forward in Europe/London (29 March 2026)', () => {
    const later = minutesAfter('2026-03-29T00:30:00.000Z', 60);
    expect(later).toBe('2026-03-29T01:30:00.000Z');
    // An hour passed, though the wall clock moved two: 00:30 GMT to 02:30 BST.
    expect([inLondon('2026-03-29T00:30:00.000Z'), inLondon(later)]).toEqual(['00:30 GMT', '02:30 BST']);
  });

  it('counts elapsed time across the clocks going back in Europe/London (25 October 2026)', () => {
    const later = minutesAfter('2026-10-25T00:30:00.000Z', 60);
    expect(later).toBe('2026-10-25T01:30:00.000Z');
    // An hour passed, though the wall clock shows the same time: 01:30 BST, then 01:30 GMT.
    expect([inLondon('2026-10-25T00:30:00.000Z'), inLondon(later)]).toEqual(['01:30 BST', '01:30 GMT']);
  });
});
