import { sql } from 'slonik';
import type { Projection } from '../../src/projections/types';
import { SETTINGS, type SettingChanged } from '../../modules/store/settings';
import { bannerText } from '../../modules/store/opening-hours';

const MINUTES_KEY: Record<string, string> = { open: 'open_delivery_minutes', busy: 'busy_delivery_minutes', slammed: 'slammed_delivery_minutes' };

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
      const minutesKey = MINUTES_KEY[value as string] ?? MINUTES_KEY.open;
      const stored = await tx.maybeOneFirst(sql.unsafe`select value from settings where key = ${minutesKey}`);
      const minutes = (stored ?? SETTINGS[minutesKey as keyof typeof SETTINGS].default) as number;
      await publish('store', 'StoreStatusChange', { state: value, minutes, text: bannerText(value as string, minutes) });
      const was: unknown = previous ?? SETTINGS.order_status.default;
      if (was === 'closed' && value !== 'closed') await publish('store', 'StoreOpened', { state: value });
    }
    if (key === 'delivering_status') await publish('store', 'DeliveringStatusChange', { delivering: value });
  },
};
