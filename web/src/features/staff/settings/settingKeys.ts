import { SETTING_KEYS } from '../../../../../src/shared/setting-keys';

/** Every setting: the settings screen loads them all (staff spec §7). */
export const ALL_SETTING_KEYS = SETTING_KEYS;

export const PAYMENT_METHODS = [
  { value: 'phone', label: 'Pay by phone' },
  { value: 'card', label: 'Card' },
  { value: 'paypal', label: 'PayPal' },
] as const;

export const DISCOUNT_TYPES = ['Percentage %', 'Fixed Amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
