/**
 * Why the settings screen cannot be saved, in words that name the real problem (issue 38 item 2). The staff
 * spec's text stays word for word for what it covers, the kitchen postcode and the discount amount; the checks
 * the shop added (the opening hours, the contact address, the brand) say what they are.
 */

/** Staff spec §2: the disabled button's words when the postcode or the discount is the problem. */
export const CHECK_POSTCODE_AND_DISCOUNT = 'Check kitchen postcode & discount amount';

/** What the settings screen found, each check as its own rule computes it. */
export interface SettingsSaveChecks {
  /** The kitchen postcode was checked and located. */
  postcodeLocated: boolean;
  /** With the collection discount on, its amount is above 0. */
  discountValid: boolean;
  /** What is wrong with the week's and the special days' shifts (`hoursProblems`), empty when they work. */
  hoursProblems: readonly string[];
  contactEmailValid: boolean;
  brandValid: boolean;
}

/** The disabled Save button's words, or null when the settings may be saved. */
export function whySettingsCannotSave(checks: SettingsSaveChecks): string | null {
  const postcodeOrDiscount = !checks.postcodeLocated || !checks.discountValid;
  const [hours] = checks.hoursProblems;
  if (postcodeOrDiscount && hours) return `${CHECK_POSTCODE_AND_DISCOUNT}, and the opening hours`;
  if (postcodeOrDiscount) return CHECK_POSTCODE_AND_DISCOUNT;
  if (hours) return `Check the opening hours: ${hours}`;
  if (!checks.contactEmailValid) return 'Check the contact form’s email address';
  if (!checks.brandValid) return 'Check the restaurant’s name and accent colour';
  return null;
}
