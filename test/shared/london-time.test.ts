/** Issue 38 item 4: dates and times in en-GB on London's clock, through one helper, whatever the browser's locale. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  dayMonthYear,
  londonDateText,
  londonDateTimeText,
  londonDayMonthLabel,
  londonWeekdayShort,
  parseClockTime,
  parseDayMonthYear,
  shortDateOf,
  weekdayNameOf,
} from '../../src/shared/london-time';

const ROOT = join(__dirname, '../..');
const HELPER = 'src/shared/london-time.ts';
/** Formatting a date or time by the browser's (or the server's) own locale or zone, or a native picker that does. */
const DIRECT = [
  /\.toLocale(?:Date|Time)?String\(/,
  /Intl\.DateTimeFormat/,
  /\.to(?:UTC|Date|Time)String\(/,
  /getTimezoneOffset\(/,
  /type=["'{]+(?:time|date|datetime-local|month|week)["'}]/,
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name.startsWith('dist')) return [];
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe('the one date and time helper', () => {
  it('is the only code that formats a date or time (no toLocale*String, Intl.DateTimeFormat or native pickers elsewhere)', () => {
    const offenders = ['src', 'modules', 'projections', 'web/src'].flatMap((dir) =>
      sources(join(ROOT, dir))
        .filter((path) => relative(ROOT, path) !== HELPER)
        .flatMap((path) =>
          readFileSync(path, 'utf8')
            .split('\n')
            .map((line, index) => ({ where: `${relative(ROOT, path)}:${index + 1}`, line }))
            .filter(({ line }) => DIRECT.some((pattern) => pattern.test(line))),
        ),
    );
    expect(offenders).toEqual([]);
  });

  it('writes dates day/month/year and times on the 24-hour London clock, summer time included', () => {
    expect(londonDateTimeText('2026-11-27T19:05:00.000Z')).toBe('27/11/2026 19:05');
    expect(londonDateTimeText('2026-07-01T23:30:00.000Z')).toBe('02/07/2026 00:30');
    expect(londonDateText('2026-03-29T00:30:00.000Z')).toBe('29/03/2026');
    expect(dayMonthYear('2026-12-25')).toBe('25/12/2026');
    expect(londonWeekdayShort('2026-11-27T23:30:00.000Z')).toBe('Fri');
    expect(londonDayMonthLabel('2026-11-27T19:05:00.000Z')).toBe('Friday 27 November');
    expect(weekdayNameOf('2026-11-20')).toBe('Friday');
    expect(shortDateOf('2026-12-25')).toBe('25 Dec');
  });

  it('reads times typed on the 24-hour clock and dates typed day first', () => {
    expect(['17:30', '1730', '9:05', '09.05', '00:00', '23:59'].map(parseClockTime)).toEqual(['17:30', '17:30', '09:05', '09:05', '00:00', '23:59']);
    expect(['24:00', '12:60', '5:30 PM', '', '7'].map(parseClockTime)).toEqual([null, null, null, null, null]);
    expect(['25/12/2026', '1/2/2027', '29-02-2028', '31.01.2026'].map(parseDayMonthYear)).toEqual(['2026-12-25', '2027-02-01', '2028-02-29', '2026-01-31']);
    expect(['12/25/2026', '31/02/2026', '2026-12-25', ''].map(parseDayMonthYear)).toEqual([null, null, null, null]);
  });
});
