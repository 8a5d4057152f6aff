import type { SettingValues } from '../../../../../src/shared/setting-keys';
import { DISCOUNT_TYPES, type DiscountType } from './settingKeys';
import type { Week } from '../../../../../src/shared/shifts';
import type { SnowfallDates } from '../../../../../src/shared/snowfall';
import { specialDaysFromValues, specialDaysToSave, weekFromValues, type SpecialDayFields } from './hoursForm';

export interface ChargeBandFields {
  up_to_miles: string;
  /** Pounds, as typed. */
  charge: string;
}

/** The settings screen's fields, as typed: numbers stay text until saved, money is in pounds. */
export interface SettingsForm {
  opening_week: Week;
  special_days: SpecialDayFields[];
  open_delivery_minutes: string;
  busy_delivery_minutes: string;
  slammed_delivery_minutes: string;
  unprinted_alarm_minutes: string;
  unprinted_alarm_second_stage_minutes: string;
  card_unattended_minutes: string;
  order_ahead_days: string;
  scheduled_lead_minutes: string;
  window_order_cap: string;
  kitchen_postcode: string;
  delivery_radius: string;
  full_address: string;
  delivery_charge_bands: ChargeBandFields[];
  delivery_minimum_order: string;
  offer_takeaway_collect_discount: boolean;
  takeaway_collect_discount_type: DiscountType;
  takeaway_collect_discount_amount_or_percent: string;
  payment_methods: string[];
  bt_print_logo: string;
  ta_print_categories: string[];
  contact_email: string;
  contact_shows_phone: boolean;
  contact_shows_subject: boolean;
  site_name: string;
  site_tagline: string;
  phone_no_display: string;
  site_logo: string;
  accent_colour: string;
  hero_image: string;
  about_text: string;
  snowfall_dates: SnowfallDates[];
}

export type UpdateForm = (changes: Partial<SettingsForm>) => void;

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const penceToPounds = (value: unknown) => (typeof value === 'number' ? (value / 100).toFixed(2) : '');
export const poundsToPence = (pounds: string) => Math.round(Number(pounds) * 100);

export function formFromValues(values: SettingValues): SettingsForm {
  const bands = Array.isArray(values.delivery_charge_bands) ? (values.delivery_charge_bands as Array<{ up_to_miles: number; charge: number }>) : [];
  const discountType = DISCOUNT_TYPES.find((type) => type === values.takeaway_collect_discount_type) ?? 'Percentage %';
  return {
    opening_week: weekFromValues(values),
    special_days: specialDaysFromValues(values),
    open_delivery_minutes: text(values.open_delivery_minutes),
    busy_delivery_minutes: text(values.busy_delivery_minutes),
    slammed_delivery_minutes: text(values.slammed_delivery_minutes),
    unprinted_alarm_minutes: text(values.unprinted_alarm_minutes),
    unprinted_alarm_second_stage_minutes: text(values.unprinted_alarm_second_stage_minutes),
    card_unattended_minutes: text(values.card_unattended_minutes),
    order_ahead_days: text(values.order_ahead_days),
    scheduled_lead_minutes: text(values.scheduled_lead_minutes),
    window_order_cap: text(values.window_order_cap),
    kitchen_postcode: text(values.kitchen_postcode),
    delivery_radius: text(values.delivery_radius),
    full_address: text(values.full_address),
    delivery_charge_bands: bands.map((band) => ({ up_to_miles: String(band.up_to_miles), charge: penceToPounds(band.charge) })),
    delivery_minimum_order: penceToPounds(values.delivery_minimum_order),
    offer_takeaway_collect_discount: values.offer_takeaway_collect_discount === true,
    takeaway_collect_discount_type: discountType,
    takeaway_collect_discount_amount_or_percent: text(values.takeaway_collect_discount_amount_or_percent),
    payment_methods: Array.isArray(values.payment_methods) ? values.payment_methods.map(String) : [],
    bt_print_logo: text(values.bt_print_logo),
    ta_print_categories: text(values.ta_print_categories)
      .split('\n')
      .map((name) => name.trim())
      .filter(Boolean),
    contact_email: text(values.contact_email),
    contact_shows_phone: values.contact_shows_phone === true,
    contact_shows_subject: values.contact_shows_subject === true,
    site_name: text(values.site_name),
    site_tagline: text(values.site_tagline),
    phone_no_display: text(values.phone_no_display),
    site_logo: text(values.site_logo),
    accent_colour: text(values.accent_colour),
    hero_image: text(values.hero_image),
    about_text: text(values.about_text),
    snowfall_dates: Array.isArray(values.snowfall_dates) ? (values.snowfall_dates as SnowfallDates[]).map(({ from, to }) => ({ from, to })) : [],
  };
}

/**
 * What POST /api/settings/update is sent. The printed categories go only once the category list is known, pruned
 * to categories that exist. The store status and the delivery toggle are not this screen's to send.
 */
export function settingsToSave(form: SettingsForm, categories: string[] | undefined): Record<string, unknown> {
  const discountOn = form.offer_takeaway_collect_discount;
  return {
    opening_week: form.opening_week,
    special_days: specialDaysToSave(form.special_days),
    open_delivery_minutes: Number(form.open_delivery_minutes),
    busy_delivery_minutes: Number(form.busy_delivery_minutes),
    slammed_delivery_minutes: Number(form.slammed_delivery_minutes),
    unprinted_alarm_minutes: Number(form.unprinted_alarm_minutes),
    unprinted_alarm_second_stage_minutes: Number(form.unprinted_alarm_second_stage_minutes),
    card_unattended_minutes: Number(form.card_unattended_minutes),
    order_ahead_days: Number(form.order_ahead_days),
    scheduled_lead_minutes: Number(form.scheduled_lead_minutes),
    window_order_cap: Number(form.window_order_cap),
    kitchen_postcode: form.kitchen_postcode.trim().toUpperCase(),
    delivery_radius: Number(form.delivery_radius),
    full_address: form.full_address,
    delivery_charge_bands: form.delivery_charge_bands.map((band) => ({ up_to_miles: Number(band.up_to_miles), charge: poundsToPence(band.charge) })),
    delivery_minimum_order: poundsToPence(form.delivery_minimum_order),
    offer_takeaway_collect_discount: discountOn,
    ...(discountOn
      ? {
          takeaway_collect_discount_type: form.takeaway_collect_discount_type,
          takeaway_collect_discount_amount_or_percent: parseInt(form.takeaway_collect_discount_amount_or_percent, 10),
        }
      : {}),
    payment_methods: form.payment_methods,
    bt_print_logo: form.bt_print_logo.trim(),
    contact_email: form.contact_email.trim(),
    contact_shows_phone: form.contact_shows_phone,
    contact_shows_subject: form.contact_shows_subject,
    site_name: form.site_name,
    site_tagline: form.site_tagline,
    phone_no_display: form.phone_no_display,
    site_logo: form.site_logo,
    accent_colour: form.accent_colour.trim(),
    hero_image: form.hero_image,
    about_text: form.about_text,
    snowfall_dates: form.snowfall_dates,
    ...(categories ? { ta_print_categories: form.ta_print_categories.filter((name) => categories.includes(name)).join('\n') } : {}),
  };
}

/** Staff spec §5: when the collection discount is on, its amount as an integer must be above 0. */
export const discountIsValid = (form: SettingsForm) =>
  !form.offer_takeaway_collect_discount || parseInt(form.takeaway_collect_discount_amount_or_percent, 10) > 0;

/** A logo is a path on this site (the server's rule). */
export const isSitePath = (path: string) => /^(\/[\w./-]*)?$/.test(path.trim());
