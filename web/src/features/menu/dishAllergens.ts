import { ALLERGENS, combinedAllergens, fromMenuAllergens, type AllergenFacts, type MenuAllergenFacts } from '../../../../src/shared/allergens';

/** A dish as the menu and the editor answer it: its own allergen facts, whether it is virtual, its variants'. */
export interface DishAllergenFacts extends MenuAllergenFacts {
  virtual: boolean;
  variants: readonly MenuAllergenFacts[];
}

/**
 * What a dish's card says of its allergens: a dish with variants contains whatever any of them contains with it,
 * and is declared only when every variant is (combinedAllergens for each), so no choice is ever presented as
 * safer than it is. Given the variants an allergen filter left, it speaks of those only.
 */
export function dishAllergenFacts(dish: DishAllergenFacts): AllergenFacts {
  const own = fromMenuAllergens(dish);
  if (dish.variants.length === 0) return combinedAllergens(own, null);
  const each = dish.variants.map((variant) => combinedAllergens(own, fromMenuAllergens(variant)));
  return {
    allergens: ALLERGENS.filter((allergen) => each.some((facts) => facts.allergens.includes(allergen))),
    allergensDeclared: each.every((facts) => facts.allergensDeclared),
  };
}

/** A dish (not a virtual item) whose allergens, or one of its variants', nobody has declared yet. */
export function allergensUndeclared(dish: DishAllergenFacts): boolean {
  return !dish.virtual && !dishAllergenFacts(dish).allergensDeclared;
}

/** The `tel:` address of a number as the shop writes it ('0113 496 0000'). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
