import { DomainError } from '../../src/core/errors';
import { dietaryProblem, type DietaryFacts } from '../../src/shared/allergens';

/** The catalogue's refusals for bad input, one rule each (issue 16 item 1). */

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('en-GB') === b.trim().toLocaleLowerCase('en-GB');

export function assertNamed(name: string, what: 'A category' | 'A dish' | 'A variant'): void {
  if (name.trim() === '') throw new DomainError('invalid', `${what} needs a name`);
}

export function assertPrice(pricePence: number): void {
  if (!Number.isInteger(pricePence) || pricePence < 0) throw new DomainError('invalid', 'A price must be a whole number of pence, 0 or more');
}

/** A variant's price adjustment may be negative or zero, but the dish with it may never cost less than nothing. */
export function assertVariantPrices(pricePence: number, variants: ReadonlyArray<{ name: string; incrementalPricePence: number }>): void {
  const negative = variants.find((variant) => pricePence + variant.incrementalPricePence < 0);
  if (negative) throw new DomainError('invalid', `The variant ${negative.name} would make the dish cost less than nothing`);
}

/** No two dishes of one category, nor two variants of one dish, nor two categories share a name (any case). */
export function assertUniqueName(name: string, others: readonly string[], where: string): void {
  if (others.some((other) => sameName(other, name))) throw new DomainError('conflict', `There is already ${where} named ${name.trim()}`);
}

/** Vegetarian and vegan tags must agree with the allergens (src/shared/allergens.ts, which the editor runs too). */
export function assertDietary(dish: DietaryFacts): void {
  const problem = dietaryProblem(dish);
  if (problem) throw new DomainError('invalid', problem);
}
