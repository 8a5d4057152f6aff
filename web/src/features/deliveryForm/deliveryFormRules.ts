import { isEmailAddress } from '../../../../src/shared/contact';
import { addressProblems } from '../../../../src/shared/delivery-address';
import { normaliseUkPhoneNumber, PHONE_INVALID } from '../../../../src/shared/phone';
import type { DeliveryDetails } from '../order/order';
import { DELIVERY_FIELDS, isDeliveryField, type DeliveryField } from './deliveryFields';

export type FieldErrors = Partial<Record<DeliveryField, string>>;


/**
 * Spec §2/§5: email, name and phone always; address line 1, town/city and postcode when delivering (the shared
 * address rule, src/shared/delivery-address.ts). Collecting skips the address and postcode checks.
 */
export function validateDetails(values: DeliveryDetails, needsAddress: boolean): FieldErrors {
  const errors: FieldErrors = {};
  if (!isEmailAddress(values.email)) errors.email = 'Not a valid email address';
  if (!values.full_name.trim()) errors.full_name = 'Full name is required';
  // The server's own rule (libphonenumber, UK numbers): a number the form takes is one the server takes.
  if (normaliseUkPhoneNumber(values.phone_number.trim()) === null) errors.phone_number = PHONE_INVALID;
  for (const problem of addressProblems(values, needsAddress)) errors[problem.field] = problem.message;
  return errors;
}

export function isComplete(values: DeliveryDetails, needsAddress: boolean): boolean {
  return Object.keys(validateDetails(values, needsAddress)).length === 0;
}

/** What the server sends: values trimmed. */
export function trimmed(values: DeliveryDetails): DeliveryDetails {
  const result = { ...values };
  for (const key of Object.keys(result) as DeliveryField[]) result[key] = result[key].trim();
  return result;
}

/** The field a refusal names ('address_1: Address line 1 is required…', 'deliveryForm.email: …'), with its text. */
export function fieldOfRefusal(reason: string): { field: DeliveryField; message: string } | null {
  const match = /^(?:deliveryForm\.)?(\w+): (.+)$/.exec(reason);
  if (!match || !isDeliveryField(match[1])) return null;
  return { field: match[1], message: match[2] };
}

/** A refusal naming a field, as the customer reads it: 'deliveryForm.phone_number: …' → 'Phone number: …'. */
export function wordRefusal(reason: string): string {
  const refusal = fieldOfRefusal(reason);
  const field = refusal && DELIVERY_FIELDS.find((candidate) => candidate.name === refusal.field);
  return field ? `${field.label}: ${refusal.message}` : reason;
}
