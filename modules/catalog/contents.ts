import { variantAllergens, type Allergen } from '../../src/shared/allergens';
import type { Catalogue } from './catalogue';

/**
 * What a dish (and its variant) contains as the catalogue holds it now, or null when it is not on the menu (archived,
 * or in a hidden category): the ticket and the confirmation mail print it beside each line.
 */
export function dishAllergens(catalogue: Catalogue, productId: number, variantId: number | null): Allergen[] | null {
  const product = catalogue.products.find((candidate) => candidate.id === productId);
  if (!product) return null;
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  return variantAllergens(product.allergens, variant?.allergens ?? []);
}
