import { DELIVERY_KEY, STORE_STATUS_KEY, type StoreEvent } from './events';

/** The settings that hold the store's opening hours. */
export const OPENING_HOURS_KEYS: readonly string[] = ['open_time', 'close_time', 'opening_week', 'special_days'];

/** The settings whose changes the kitchen's "today" log shows: the store's status, delivery and its hours. */
export const KITCHEN_LOGGED_KEYS: readonly string[] = [STORE_STATUS_KEY, DELIVERY_KEY, ...OPENING_HOURS_KEYS];

/** The setting a store event changed, and its new value. */
export function settingChangeOf(event: StoreEvent): { key: string; value: unknown } {
  switch (event.type) {
    case 'SettingChanged':
      return { key: event.data.key, value: event.data.value };
    case 'StoreStatusChanged':
      return { key: STORE_STATUS_KEY, value: event.data.status };
    case 'DeliveryToggled':
      return { key: DELIVERY_KEY, value: event.data.delivering };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** What a logged change reads as on the kitchen screen. */
export function storeChangeText(key: string, value: unknown): string {
  if (key === STORE_STATUS_KEY) return `Store set to ${String(value).toUpperCase()}`;
  if (key === DELIVERY_KEY) return value === true ? 'Delivery switched on' : 'Delivery switched off';
  if (key === 'open_time') return `Opening time set to ${String(value)}`;
  if (key === 'close_time') return `Closing time set to ${String(value)}`;
  if (key === 'opening_week') return value === null ? 'Weekly hours cleared' : 'Weekly hours changed';
  if (key === 'special_days') return 'Special days changed';
  return `${key} changed`;
}
