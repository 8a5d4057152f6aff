/**
 * The 14 allergens UK law requires a food business to declare (Food Information Regulations 2014), dietary
 * tags, and the customer's allergen filter: one home for the server, the editor and the menu (issue 16).
 */
export const ALLERGENS = ['celery', 'gluten', 'crustaceans', 'eggs', 'fish', 'lupin', 'milk', 'molluscs', 'mustard', 'nuts', 'peanuts', 'sesame', 'soya', 'sulphites'] as const;
export type Allergen = (typeof ALLERGENS)[number];

export const ALLERGEN_NAMES: Record<Allergen, string> = {
  celery: 'Celery',
  gluten: 'Cereals containing gluten',
  crustaceans: 'Crustaceans',
  eggs: 'Eggs',
  fish: 'Fish',
  lupin: 'Lupin',
  milk: 'Milk',
  molluscs: 'Molluscs',
  mustard: 'Mustard',
  nuts: 'Tree nuts',
  peanuts: 'Peanuts',
  sesame: 'Sesame',
  soya: 'Soya',
  sulphites: 'Sulphur dioxide and sulphites',
};

/** Spice from none to very hot; the menu shows a chilli per step. */
export const MAX_SPICE = 3;

export interface DietaryFacts {
  allergens: readonly Allergen[];
  vegetarian: boolean;
  vegan: boolean;
}

/** Why a dish's dietary tags contradict its allergens or each other, or null when they agree. */
export function dietaryProblem({ allergens, vegetarian, vegan }: DietaryFacts): string | null {
  if (vegan && !vegetarian) return 'A vegan dish is vegetarian too';
  if (vegetarian && allergens.some((allergen) => allergen === 'fish' || allergen === 'crustaceans' || allergen === 'molluscs')) {
    return 'A vegetarian dish cannot contain fish, crustaceans or molluscs';
  }
  if (vegan && allergens.some((allergen) => allergen === 'milk' || allergen === 'eggs')) return 'A vegan dish cannot contain milk or eggs';
  return null;
}

/**
 * What an order's line says of its dish's allergens, on the ticket and in the confirmation mail: the allergens as
 * the catalogue holds them when printed or sent, or null for a dish no longer on the menu.
 */
export function allergenNote(allergens: readonly Allergen[] | null): string {
  if (allergens === null) return 'Allergens: not on the menu now, ask the kitchen';
  if (allergens.length === 0) return 'Allergens: none of the 14 declared';
  return `Allergens: ${allergens.map((allergen) => ALLERGEN_NAMES[allergen]).join(', ')}`;
}

/** What a variant contains: its dish's allergens and its own. */
export function variantAllergens(dish: readonly Allergen[], variant: readonly Allergen[]): Allergen[] {
  return ALLERGENS.filter((allergen) => dish.includes(allergen) || variant.includes(allergen));
}

/**
 * The customer's filter ("hide dishes containing ..."): a variant containing an excluded allergen is hidden, and
 * a dish is hidden when all its variants are (a dish without variants when it contains one).
 */
export function filterByAllergens<V extends { allergens: readonly Allergen[] }, D extends { allergens: readonly Allergen[]; variants: readonly V[] }>(
  dish: D,
  excluded: readonly Allergen[],
): { hidden: boolean; variants: V[] } {
  const contains = (allergens: readonly Allergen[]) => allergens.some((allergen) => excluded.includes(allergen));
  if (dish.variants.length === 0) return { hidden: contains(dish.allergens), variants: [] };
  const variants = dish.variants.filter((variant) => !contains(variantAllergens(dish.allergens, variant.allergens)));
  return { hidden: variants.length === 0, variants };
}
