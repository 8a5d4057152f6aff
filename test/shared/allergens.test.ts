import { ALLERGENS, dietaryProblem, filterByAllergens, variantAllergens } from '../../src/shared/allergens';

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

  it('hides a variant containing an excluded allergen, and a dish when all its variants are hidden', () => {
    const prawn = { id: 1, allergens: ['crustaceans' as const] };
    const plain = { id: 2, allergens: [] };
    expect(filterByAllergens({ allergens: [], variants: [prawn, plain] }, ['crustaceans'])).toEqual({ hidden: false, variants: [plain] });
    expect(filterByAllergens({ allergens: ['milk'], variants: [prawn, plain] }, ['milk'])).toEqual({ hidden: true, variants: [] });
    expect(filterByAllergens({ allergens: ['milk'], variants: [] }, ['milk'])).toEqual({ hidden: true, variants: [] });
    expect(filterByAllergens({ allergens: ['milk'], variants: [] }, ['nuts'])).toEqual({ hidden: false, variants: [] });
  });
});
