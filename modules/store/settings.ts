import { z } from 'zod';

/**
 * Every setting the shop reads, with its type and the value it has until a manager changes it.
 * Changes are events (SettingChanged on settings-main), so every change is audited.
 */
export const SETTINGS = {
  site_name: { schema: z.string().min(1).max(80), default: 'Spice Garden Takeaway' },
  cart_label: { schema: z.string().min(1).max(30), default: 'Cart' },
  is_takeaway: { schema: z.boolean(), default: true },
  order_status: { schema: z.enum(['open', 'busy', 'slammed', 'closed']), default: 'open' },
  show_square_product_images: { schema: z.boolean(), default: true },
  missing_product_image: { schema: z.string().max(300), default: '/images/placeholder.svg' },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;

export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];
export const settingKeySchema = z.enum(SETTING_KEYS as [SettingKey, ...SettingKey[]]);

export const SettingChanged = z.object({
  type: z.literal('SettingChanged'),
  data: z.object({ key: z.string(), value: z.unknown() }),
});
export type SettingChanged = z.infer<typeof SettingChanged>;

export const SETTINGS_STREAM = 'settings-main';
