export {
  SETTINGS,
  SETTING_KEYS,
  SETTINGS_STREAM,
  settingKeySchema,
  type DeliveryBand,
  type SettingKey,
  type SettingValue,
} from './settings';
export {
  DELIVERY_KEY,
  STORE_EVENT_SCHEMAS,
  STORE_EVENT_TYPES,
  STORE_STATUS_KEY,
  STORE_UPCASTERS,
  type DeliveryToggled,
  type SettingChanged,
  type StoreEvent,
  type StoreStatusChanged,
} from './events';
export { readOpeningHours, readOpeningWeek, readSettings, type SettingValues } from './read-settings';
export { tradingDayBounds, tradingDayOf } from './trading-day';
export { openingHoursOf, type OpeningHours } from './opening-hours';
export { changeSettings, closeAtClosingTime, dateOpening } from './change-settings';
export { KITCHEN_LOGGED_KEYS, OPENING_HOURS_KEYS, settingChangeOf, storeChangeText } from './store-log';
export { bannerText } from './opening-hours';
export { readStoreBanner } from './store-banner';
export { storeHoursProcess, type StoreHoursActions } from './store-hours';
export type { PostcodeLocator } from './delivery-offer';
export { storeSettingsRoutes } from './routes';
export { storeStatusRoutes } from './status-routes';
export { storeSwitches, type StoreSwitches } from './store-switches';
export type { LiveKeysCheck } from './live-keys-gate';
export { createStoreClock } from './store-clock';
export {
  CLOSED_BANNER,
  CLOSED_NOTICE,
  CLOSED_REFUSAL,
  CLOSED_TITLE,
  STORE_STATUSES,
  deliveryMinutesFor,
  deliveryMinutesKey,
  dueByFrom,
  isOrderingClosed,
  type StoreStatus,
} from '../../src/shared/store-status';
export { unprintedAlarmMinutes } from '../../src/shared/setting-keys';
export { slotsAhead, tradingDayOfSlot, windowOf, type SlotFacts } from './slots';
export {
  ASAP_TEXT,
  KITCHEN_FULL_TEXT,
  SLOT_MINUTES,
  orderTimeText,
  slotFullText,
  slotGoneText,
  slotLabel,
  ticketTimeLine,
} from '../../src/shared/order-time';
export { CHECK_POSTCODE_AND_DISCOUNT, whySettingsCannotSave, type SettingsSaveChecks } from '../../src/shared/settings-save';
