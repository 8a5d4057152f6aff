import { allergensUndeclared, filterByAllergens, type Allergen } from '../../../../src/shared/allergens';
import type { Menu, Product } from './menuApi';

/**
 * The menu as a customer hiding `excluded` allergens sees it (filterByAllergens): dishes containing one, or not
 * declared, left out, and of a dish with variants only the safe variants (the dish left out when none is).
 */
export function withoutAllergens(menu: Menu, excluded: readonly Allergen[]): Menu {
  if (excluded.length === 0) return menu;
  return {
    ...menu,
    products: menu.products.flatMap((product) => {
      const { hidden, variants } = filterByAllergens<Product['variants'][number], Product>(product, excluded);
      if (hidden) return [];
      return product.variants.length === 0 ? [product] : [{ ...product, variants }];
    }),
  };
}

/** How many dishes the filter hides, and how many of those have allergens not declared (for hiddenDishesNote). */
export function hiddenByAllergens(menu: Menu, excluded: readonly Allergen[]): { hidden: number; undeclared: number } {
  const hidden = menu.products.filter((product) => filterByAllergens<Product['variants'][number], Product>(product, excluded).hidden);
  return { hidden: hidden.length, undeclared: hidden.filter(allergensUndeclared).length };
}
