import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection, ProjectionContext } from '../../src/projections/types';
import {
  bannerText,
  DELIVERY_KEY,
  deliveryMinutesKey,
  KITCHEN_LOGGED_KEYS,
  OPENING_HOURS_KEYS,
  settingChangeOf,
  SETTINGS,
  STORE_EVENT_TYPES,
  STORE_STATUS_KEY,
  type StoreEvent,
  type StoreStatus,
} from '../../modules/store';
import { londonDate } from '../../src/shared/london-time';

type Tx = ProjectionContext['tx'];

/** Stores one setting's value; answers the value it replaced (undefined when it was never set). */
async function store(tx: Tx, key: string, value: unknown, at: string): Promise<unknown> {
  const previous = await tx.maybeOneFirst(sql.unsafe`select value from settings where key = ${key}`);
  await tx.query(sql.unsafe`
    insert into settings (key, value, changed_at) values (${key}, ${sql.jsonb(value as never)}, ${at})
    on conflict (key) do update set value = excluded.value, changed_at = excluded.changed_at`);
  return previous ?? undefined;
}

/**
 * One line of the kitchen's "today" log. Its trading_day column holds the London date of the change: the log is
 * read by the instants of a trading day (store-log.ts), never by settings at apply time, so a replay is the same.
 */
async function logChange(tx: Tx, stored: StoredEvent, key: string, value: unknown): Promise<void> {
  const at = stored.metadata.at;
  await tx.query(sql.unsafe`
    insert into store_log (position, trading_day, key, value, actor, changed_at)
    values (${stored.position}, ${londonDate(at)}, ${key}, ${sql.jsonb(value as never)}, ${stored.metadata.actor}, ${at})
    on conflict (position) do nothing`);
}

/**
 * Settings by key: plain settings, the store's status (order_status) and the delivery toggle (delivering_status)
 * alike. A change of store status or of delivery is also announced to every customer's banner. Changes of the
 * status, delivery and hours also go into the kitchen's log (store_log).
 */
export const settingsProjection: Projection = {
  name: 'settings',
  eventTypes: STORE_EVENT_TYPES,
  tables: ['settings', 'store_log'],
  async apply(stored: StoredEvent, { tx, publish }) {
    const event = { type: stored.type, data: stored.data } as StoreEvent;
    const at = stored.metadata.at;
    const change = settingChangeOf(event);
    if (KITCHEN_LOGGED_KEYS.includes(change.key)) await logChange(tx, stored, change.key, change.value);
    switch (event.type) {
      case 'SettingChanged':
        await store(tx, event.data.key, event.data.value, at);
        // Public like the banner's times; the kitchen's log refetches on it.
        if (OPENING_HOURS_KEYS.includes(event.data.key)) await publish('store', 'OpeningHoursChange', {});
        return;
      case 'StoreStatusChanged': {
        const status: StoreStatus = event.data.status;
        const was = (await store(tx, STORE_STATUS_KEY, status, at)) ?? SETTINGS.order_status.default;
        const minutesKey = deliveryMinutesKey(status);
        const minutes = ((await tx.maybeOneFirst(sql.unsafe`select value from settings where key = ${minutesKey}`)) ?? SETTINGS[minutesKey].default) as number;
        await publish('store', 'StoreStatusChange', { state: status, text: bannerText(status, minutes) });
        if (was === 'closed' && status !== 'closed') await publish('store', 'StoreOpened', {});
        return;
      }
      case 'DeliveryToggled':
        await store(tx, DELIVERY_KEY, event.data.delivering, at);
        await publish('store', 'DeliveringStatusChange', {});
        return;
      default: {
        const never: never = event;
        throw new Error(`settings projection: no statement for ${(never as { type: string }).type}`);
      }
    }
  },
};
