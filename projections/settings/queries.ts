import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { Clock } from '../../src/core/clock';
import { ReadModelCache, type ProjectionChanges } from '../../src/projections/read-model-cache';
import type { SettingsSource } from '../../src/services';

async function storedSettings(pool: DatabasePool): Promise<Map<string, unknown>> {
  const rows = await pool.any(sql.unsafe`select key, value from settings`);
  return new Map((rows as unknown as Array<{ key: string; value: unknown }>).map((row) => [row.key, row.value]));
}

/** The settings read model itself, for a process that keeps no copy (tools, tests). */
export function settingsFromDatabase(pool: DatabasePool): SettingsSource {
  return { stored: () => storedSettings(pool) };
}

/**
 * Every stored setting, kept in memory: a checkout reads settings several times, and they change only
 * when a manager saves them (or the store's status changes), which the settings projection reports.
 */
export class SettingsCache implements SettingsSource {
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
