/**
 * Customer spec §2/§5: a delivery needs address line 1, the town or city and a valid postcode; a collection needs
 * none of them. One rule and one set of texts for the delivery form, the decider and the check before paying.
 */
import { FORM_INVALID, parsePostcode } from './postcode';

export const ADDRESS_1_REQUIRED = 'Address line 1 is required for delivery';
export const TOWN_CITY_REQUIRED = 'Town or city is required for delivery';

/** The address fields the rule speaks of, by their names on the delivery form and in a refusal. */
export type RequiredAddressField = 'address_1' | 'town_city' | 'postcode';

export interface AddressProblem {
  field: RequiredAddressField;
  message: string;
}

/** What is wrong with the address, in the form's order (empty when nothing is, and always when not delivering). */
export function addressProblems(address: { address_1: string; town_city: string; postcode: string }, delivering: boolean): AddressProblem[] {
  if (!delivering) return [];
  const problems: AddressProblem[] = [];
  if (!address.address_1.trim()) problems.push({ field: 'address_1', message: ADDRESS_1_REQUIRED });
  if (!address.town_city.trim()) problems.push({ field: 'town_city', message: TOWN_CITY_REQUIRED });
  if (!parsePostcode(address.postcode)) problems.push({ field: 'postcode', message: FORM_INVALID });
  return problems;
}

/** A refusal naming its field, as the server sends it and the form reads it: 'address_1: Address line 1 is required…'. */
export const addressRefusal = (problem: AddressProblem) => `${problem.field}: ${problem.message}`;
