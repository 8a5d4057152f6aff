import {
  ALLERGEN_TEXTS,
  ALLERGENS,
  allergenNote,
  allergenStatement,
  combinedAllergens,
  dietaryProblem,
  filterByAllergens,
  hiddenDishesNote,
  variantAllergens,
} from '../../src/shared/allergens';

const declared = (...allergens: Array<(typeof ALLERGENS)[number]>) => ({ allergens, allergensDeclared: true });
const notDeclared = (...allergens: Array<(typeof ALLERGENS)[number]>) => ({ allergens, allergensDeclared: false });

describe('allergens and dietary tags (issue 16 item 4)', () => {
  it('lists the 14 allergens UK law requires', () => {
    expect(ALLERGENS).toHaveLength(14);
  });

  it('finds tags that contradict the allergens or each other', () => {
    expect(dietaryProblem({ allergens: ['milk'], vegetarian: true, vegan: false })).toBeNull();
    expect(dietaryProblem({ allergens: [], vegetarian: false, vegan: true })).toBe('A vegan dish is vegetarian too');
    expect(dietaryProblem({ allergens: ['eggs'], vegetarian: true, vegan: true })).toBe('A vegan dish cannot contain milk or eggs');
    expect(dietaryProblem({ allergens: ['molluscs'], vegetarian: true, vegan: false })).toBe('A vegetarian dish cannot contain fish, crustaceans or molluscs');
  });

  it('gives a variant its dish’s allergens and its own, in the list’s order', () => {
    expect(variantAllergens(['milk'], ['crustaceans', 'milk'])).toEqual(['crustaceans', 'milk']);
  });
});

describe('declared and not-declared allergens (issue 27)', () => {
  it('declares a dish and variant together only when both are declared, their lists added up', () => {
    expect(combinedAllergens(declared('milk'), declared('crustaceans'))).toEqual(declared('crustaceans', 'milk'));
    expect(combinedAllergens(declared('milk'), notDeclared())).toEqual(notDeclared('milk'));
    expect(combinedAllergens(notDeclared('nuts'), declared())).toEqual(notDeclared('nuts'));
    expect(combinedAllergens(declared('nuts', 'milk'), null)).toEqual(declared('milk', 'nuts'));
  });

  it('tells customers what a dish contains, that it contains none, or that nobody has declared it', () => {
    expect(allergenStatement(declared('milk', 'nuts'))).toBe('Contains Milk, Tree nuts');
    expect(allergenStatement(declared())).toBe(ALLERGEN_TEXTS.noneDeclared);
    expect(allergenStatement(notDeclared())).toBe(ALLERGEN_TEXTS.notDeclared);
    expect(allergenStatement(notDeclared('milk', 'nuts'))).toBe('Contains Milk, Tree nuts; other allergens not declared');
  });

  it('gives the ticket and the mail "none" only for an explicit none, and an undeclared dish in bold', () => {
    expect(allergenNote(declared('milk'))).toEqual({ text: 'Allergens: Milk', emphasis: false });
    expect(allergenNote(declared())).toEqual({ text: 'Allergens: no allergens declared as present', emphasis: false });
    expect(allergenNote(notDeclared())).toEqual({ text: 'ALLERGENS NOT DECLARED', emphasis: true });
    expect(allergenNote(notDeclared('milk', 'nuts'))).toEqual({ text: 'ALLERGENS NOT DECLARED: contains Milk, Tree nuts, others unknown', emphasis: true });
    expect(allergenNote(null)).toEqual({ text: ALLERGEN_TEXTS.notOnMenu, emphasis: false });
  });

  it('hides a variant containing an excluded allergen or not declared, and a dish when all its variants are hidden', () => {
    type Variant = { id: number; allergens: Array<(typeof ALLERGENS)[number]>; allergens_declared: boolean };
    const prawn: Variant = { id: 1, allergens: ['crustaceans'], allergens_declared: true };
    const plain: Variant = { id: 2, allergens: [], allergens_declared: true };
    const unchecked: Variant = { id: 3, allergens: [], allergens_declared: false };
    const dish = (allergens: Variant['allergens'], allergens_declared: boolean, variants: Variant[] = []) => ({ allergens, allergens_declared, variants });
    expect(filterByAllergens(dish([], true, [prawn, plain, unchecked]), ['crustaceans'])).toEqual({ hidden: false, variants: [plain] });
    expect(filterByAllergens(dish(['milk'], true, [prawn, plain]), ['milk'])).toEqual({ hidden: true, variants: [] });
    expect(filterByAllergens(dish(['milk'], true), ['milk'])).toEqual({ hidden: true, variants: [] });
    expect(filterByAllergens(dish(['milk'], true), ['nuts'])).toEqual({ hidden: false, variants: [] });
    // Not declared: hidden by any filter, as a dish containing the allergen is; a declared variant cannot clear it.
    expect(filterByAllergens(dish([], false), ['nuts'])).toEqual({ hidden: true, variants: [] });
    expect(filterByAllergens(dish([], false, [plain]), ['nuts'])).toEqual({ hidden: true, variants: [] });
    // No filter hides nothing; a virtual item (a donation) is never hidden.
    expect(filterByAllergens(dish([], false, [unchecked]), [])).toEqual({ hidden: false, variants: [unchecked] });
    expect(filterByAllergens({ ...dish([], false), virtual: true }, ['milk'])).toEqual({ hidden: false, variants: [] });
  });

  it('counts the dishes the filter hides, saying when undeclared ones are among them', () => {
    expect(hiddenDishesNote(0, 0)).toBeNull();
    expect(hiddenDishesNote(1, 0)).toBe('1 dish hidden');
    expect(hiddenDishesNote(5, 2)).toBe('5 dishes hidden, 2 with allergens not declared');
    expect(hiddenDishesNote(3, 3)).toBe('3 dishes hidden, all with allergens not declared');
  });
});
