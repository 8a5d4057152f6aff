import { filterByAllergens, type Allergen } from '../../../../src/shared/allergens';
import type { Menu, Product } from './menuApi';

/**
 * The menu as a customer hiding `excluded` allergens sees it: dishes containing one left out, and of a dish with
 * variants only the variants without one (the dish itself left out when none is left).
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
