/** Every setting the shop has (modules/store/settings.ts gives each its schema and default). */
export const SETTING_KEYS = [
  'site_name',
  'cart_label',
  'is_takeaway',
  'order_status',
  'show_square_product_images',
  'missing_product_image',
  'delivering_status',
  'delivery_radius',
  'kitchen_postcode',
  'full_address',
  'checkout_intro',
  'phone_no_display',
  'offer_takeaway_collect_discount',
  'takeaway_collect_discount_type',
  'takeaway_collect_discount_amount_or_percent',
  'delivery_charge_bands',
  'delivery_minimum_order',
  'payment_methods',
  'open_delivery_minutes',
  'busy_delivery_minutes',
  'slammed_delivery_minutes',
  'open_time',
  'close_time',
  'opening_week',
  'special_days',
  'bt_print_logo',
  'ta_print_categories',
  'unprinted_alarm_minutes',
  'unprinted_alarm_second_stage_minutes',
  'unpaid_lapse_minutes',
  'max_unpaid_orders',
  'max_units_per_dish',
  'max_units_per_basket',
  'hold_lifetime_minutes',
  'vouchers_enabled',
  'card_reconcile_minutes',
  'card_lapse_minutes',
  'card_unattended_minutes',
  'contact_email',
  'contact_shows_phone',
  'contact_shows_subject',
  'site_tagline',
  'site_logo',
  'accent_colour',
  'hero_image',
  'about_text',
  'order_ahead_days',
  'scheduled_lead_minutes',
  'window_order_cap',
  'snowfall_dates',
] as const;

export type SettingKey = (typeof SETTING_KEYS)[number];

export const UNPRINTED_ALARM_DEFAULT_MINUTES = 2;

/** Orders left NEW and unprinted this many minutes raise the alarm: the setting, or its default while unknown. */
export function unprintedAlarmMinutes(setting: unknown): number {
  return typeof setting === 'number' && setting > 0 ? setting : UNPRINTED_ALARM_DEFAULT_MINUTES;
}

/** Settings as the settings calls carry them: each key's value, read by the screens that know its shape. */
export type SettingValues = Record<string, unknown>;
