import { productDecider, categoriesDecider } from '../../../modules/catalog/decider';
import type { ProductEvent } from '../../../modules/catalog/events';
import { specFor } from '../../support/given-when-then';

const spec = specFor(productDecider);
const added: ProductEvent = {
  type: 'ProductAdded',
  data: { productId: 3, categoryId: 1, name: 'Korma', shortDescription: 'Mild', description: 'Creamy', pricePence: 950, image: null, virtual: false, position: 1 },
};
const variant: ProductEvent = { type: 'VariantAdded', data: { productId: 3, variantId: 9, name: 'Large', incrementalPricePence: 300, weighting: 1 } };

describe('catalogue decider', () => {
  it('adds a product once', () => {
    spec([]).when({ type: 'AddProduct', data: added.data as never }).then([added]);
    spec([added]).when({ type: 'AddProduct', data: added.data as never }).thenFails('already exists', 'conflict');
  });

  it('adds variants only to a listed product, each once', () => {
    spec([]).when({ type: 'AddVariant', data: variant.data as never }).thenFails('does not exist', 'not_found');
    spec([added]).when({ type: 'AddVariant', data: variant.data as never }).then([variant]);
    spec([added, variant]).when({ type: 'AddVariant', data: variant.data as never }).thenFails('already exists');
  });

  it('changes a product’s or a variant’s status only when it differs', () => {
    spec([added]).when({ type: 'ChangeProductStatus', data: { productId: 3, status: 'active' } }).then([]);
    spec([added]).when({ type: 'ChangeProductStatus', data: { productId: 3, status: 'out-of-stock' } })
      .then([{ type: 'ProductStatusChanged', data: { productId: 3, status: 'out-of-stock' } }]);
    spec([added, variant]).when({ type: 'ChangeVariantStatus', data: { productId: 3, variantId: 9, status: 'out-of-stock' } })
      .then([{ type: 'VariantStatusChanged', data: { productId: 3, variantId: 9, status: 'out-of-stock' } }]);
    spec([added]).when({ type: 'ChangeVariantStatus', data: { productId: 3, variantId: 9, status: 'active' } }).thenFails('That variant does not exist');
  });

  it('adds each category once', () => {
    const command = { type: 'AddCategory' as const, data: { categoryId: 1, name: 'Starters', position: 1 } };
    specFor(categoriesDecider)([]).when(command).then([{ type: 'CategoryAdded', data: command.data }]);
    specFor(categoriesDecider)([{ type: 'CategoryAdded', data: command.data }]).when(command).thenFails('already exists');
  });
});
