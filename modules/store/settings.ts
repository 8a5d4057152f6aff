import { z } from 'zod';
import { emailText, multiLineText, singleLineText } from '../../src/shared/text';
import { SETTING_KEYS, UNPRINTED_ALARM_DEFAULT_MINUTES, type SettingKey } from '../../src/shared/setting-keys';
import { STORE_STATUSES } from '../../src/shared/store-status';
import { UNPRINTED_SECOND_STAGE_DEFAULT_MINUTES } from '../../src/shared/unprinted-alarm';
import { accentProblem, DEFAULT_ACCENT } from '../../src/shared/brand';
import { specialDaysSchema, weekSchema, type SpecialDay, type Week } from '../../src/shared/opening-week';
import { SNOWFALL_DATES_MAX, snowfallDatesProblems, type SnowfallDates } from '../../src/shared/snowfall';

export { SETTING_KEYS, type SettingKey };

/**
 * Every setting the shop reads, with its type and the value it has until a manager changes it.
 * Changes are events (SettingChanged on settings-main), so every change is audited.
 */
const pence = z.number().int().min(0).max(1_000_000);
/** An image on this site (an upload's link, or one of the shop's own): a path, never another site's address. */
const sitePath = singleLineText({ max: 300 }).pipe(z.string().regex(/^(\/[\w./-]*)?$/, 'must be a path on this site'));
const accentColour = z.string().superRefine((colour, ctx) => {
  const problem = accentProblem(colour);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
const clockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time like 17:30');

export const deliveryBandSchema = z.strictObject({
  up_to_miles: z.number().positive().max(100),
  charge: pence,
});
export type DeliveryBand = z.infer<typeof deliveryBandSchema>;

const londonDateText = z.iso.date('must be a date like 2026-12-25');
/** The stretches of London dates the content pages' snowfall parts show snow on (issue 39 item 6). */
const snowfallDatesSchema = z
  .array(z.strictObject({ from: londonDateText, to: londonDateText }))
  .max(SNOWFALL_DATES_MAX, `at most ${SNOWFALL_DATES_MAX} stretches of snow`)
  .superRefine((ranges, context) => {
    for (const message of snowfallDatesProblems(ranges)) context.addIssue({ code: 'custom', message });
  });

export const PAYMENT_METHODS = ['phone', 'card', 'paypal'] as const;

export const SETTINGS = {
  site_name: { schema: singleLineText({ max: 80, min: 1 }), default: 'Spice Garden Takeaway' },
  cart_label: { schema: singleLineText({ max: 30, min: 1 }), default: 'Cart' },
  is_takeaway: { schema: z.boolean(), default: true },
  // A new shop starts closed: staff open it ('Open Now?'); the demo shop opens when it is seeded (server.ts).
  order_status: { schema: z.enum(STORE_STATUSES), default: 'closed' as (typeof STORE_STATUSES)[number] },
  show_square_product_images: { schema: z.boolean(), default: true },
  missing_product_image: { schema: singleLineText({ max: 300 }), default: '/images/placeholder.svg' },
  delivering_status: { schema: z.boolean(), default: true },
  delivery_radius: { schema: z.number().min(0).max(50), default: 3 },
  kitchen_postcode: { schema: singleLineText({ max: 10 }), default: 'LS1 4AP' },
  full_address: { schema: multiLineText({ max: 300 }), default: 'Spice Garden, 12 Park Row, Leeds LS1 4AP' },
  checkout_intro: {
    schema: multiLineText({ max: 2000 }),
    default: 'Everything is cooked to order. Collection orders are usually ready in about 30 minutes.',
  },
  phone_no_display: { schema: singleLineText({ max: 30 }), default: '0113 496 0000' },
  offer_takeaway_collect_discount: { schema: z.boolean(), default: true },
  takeaway_collect_discount_type: { schema: z.enum(['Percentage %', 'Fixed Amount']), default: 'Percentage %' },
  /** A percentage (0-100) or, for 'Fixed Amount', pence. */
  takeaway_collect_discount_amount_or_percent: { schema: z.number().int().min(0).max(100_000), default: 10 },
  /** Delivery charge by distance: the first band whose up_to_miles covers the distance applies. */
  delivery_charge_bands: {
    schema: z.array(deliveryBandSchema).min(1).max(20),
    default: [
      { up_to_miles: 1, charge: 150 },
      { up_to_miles: 2, charge: 250 },
      { up_to_miles: 3, charge: 350 },
    ] as DeliveryBand[],
  },
  /** Items total a delivery order needs, in pence. */
  delivery_minimum_order: { schema: pence, default: 1200 },
  payment_methods: { schema: z.array(z.enum(PAYMENT_METHODS)).max(3), default: ['phone'] as Array<(typeof PAYMENT_METHODS)[number]> },
  open_delivery_minutes: { schema: z.number().int().min(1).max(600), default: 31 },
  busy_delivery_minutes: { schema: z.number().int().min(1).max(600), default: 61 },
  slammed_delivery_minutes: { schema: z.number().int().min(1).max(600), default: 91 },
  open_time: { schema: clockTime, default: '17:00' },
  close_time: { schema: clockTime, default: '23:00' },
  /** The week's shifts per day; null until a manager sets a week: open_time-close_time every day (opening-hours.ts). */
  opening_week: { schema: weekSchema.nullable(), default: null as Week | null },
  /** Dates closed, or with other shifts, each with the banner's message for that day. */
  special_days: { schema: specialDaysSchema, default: [] as SpecialDay[] },
  /** Image for the top of printed tickets, a path on this site; empty for none. */
  bt_print_logo: { schema: sitePath, default: '' },
  /** Newline-separated category names printed on kitchen tickets; empty prints every category. */
  ta_print_categories: { schema: multiLineText({ max: 2000 }), default: '' },
  /** Orders left NEW and unprinted this long raise the alarm on the live-orders screen. */
  unprinted_alarm_minutes: { schema: z.number().int().min(1).max(60), default: UNPRINTED_ALARM_DEFAULT_MINUTES },
  /** Still unprinted this much longer: the louder alarm, and one mail to the managers (issue 17 item 7). */
  unprinted_alarm_second_stage_minutes: { schema: z.number().int().min(1).max(60), default: UNPRINTED_SECOND_STAGE_DEFAULT_MINUTES },
  /** A phone order nobody paid for lapses this long after it was placed: its dishes go back on the menu. */
  unpaid_lapse_minutes: { schema: z.number().int().min(5).max(240), default: 20 },
  /** Phone orders awaiting payment one phone number, one email or one session may have at once. */
  max_unpaid_orders: { schema: z.number().int().min(1).max(20), default: 2 },
  /** Units of one dish (a product and its variant) one basket may hold: one client must not hold the menu (issue 13). */
  max_units_per_dish: { schema: z.number().int().min(1).max(1_000_000), default: 10 },
  /** Units of all dishes together one basket may hold. */
  max_units_per_basket: { schema: z.number().int().min(1).max(1_000_000), default: 40 },
  /** A basket's hold on a dish ends this long after its first unit went in, however often the basket is touched. */
  hold_lifetime_minutes: { schema: z.number().int().min(1).max(24 * 60), default: 45 },
  /** Customers see the voucher box (GET /vouchers-status); a manager turns it on (issue 19). */
  vouchers_enabled: { schema: z.boolean(), default: false },
  /** A card attempt with no answer from the provider this long (a lost webhook, a closed tab) is asked about (issue 17). */
  card_reconcile_minutes: { schema: z.number().int().min(1).max(60), default: 10 },
  /** A card attempt still open this long is cancelled at the provider, and its dishes go back into the basket. */
  card_lapse_minutes: { schema: z.number().int().min(5).max(120), default: 15 },
  /**
   * No unattended kitchen (issue 17 item 7): card payment is not offered while no staff screen has been connected
   * to the live orders for this long, so nobody is charged for food no one will cook. 0 turns the check off.
   */
  card_unattended_minutes: { schema: z.number().int().min(0).max(24 * 60), default: 10 },
  /**
   * Where the contact form's messages are mailed (issue 34); empty: to every manager and admin, as the
   * unprinted-order alarm. Not one of the settings customers may read.
   */
  contact_email: { schema: z.union([z.literal(''), emailText()]), default: '' },
  /** The contact form shows (and then requires) a phone number and a subject (customer spec §2, §5). */
  contact_shows_phone: { schema: z.boolean(), default: false },
  contact_shows_subject: { schema: z.boolean(), default: false },
  /** The brand (issue 32, docs/brand.md): a line under the shop's name in the header and on /about. */
  site_tagline: { schema: singleLineText({ max: 120 }), default: 'Fresh Indian cooking from the heart of Leeds' },
  /** The logo in the header, an uploaded photo's link; empty shows the demo's drawn logo. */
  site_logo: { schema: sitePath, default: '' },
  /** The one colour the customer pages' theme derives from; refused below 4.5:1 against white (src/shared/brand.ts). */
  accent_colour: { schema: accentColour, default: DEFAULT_ACCENT },
  /** The photo at the top of /about, an uploaded photo's link; empty shows the demo's illustration. */
  hero_image: { schema: sitePath, default: '' },
  about_text: {
    schema: multiLineText({ max: 2000 }),
    default:
      'Spice Garden has cooked for Leeds since 1998: curries made fresh each evening, breads from our own tandoor and rice steamed to order.\n\nCollect from Park Row or have it brought to your door.',
  },
  /** Orders for later (issue 37): customers may book 15-minute slots in today's trading day and this many after it; 0 offers today only. */
  order_ahead_days: { schema: z.number().int().min(0).max(7), default: 2 },
  /** An order for later waits as SCHEDULED and comes to the kitchen as NEW (with the alert) this long before its slot. */
  scheduled_lead_minutes: { schema: z.number().int().min(0).max(240), default: 20 },
  /** Orders one 15-minute window may take (issue 37); 0 is no cap, as every shop until a manager sets one (6 suits most kitchens). */
  window_order_cap: { schema: z.number().int().min(0).max(500), default: 0 },
  /** Dates the snowfall parts of content pages show snow (customer spec §9); none until an admin or manager chooses some. */
  snowfall_dates: { schema: snowfallDatesSchema, default: [] as SnowfallDates[] },
} as const satisfies { [K in SettingKey]: { schema: z.ZodType; default: unknown } };

export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTINGS)[K]['schema']>;

export const settingKeySchema = z.enum(SETTING_KEYS);

export { SettingChanged, SETTINGS_STREAM } from './events';

/** Parses one setting's new value; a wrong value names the setting. */
export function parseSetting(key: SettingKey, value: unknown): unknown {
  const parsed = SETTINGS[key].schema.safeParse(value);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    // A field inside a week or a special day is named too (opening_week.monday.0.open).
    throw new SettingInvalid(issue.path.length > 0 ? `${key}.${issue.path.join('.')}` : key, issue.message);
  }
  return parsed.data;
}

export class SettingInvalid extends Error {
  constructor(
    readonly key: string,
    reason: string,
  ) {
    super(`${key}: ${reason}`);
  }
}
