import { sql } from 'slonik';
import type { Projection } from '../../src/projections/types';
import type { SettingChanged } from '../../modules/store/settings';

export const settingsProjection: Projection = {
  name: 'settings',
  eventTypes: ['SettingChanged'],
  tables: ['settings'],
  async apply(stored, { tx }) {
    const { key, value } = (stored as unknown as SettingChanged).data;
    await tx.query(sql.unsafe`
      insert into settings (key, value, changed_at) values (${key}, ${sql.jsonb(value as never)}, ${stored.metadata.at})
      on conflict (key) do update set value = excluded.value, changed_at = excluded.changed_at`);
  },
};
