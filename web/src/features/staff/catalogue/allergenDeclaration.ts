import { ALLERGENS, type Allergen } from '../../../../../src/shared/allergens';

/**
 * A dish's or a variant's allergens as the editor holds them (issue 27): the ticked list, and whether someone
 * declared it. Declaring is always an explicit act: only the "none" and "complete" boxes set `declared`, and a
 * change of the ticks that would turn the declaration into another one (none to some, some to none) undoes it.
 */
export interface AllergenDeclaration {
  allergens: Allergen[];
  declared: boolean;
}

export function toggleAllergen(value: AllergenDeclaration, allergen: Allergen, on: boolean): AllergenDeclaration {
  const allergens = ALLERGENS.filter((candidate) => (candidate === allergen ? on : value.allergens.includes(candidate)));
  // Adding to or taking from a declared list keeps it declared; emptying it, or ticking one on a declared
  // "none", asks for the declaration again.
  const declared = value.declared && value.allergens.length > 0 && allergens.length > 0;
  return { allergens, declared };
}

/** The "contains none" box (a dish) or "adds none" box (a variant): ticked, the list is declared empty. */
export function declareNone(on: boolean): AllergenDeclaration {
  return { allergens: [], declared: on };
}

/** The "this list is complete" box, beside a non-empty list. */
export function declareComplete(value: AllergenDeclaration, on: boolean): AllergenDeclaration {
  return { allergens: value.allergens, declared: on && value.allergens.length > 0 };
}

/** What the fieldset says of the declaration, for a dish or a variant. */
export function declarationStatus(value: AllergenDeclaration, of: 'dish' | 'variant'): string {
  if (!value.declared) return value.allergens.length === 0 ? 'Not declared yet' : 'Not declared yet: other allergens not declared';
  if (value.allergens.length > 0) return 'Declared: the list is complete';
  return of === 'dish' ? 'Declared: contains none of the 14 allergens' : 'Declared: adds none';
}
