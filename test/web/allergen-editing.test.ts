import { allergensUndeclared, dishAllergenFacts } from '../../src/shared/allergens';
import { telHref } from '../../src/shared/contact';
import { declarationStatus, declareComplete, declareNone, toggleAllergen } from '../../web/src/features/staff/catalogue/allergenDeclaration';

/** Issue 27: the web's own pure parts of the allergen states (the rules themselves are src/shared/allergens.ts). */
describe('a dish’s allergens on its card', () => {
  const dish = (declared: boolean, variants: Array<{ allergens: Array<'nuts' | 'milk'>; allergens_declared: boolean }> = []) => ({
    allergens: ['milk' as const],
    allergens_declared: declared,
    virtual: false,
    variants,
  });

  it('is declared only when the dish and every variant are, and contains what any variant adds', () => {
    expect(dishAllergenFacts(dish(true))).toEqual({ allergens: ['milk'], allergensDeclared: true });
    const declaredVariants = dish(true, [{ allergens: [], allergens_declared: true }, { allergens: ['nuts'], allergens_declared: true }]);
    expect(dishAllergenFacts(declaredVariants)).toEqual({ allergens: ['milk', 'nuts'], allergensDeclared: true });
    expect(allergensUndeclared(declaredVariants)).toBe(false);
    const oneUndeclared = dish(true, [{ allergens: [], allergens_declared: true }, { allergens: [], allergens_declared: false }]);
    expect(dishAllergenFacts(oneUndeclared).allergensDeclared).toBe(false);
    expect(allergensUndeclared(oneUndeclared)).toBe(true);
    expect(allergensUndeclared(dish(false, [{ allergens: [], allergens_declared: true }]))).toBe(true);
  });

  it('leaves virtual items out of the undeclared ones', () => {
    expect(allergensUndeclared({ allergens: [], allergens_declared: false, virtual: true, variants: [] })).toBe(false);
  });

  it('calls the shop’s number as written', () => {
    expect(telHref('0113 496 0000')).toBe('tel:01134960000');
    expect(telHref('+44 (0)113 496-0000')).toBe('tel:+4401134960000');
  });
});

describe('declaring allergens in the editor', () => {
  const undeclared = { allergens: [], declared: false };

  it('declares only through the "none" and "complete" boxes', () => {
    const milk = toggleAllergen(undeclared, 'milk', true);
    expect(milk).toEqual({ allergens: ['milk'], declared: false });
    expect(declarationStatus(milk, 'dish')).toBe('Not declared yet: other allergens not declared');
    expect(declareComplete(milk, true)).toEqual({ allergens: ['milk'], declared: true });
    expect(declareNone(true)).toEqual({ allergens: [], declared: true });
    expect(declarationStatus(declareNone(true), 'variant')).toBe('Declared: adds none');
    expect(declarationStatus(undeclared, 'dish')).toBe('Not declared yet');
  });

  it('keeps a declared list declared while it changes, but never turns "some" into "none" or back unasked', () => {
    const declared = { allergens: ['milk' as const], declared: true };
    expect(toggleAllergen(declared, 'nuts', true)).toEqual({ allergens: ['milk', 'nuts'], declared: true });
    expect(toggleAllergen(declared, 'milk', false)).toEqual({ allergens: [], declared: false });
    expect(toggleAllergen(declareNone(true), 'eggs', true)).toEqual({ allergens: ['eggs'], declared: false });
    expect(declareComplete({ allergens: [], declared: false }, true).declared).toBe(false);
  });
});
