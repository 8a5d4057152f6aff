import { DomainError } from '../../src/core/errors';
import { cleanRichText } from '../../src/rich-text';
import { dietaryProblem, type DietaryFacts } from '../../src/shared/allergens';
import { RICH_TEXT_MAX_CHARS, RICH_TEXT_TEXTS } from '../../src/shared/rich-text-allow-list';

/** The catalogue's refusals for bad input, one rule each (issue 16 item 1). */

/** Which field of the input a refusal is about, so that a menu import can name the file's column. */
export type RefusedField = 'name' | 'price' | 'dietary' | 'description';

export class CatalogueRefusal extends DomainError {
  constructor(
    kind: 'invalid' | 'conflict',
    message: string,
    readonly field: RefusedField,
  ) {
    super(kind, message);
  }
}

/** Two names are the same name in any case and with surrounding spaces. */
export const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');

export function assertNamed(name: string, what: 'A category' | 'A dish' | 'A variant'): void {
  if (name.trim() === '') throw new CatalogueRefusal('invalid', `${what} needs a name`, 'name');
}

export function assertPrice(pricePence: number): void {
  if (!Number.isInteger(pricePence) || pricePence < 0) throw new CatalogueRefusal('invalid', 'A price must be a whole number of pence, 0 or more', 'price');
}

/** A variant's price adjustment may be negative or zero, but the dish with it may never cost less than nothing. */
export function assertVariantPrices(pricePence: number, variants: ReadonlyArray<{ name: string; incrementalPricePence: number }>): void {
  const negative = variants.find((variant) => pricePence + variant.incrementalPricePence < 0);
  if (negative) throw new CatalogueRefusal('invalid', `The variant ${negative.name} would make the dish cost less than nothing`, 'price');
}

/** No two dishes of one category, nor two variants of one dish, nor two categories share a name (any case). */
export function assertUniqueName(name: string, others: readonly string[], where: string): void {
  if (others.some((other) => sameName(other, name))) throw new CatalogueRefusal('conflict', `There is already ${where} named ${name.trim()}`, 'name');
}

/** Vegetarian and vegan tags must agree with the allergens (src/shared/allergens.ts, which the editor runs too). */
export function assertDietary(dish: DietaryFacts): void {
  const problem = dietaryProblem(dish);
  if (problem) throw new CatalogueRefusal('invalid', problem, 'dietary');
}

/**
 * A dish's long description as it is stored (issue 39): rich text cleaned against the site's one allow-list, and
 * no longer than the limit. Every way in (the menu editor, the in-place editor, the menu CSV) passes here.
 */
export function dishDescription(html: string): string {
  const cleaned = cleanRichText(html);
  if (cleaned.length > RICH_TEXT_MAX_CHARS) throw new CatalogueRefusal('invalid', `description: ${RICH_TEXT_TEXTS.tooLong}`, 'description');
  return cleaned;
}
