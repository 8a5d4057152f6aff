import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { Clock } from '../../src/core/clock';
import { ReadModelCache, type ProjectionChanges } from '../../src/projections/read-model-cache';
import { SETTINGS, type SettingKey } from '../../modules/store/settings';

/** Where settings are read from: the settings read model itself, or its in-memory copy. */
export type SettingsSource = DatabasePool | SettingsCache;

/** The current values of the given settings; a setting never changed has its default. */
export async function readSettings(source: SettingsSource, keys: readonly SettingKey[]): Promise<Record<string, unknown>> {
  const stored = source instanceof SettingsCache ? await source.stored() : await storedSettings(source, keys);
  return Object.fromEntries(keys.map((key) => [key, stored.has(key) ? stored.get(key) : SETTINGS[key].default]));
}

async function storedSettings(pool: DatabasePool, keys?: readonly SettingKey[]): Promise<Map<string, unknown>> {
  const rows = keys
    ? await pool.any(sql.unsafe`select key, value from settings where key = any(${sql.array([...keys], 'text')})`)
    : await pool.any(sql.unsafe`select key, value from settings`);
  return new Map((rows as unknown as Array<{ key: string; value: unknown }>).map((row) => [row.key, row.value]));
}

/**
 * Every stored setting, kept in memory: a checkout reads settings several times, and they change only
 * when a manager saves them (or the store's status changes), which the settings projection reports.
 */
export class SettingsCache {
  private readonly copy: ReadModelCache<Map<string, unknown>>;

  /** `changes`: the settings projection's runner in this process. */
  constructor(
    private readonly pool: DatabasePool,
    clock: Clock,
    private readonly changes: ProjectionChanges,
  ) {
    this.copy = new ReadModelCache({ changes, clock, touches: () => true, load: () => storedSettings(pool) });
  }

  /** Read from Postgres while another instance runs the projection: a saved setting must read back at once. */
  stored(): Promise<Map<string, unknown>> {
    return this.changes.isActive ? this.copy.get() : storedSettings(this.pool);
  }
}
