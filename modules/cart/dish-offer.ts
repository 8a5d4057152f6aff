import { DomainError } from '../../src/core/errors';
import { dishName, dishNotOffered, type CataloguePort, type CatalogueProduct } from '../catalog';
import { assertOffered, type DishOffer } from '../stock';

/** A dish's name as the customer reads it: the product and its option. */
export function describe(product: CatalogueProduct, variantId: number | null): string {
  return dishName(product.name, product.variants.find((candidate) => candidate.id === variantId)?.name);
}

/** The catalogue's word on a dish, as the stock decider takes it. */
export function offerOf(product: CatalogueProduct, variantId: number | null): DishOffer {
  const dish = dishNotOffered(product, variantId);
  return dish === null ? { offered: true } : { offered: false, dish };
}

/** The menu's word on a dish a customer moves in or out of a basket, before anything is written. */
export function createDishCheck(menu: Pick<CataloguePort, 'product'>) {
  return {
    /** Refuses an unknown, unavailable or wrongly specified product before anything is written. */
    async check(productId: number, variantId: number | null, adding: boolean): Promise<CatalogueProduct> {
      const product = await menu.product(productId);
      if (!product) throw new DomainError('not_found', 'That product is not on the menu');
      if (product.variants.length === 0 && variantId !== null) throw new DomainError('invalid', `${product.name} has no options to choose from`);
      if (product.variants.length > 0) {
        if (variantId === null) throw new DomainError('invalid', `Please choose an option for ${product.name}`);
        const variant = product.variants.find((candidate) => candidate.id === variantId);
        if (!variant) throw new DomainError('not_found', `That option of ${product.name} does not exist`);
      }
      // Refused before anything is written (a first add opens the basket while it reserves); the stock decider
      // refuses the reservation itself on the same word.
      if (adding) assertOffered(offerOf(product, variantId));
      return product;
    },
  };
}
