/**
 * UK postcodes as the spec defines them, for the server and the web app alike (customer §5): an outward code (a letter, an optional second letter
 * with certain exclusions, a digit, an optional alphanumeric), a space, then a digit and two letters; or
 * 'GIR 0AA'. The strict form needs the space, the lenient one does not; both must match, so in practice the
 * space is required. Text is trimmed first, and letters are taken in either case.
 */
const STRICT = /^(GIR 0AA|[A-PR-UWYZ][A-HK-Y]?[0-9][0-9A-Z]? [0-9][ABD-HJLNP-UW-Z]{2})$/;
const LENIENT = /^(GIR ?0AA|[A-PR-UWYZ][A-HK-Y]?[0-9][0-9A-Z]? ?[0-9][A-Z]{2})$/;

export const CHECKER_INVALID = ' ... incomplete or invalid postcode';
export const FORM_INVALID = 'Not a valid postcode';

/** The postcode in its canonical form ('LS6 2AA'), or null when it is not a valid UK postcode. */
export function parsePostcode(input: string): string | null {
  const candidate = input.trim().toUpperCase();
  return STRICT.test(candidate) && LENIENT.test(candidate) ? candidate : null;
}

/**
 * Staff spec §5: the kitchen postcode may be typed with or without its space ('LS14AP'); it is kept in the
 * canonical form ('LS1 4AP'). Null when it is not a valid UK postcode either way.
 */
export function parseKitchenPostcode(input: string): string | null {
  const compact = input.replace(/\s+/g, '').toUpperCase();
  if (compact.length < 5) return null;
  return parsePostcode(`${compact.slice(0, -3)} ${compact.slice(-3)}`);
}

/** The part before the space: 'LS6 2AA' → 'LS6'. */
export function outwardCode(postcode: string): string {
  return postcode.split(' ')[0];
}
