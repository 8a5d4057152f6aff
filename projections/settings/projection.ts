import { sql } from 'slonik';
import type { Projection } from '../../src/projections/types';
import { bannerText, deliveryMinutesKey, SETTINGS, type SettingChanged, type StoreStatus } from '../../modules/store';

/** Settings by key. A change of store status is also announced to every customer's banner. */
export const settingsProjection: Projection = {
  name: 'settings',
  eventTypes: ['SettingChanged'],
  tables: ['settings'],
  async apply(stored, { tx, publish }) {
    const { key, value } = (stored as unknown as SettingChanged).data;
    const previous = await tx.maybeOneFirst(sql.unsafe`select value from settings where key = ${key}`);
    await tx.query(sql.unsafe`
      insert into settings (key, value, changed_at) values (${key}, ${sql.jsonb(value as never)}, ${stored.metadata.at})
      on conflict (key) do update set value = excluded.value, changed_at = excluded.changed_at`);
    if (key === 'order_status') {
      const status = value as StoreStatus;
      const minutesKey = deliveryMinutesKey(status);
      const stored = await tx.maybeOneFirst(sql.unsafe`select value from settings where key = ${minutesKey}`);
      const minutes = (stored ?? SETTINGS[minutesKey].default) as number;
      await publish('store', 'StoreStatusChange', { state: value, minutes, text: bannerText(status, minutes) });
      const was: unknown = previous ?? SETTINGS.order_status.default;
      if (was === 'closed' && value !== 'closed') await publish('store', 'StoreOpened', { state: value });
    }
    if (key === 'delivering_status') await publish('store', 'DeliveringStatusChange', { delivering: value });
  },
};
