import type { SettingsSource } from '../../src/services';
import { londonDate } from '../../src/shared/london-time';
import { openingHoursOf, weekAhead, type DayHours, type OpeningHours } from './opening-hours';
import { SETTINGS, type SettingKey, type SettingValue } from './settings';

/** The values of the settings asked for, each typed by its own schema. */
export type SettingValues<K extends SettingKey> = { [P in K]: SettingValue<P> };

/** The store's settings query port: the current values of the given settings; a setting never changed has its default. */
export async function readSettings<const K extends SettingKey>(source: SettingsSource, keys: readonly K[]): Promise<SettingValues<K>> {
  const stored = await source.stored();
  return Object.fromEntries(keys.map((key) => [key, stored.has(key) ? stored.get(key) : SETTINGS[key].default])) as SettingValues<K>;
}

/** The hours the store keeps now: its week and special days (or its open_time-close_time every day). */
export async function readOpeningHours(source: SettingsSource): Promise<OpeningHours> {
  return openingHoursOf(await readSettings(source, ['open_time', 'close_time', 'opening_week', 'special_days']));
}

/**
 * The customer footer's week (GET /api/opening-hours/week, and the first screen the server renders): the
 * seven days from `now`'s London date, special days included.
 */
export async function readOpeningWeek(source: SettingsSource, now: Date): Promise<{ today: string; days: DayHours[] }> {
  const today = londonDate(now);
  return { today, days: weekAhead(today, await readOpeningHours(source)) };
}
