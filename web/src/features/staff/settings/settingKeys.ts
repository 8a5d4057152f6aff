/** Every key in modules/store/settings.ts: the settings screen loads them all (staff spec §7). */
export const ALL_SETTING_KEYS = [
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
  'bt_print_logo',
  'ta_print_categories',
  'unprinted_alarm_minutes',
] as const;

export const PAYMENT_METHODS = [
  { value: 'phone', label: 'Pay by phone' },
  { value: 'card', label: 'Card' },
  { value: 'paypal', label: 'PayPal' },
] as const;

export const DISCOUNT_TYPES = ['Percentage %', 'Fixed Amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
