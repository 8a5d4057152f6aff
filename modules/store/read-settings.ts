import type { SettingsSource } from '../../src/services';
import { openingHoursOf, type OpeningHours } from './opening-hours';
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
