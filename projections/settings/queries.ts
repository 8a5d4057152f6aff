import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import { SETTINGS, type SettingKey } from '../../modules/store/settings';

/** The current values of the given settings; a setting never changed has its default. */
export async function readSettings(pool: DatabasePool, keys: readonly SettingKey[]): Promise<Record<string, unknown>> {
  const rows = await pool.any(sql.unsafe`select key, value from settings where key = any(${sql.array([...keys], 'text')})`);
  const stored = new Map((rows as unknown as Array<{ key: string; value: unknown }>).map((row) => [row.key, row.value]));
  return Object.fromEntries(keys.map((key) => [key, stored.has(key) ? stored.get(key) : SETTINGS[key].default]));
}
