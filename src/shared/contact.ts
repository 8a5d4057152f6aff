/**
 * Spec §5 "Email": something@something.something, exactly one @, no spaces; and (issue 13) no markup: the
 * local part takes only RFC 5322's atext and dots, the domain letters, digits, hyphens and dots.
 */
const EMAIL = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z0-9-]+$/;

/**
 * Spec §5 "Phone": a UK number, optionally +44 (or 0044), optionally with an extension; spaces, dashes and
 * brackets ignored. A first sieve only: the server has libphonenumber check the number properly.
 */
const UK_PHONE = /^(?:(?:\+|00)44(?:\(?0\)?)?|0)[1-9]\d{8,9}(?:(?:#|x|ext\.?|extension)\d{1,5})?$/i;

export function isEmailAddress(input: string): boolean {
  return EMAIL.test(input.trim());
}

export function looksLikeUkPhone(input: string): boolean {
  return UK_PHONE.test(input.replace(/[\s\-()]/g, ''));
}

/** A `tel:` link to a phone number as the shop writes it ('0113 496 0000'): its digits and a leading +, no extension. */
export function telHref(phone: string): string {
  const number = phone.split(/#|x|ext/i)[0];
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}
