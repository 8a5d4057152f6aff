import { dayMonthYear } from './london-time';
import type { SnowDensity, SnowSpeed } from './part-settings';

/**
 * The seasonal snowfall (issue 39 item 6; customer spec §3 "Snow settings", §9): how fast and how thick the snow
 * falls, and on which London dates. Zod-free: the web app's snowfall part and the server's setting share it.
 */

/** §9: a speed's number (0-100); medium, 50, is the default. */
export const SNOW_SPEED_VALUES: Record<SnowSpeed, number> = { 'very-slow': 10, slow: 25, medium: 50, heavy: 75, snowstorm: 90 };
/** §9: a density's number of flakes; 50 when none is chosen. */
export const SNOW_DENSITY_VALUES: Record<SnowDensity, number> = { light: 75, medium: 150, heavy: 225 };
export const SNOW_DEFAULTS = { speed: 50, density: 50 } as const;
/** §9: each step of a flake's fall, in px. */
export const SNOW_INCREMENT_PX = 2;

export const snowSpeed = (speed: SnowSpeed | undefined): number => (speed ? SNOW_SPEED_VALUES[speed] : SNOW_DEFAULTS.speed);
export const snowDensity = (density: SnowDensity | undefined): number => (density ? SNOW_DENSITY_VALUES[density] : SNOW_DEFAULTS.density);

/** §9: drop time = 3 + 10 * (1 - speed / 100) seconds: 12 s at very-slow, 4 s in a snowstorm. */
export function dropSeconds(speed: number): number {
  return 3 + 10 * (1 - speed / 100);
}

/** How many steps of §9's increment a fall of `fallPx` takes (at least one). */
export function fallSteps(fallPx: number): number {
  return Math.max(1, Math.ceil(fallPx / SNOW_INCREMENT_PX));
}

/** A stretch of London dates ('YYYY-MM-DD'), both ends included, on which the snow falls. */
export interface SnowfallDates {
  from: string;
  to: string;
}

export const SNOWFALL_DATES_MAX = 20;

/** Whether the snow falls on this London date. */
export function isSnowDay(ranges: readonly SnowfallDates[], londonDate: string): boolean {
  return ranges.some((range) => range.from <= londonDate && londonDate <= range.to);
}

/** What is wrong with a list of snow dates, in sentences (the server's schema and the settings screen alike). */
export function snowfallDatesProblems(ranges: readonly SnowfallDates[]): string[] {
  return ranges.filter((range) => range.from > range.to).map((range) => `the snow cannot stop (${dayMonthYear(range.to)}) before it starts (${dayMonthYear(range.from)})`);
}

export const SNOWFALL_TEXTS = {
  imagesFailed: 'Sorry, the snowflake pictures could not be fetched, so the snow is not falling.',
  datesFailed: 'Sorry, the dates of the snowfall could not be fetched, so the snow is not falling.',
} as const;
