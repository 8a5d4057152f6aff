import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { looksLikeUkPhone } from './contact';

export const PHONE_INVALID = 'Not a valid phone No';

/**
 * Spec §5: a valid UK number, written nationally or with +44, with an optional extension (a number abroad is
 * refused). The answer is its one national form ('07911 123456', '0113 496 0000 ext. 12'), so the same number
 * typed two ways is stored, shown and counted alike; libphonenumber alone would ignore trailing text. The delivery
 * form asks the same function while the customer types, so a number the form takes is one the server takes.
 */
export function normaliseUkPhoneNumber(value: string): string | null {
  // The shared first sieve refuses anything but a UK number's characters (markup included).
  if (!looksLikeUkPhone(value)) return null;
  const phone = parsePhoneNumberFromString(value, 'GB');
  if (!phone || phone.countryCallingCode !== '44' || !phone.isValid()) return null;
  return phone.formatNational();
}
