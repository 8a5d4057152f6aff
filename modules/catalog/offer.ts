import { dishName } from '../../src/shared/menu';
import type { CatalogueProduct } from './catalogue';

export { dishName, notOfferedMessage } from '../../src/shared/menu';

/**
 * Whether the kitchen offers a dish now: the dish as a refusal names it when it does not (a variant taken off
 * names the variant, a product taken off names the product), or null while it is offered.
 */
export function dishNotOffered(product: CatalogueProduct, variantId: number | null): string | null {
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  if (variant && variant.status !== 'active') return dishName(product.name, variant.name);
  if (product.status !== 'active') return product.name;
  return null;
}
