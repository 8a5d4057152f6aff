import { z } from 'zod';
import { STORE_STATUSES } from '../../src/shared/store-status';

/** A manager changed a plain configuration setting (everything but the store's status and the delivery toggle). */
export const SettingChanged = z.object({
  type: z.literal('SettingChanged'),
  data: z.object({ key: z.string(), value: z.unknown() }),
});
/**
 * Staff opened, closed, or said how busy the store is (or the storeHours process closed it at closing time).
 * An opening records the closing time it lasts until (`closesAt`, ISO-8601): the store closes then, once.
 * Events stored before issue 14 have none.
 */
export const StoreStatusChanged = z.object({
  type: z.literal('StoreStatusChanged'),
  data: z.object({ status: z.enum(STORE_STATUSES), closesAt: z.iso.datetime().optional() }),
});
/** Staff switched delivery on or off. */
export const DeliveryToggled = z.object({
  type: z.literal('DeliveryToggled'),
  data: z.object({ delivering: z.boolean() }),
});

export type SettingChanged = z.infer<typeof SettingChanged>;
export type StoreStatusChanged = z.infer<typeof StoreStatusChanged>;
export type DeliveryToggled = z.infer<typeof DeliveryToggled>;
export type StoreEvent = SettingChanged | StoreStatusChanged | DeliveryToggled;

export const STORE_EVENT_TYPES = ['SettingChanged', 'StoreStatusChanged', 'DeliveryToggled'] as const;

export const SETTINGS_STREAM = 'settings-main';

/** The settings whose changes have events of their own; every other setting changes by SettingChanged. */
export const STORE_STATUS_KEY = 'order_status';
export const DELIVERY_KEY = 'delivering_status';

/**
 * Upcaster (event version 1 → 2): stores written before StoreStatusChanged and DeliveryToggled existed
 * recorded both as SettingChanged. Read through this, they fold and replay as the events written today.
 */
export function upcastSettingChanged(event: { type: string; data: unknown }): { type: string; data: unknown } {
  const { key, value } = event.data as SettingChanged['data'];
  if (key === STORE_STATUS_KEY) return { type: 'StoreStatusChanged', data: { status: value } };
  if (key === DELIVERY_KEY) return { type: 'DeliveryToggled', data: { delivering: value } };
  return event;
}

/** The store module's upcasters, one per changed event type. */
export const STORE_UPCASTERS = { SettingChanged: upcastSettingChanged };

/** Every event type's schema: appends are parsed against it (outside production). */
export const STORE_EVENT_SCHEMAS = { SettingChanged, StoreStatusChanged, DeliveryToggled } satisfies Record<(typeof STORE_EVENT_TYPES)[number], z.ZodType>;
