import { ALLERGEN_TEXTS } from '../../../../src/shared/allergens';
import type { DeliveryDetails } from '../order/order';

export type DeliveryField = keyof DeliveryDetails;

export interface FieldSpec {
  name: DeliveryField;
  label: string;
  type?: 'email' | 'tel' | 'text';
  autoComplete: string;
  /** The server's limit (modules/order/checkout/routes.ts). */
  maxLength: number;
  multiline?: boolean;
  /** Part of the postal address: optional when collecting. */
  address?: boolean;
  /** A line under the field saying what it is for. */
  hint?: string;
  /** Checked while typing: the line under it is kept free, so its note appearing moves nothing under a click. */
  checkedWhileTyping?: boolean;
}

/** Spec §2 "Delivery form": the fields, in the spec's order. */
export const DELIVERY_FIELDS: readonly FieldSpec[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', maxLength: 254 },
  { name: 'full_name', label: 'Full name', autoComplete: 'name', maxLength: 100 },
  { name: 'address_1', label: 'Address line 1', autoComplete: 'address-line1', maxLength: 100, address: true },
  { name: 'address_2', label: 'Address line 2', autoComplete: 'address-line2', maxLength: 100, address: true },
  { name: 'address_3', label: 'Address line 3', autoComplete: 'address-line3', maxLength: 100, address: true },
  { name: 'town_city', label: 'Town / City', autoComplete: 'address-level2', maxLength: 60, address: true },
  { name: 'postcode', label: 'Postcode', autoComplete: 'postal-code', maxLength: 10, address: true },
  { name: 'phone_number', label: 'Phone number', type: 'tel', autoComplete: 'tel', maxLength: 30, checkedWhileTyping: true },
  { name: 'delivery_info', label: 'Delivery info', autoComplete: 'off', maxLength: 500, multiline: true },
  // Issue 27: its own field, never guessed from the basket's note; the server boxes it at the top of the ticket.
  {
    name: 'allergy_info',
    label: ALLERGEN_TEXTS.allergyFieldLabel,
    autoComplete: 'off',
    maxLength: 300,
    multiline: true,
    hint: 'The kitchen sees this at the top of your order’s ticket.',
  },
];

const FIELD_NAMES = new Set<string>(DELIVERY_FIELDS.map((field) => field.name));

export function isDeliveryField(name: string): name is DeliveryField {
  return FIELD_NAMES.has(name);
}

/** The form's starting values: what the order already holds. */
export function detailsOf(source: DeliveryDetails): DeliveryDetails {
  return {
    email: source.email,
    full_name: source.full_name,
    address_1: source.address_1,
    address_2: source.address_2,
    address_3: source.address_3,
    town_city: source.town_city,
    postcode: source.postcode,
    phone_number: source.phone_number,
    delivery_info: source.delivery_info,
    allergy_info: source.allergy_info,
  };
}
