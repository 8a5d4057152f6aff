import { combinedAllergens, fromMenuAllergens, type AllergenFacts } from '../../src/shared/allergens';
import type { Catalogue } from './catalogue';

/**
 * What is known of a dish's (and its variant's) allergens as the catalogue holds them now: declared only when
 * the dish and the variant both are (combinedAllergens). Null when the dish is not on the menu (archived, or in a
 * hidden category). The ticket and the confirmation mail print it beside each line (allergenNote).
 */
export function dishAllergens(catalogue: Catalogue, productId: number, variantId: number | null): AllergenFacts | null {
  const product = catalogue.products.find((candidate) => candidate.id === productId);
  if (!product) return null;
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  return combinedAllergens(fromMenuAllergens(product), variant ? fromMenuAllergens(variant) : null);
}
