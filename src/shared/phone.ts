import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';
import { singleLineText } from './text';

export const PHONE_INVALID = 'Not a valid phone No';

/** Digits, spaces and the usual punctuation, then an optional extension: anything else (markup) is refused. */
const PHONE_CHARACTERS = /^[\d\s\-().+]*(?:(?:#|x|ext\.?|extension)\s*\d{1,5})?$/i;

/**
 * Spec §5: a valid UK number, written nationally or with +44, with an optional extension (a number abroad is
 * refused). The answer is its one national form ('07911 123456', '0113 496 0000 ext. 12'), so the same number
 * typed two ways is stored, shown and counted alike; libphonenumber alone would ignore trailing text.
 */
export function normaliseUkPhoneNumber(value: string): string | null {
  if (!PHONE_CHARACTERS.test(value)) return null;
  const phone = parsePhoneNumberFromString(value, 'GB');
  if (!phone || phone.countryCallingCode !== '44' || !phone.isValid()) return null;
  return phone.formatNational();
}

/** The zod schema for a phone number field: valid, then normalised. */
export function ukPhoneNumberText() {
  return singleLineText({ max: 30 }).transform((value, context) => {
    const normalised = normaliseUkPhoneNumber(value);
    if (normalised === null) {
      context.addIssue({ code: 'custom', message: PHONE_INVALID });
      return z.NEVER;
    }
    return normalised;
  });
}
