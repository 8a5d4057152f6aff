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
 * What is known of a dish's or a variant's allergens (issue 27). Declared: `allergens` is the whole list, and an
 * empty list means "contains none of the 14". Not declared: nobody has checked; `allergens` holds only what is
 * known to be there (a list kept from before the declared state existed), and the rest is unknown. A dish whose
 * allergens were never declared is never presented as free of them.
 */
export interface AllergenFacts {
  allergens: readonly Allergen[];
  allergensDeclared: boolean;
}

/** The menu answer's spelling of the same facts (GET /api/menu, snake case like the rest of it). */
export interface MenuAllergenFacts {
  allergens: readonly Allergen[];
  allergens_declared: boolean;
}

export const fromMenuAllergens = (facts: MenuAllergenFacts): AllergenFacts => ({ allergens: facts.allergens, allergensDeclared: facts.allergens_declared });

/** The words customers and staff read about allergens: one home, so the menu, ticket and mail agree. */
export const ALLERGEN_TEXTS = {
  /** On a not-declared dish's card, product page and variants modal, beside the shop's phone as a tel: link. */
  notDeclared: 'Allergens not declared: ask us before ordering',
  /** A declared empty list, on the menu. */
  noneDeclared: 'Contains none of the 14 allergens',
  /** The ticket's and the mail's line for an explicit none. */
  noneOnTicket: 'Allergens: no allergens declared as present',
  /** The ticket's and the mail's line for an undeclared dish (bold on the ticket). */
  notDeclaredOnTicket: 'ALLERGENS NOT DECLARED',
  /** A dish no longer on the menu when the ticket is printed or the mail sent. */
  notOnMenu: 'Allergens: not on the menu now, ask the kitchen',
  /** The shop's own statement, in the footer of every customer page (issue 32). */
  shopStatement:
    'Our kitchen handles all 14 major allergens, so we cannot promise any dish is free of traces. Each dish says what it contains; if you have an allergy, tell us when you order, or call us first.',
  /** The checkout's optional field, printed in a box at the top of the ticket and repeated in the mail. */
  allergyFieldLabel: 'Allergies or dietary needs',
} as const;

const names = (allergens: readonly Allergen[]) => allergens.map((allergen) => ALLERGEN_NAMES[allergen]).join(', ');

/** What a dish and one of its variants contain together: declared only when both are; the lists add up. */
export function combinedAllergens(dish: AllergenFacts, variant: AllergenFacts | null): AllergenFacts {
  if (!variant) return { allergens: ALLERGENS.filter((allergen) => dish.allergens.includes(allergen)), allergensDeclared: dish.allergensDeclared };
  return { allergens: variantAllergens(dish.allergens, variant.allergens), allergensDeclared: dish.allergensDeclared && variant.allergensDeclared };
}

/** The customer's line for a dish (or dish and variant): what it contains, none, or not declared. */
export function allergenStatement(facts: AllergenFacts): string {
  if (facts.allergensDeclared) return facts.allergens.length === 0 ? ALLERGEN_TEXTS.noneDeclared : `Contains ${names(facts.allergens)}`;
  if (facts.allergens.length === 0) return ALLERGEN_TEXTS.notDeclared;
  return `Contains ${names(facts.allergens)}; other allergens not declared`;
}

/**
 * What an order's line says of its dish's allergens, on the ticket and in the confirmation mail, as the catalogue
 * holds them when printed or sent, or null for a dish no longer on the menu. `emphasis` says the ticket prints
 * the line in bold (an undeclared dish).
 */
export function allergenNote(facts: AllergenFacts | null): { text: string; emphasis: boolean } {
  if (facts === null) return { text: ALLERGEN_TEXTS.notOnMenu, emphasis: false };
  if (!facts.allergensDeclared) {
    const known = facts.allergens.length === 0 ? '' : `: contains ${names(facts.allergens)}, others unknown`;
    return { text: `${ALLERGEN_TEXTS.notDeclaredOnTicket}${known}`, emphasis: true };
  }
  if (facts.allergens.length === 0) return { text: ALLERGEN_TEXTS.noneOnTicket, emphasis: false };
  return { text: `Allergens: ${names(facts.allergens)}`, emphasis: false };
}

/** What a variant contains: its dish's allergens and its own. */
export function variantAllergens(dish: readonly Allergen[], variant: readonly Allergen[]): Allergen[] {
  return ALLERGENS.filter((allergen) => dish.includes(allergen) || variant.includes(allergen));
}

/**
 * The customer's filter ("hide dishes containing ..."): with any allergen excluded, a variant is hidden when it
 * (with its dish) contains one or is not declared, and a dish is hidden when all its variants are (a dish without
 * variants when it contains one or is not declared). Virtual items (a donation) are never hidden.
 */
export function filterByAllergens<V extends MenuAllergenFacts, D extends MenuAllergenFacts & { virtual?: boolean; variants: readonly V[] }>(
  dish: D,
  excluded: readonly Allergen[],
): { hidden: boolean; variants: V[] } {
  if (excluded.length === 0 || dish.virtual === true) return { hidden: false, variants: [...dish.variants] };
  const unsafe = (facts: AllergenFacts) => !facts.allergensDeclared || facts.allergens.some((allergen) => excluded.includes(allergen));
  const dishFacts = fromMenuAllergens(dish);
  if (dish.variants.length === 0) return { hidden: unsafe(dishFacts), variants: [] };
  const variants = dish.variants.filter((variant) => !unsafe(combinedAllergens(dishFacts, fromMenuAllergens(variant))));
  return { hidden: variants.length === 0, variants };
}

/** How many dishes the filter hides, and whether undeclared ones are among them: the filter's own words. */
export function hiddenDishesNote(hidden: number, undeclaredAmongThem: number): string | null {
  if (hidden === 0) return null;
  const dishes = hidden === 1 ? '1 dish hidden' : `${hidden} dishes hidden`;
  if (undeclaredAmongThem === 0) return dishes;
  return `${dishes}, ${undeclaredAmongThem === hidden ? 'all' : undeclaredAmongThem} with allergens not declared`;
}

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
