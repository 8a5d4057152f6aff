import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Services } from '../../src/services';
import type { StockStatus } from '../../src/shared/menu';
import type { CataloguePort } from './catalogue';
import { productDecider } from './decider';
import { productStream } from './events';

/**
 * The out-of-stock manager's toggles as commands (staff spec §4), for its routes and the public API (issue 41):
 * a dish or one of its sizes taken off the menu or put back, answered once the menu read model shows it.
 */
export function stockStatusSwitches(deps: { services: Pick<Services, 'commands' | 'readModels'>; menu: CataloguePort }) {
  const { services, menu } = deps;
  return {
    async setProductStatus(productId: number, status: StockStatus, context: CommandContext): Promise<void> {
      if (!(await menu.product(productId))) throw new DomainError('not_found', `There is no product ${productId}`);
      const result = await services.commands.handle(productStream(productId), productDecider, { type: 'ChangeProductStatus', data: { productId, status } }, context);
      await services.readModels.waitFor('menu', result.position);
    },
    async setVariantStatus(variantId: number, status: StockStatus, context: CommandContext): Promise<void> {
      const owner = (await menu.get()).products.find((product) => product.variants.some((variant) => variant.id === variantId));
      if (!owner) throw new DomainError('not_found', `There is no product variant ${variantId}`);
      const result = await services.commands.handle(productStream(owner.id), productDecider, { type: 'ChangeVariantStatus', data: { productId: owner.id, variantId, status } }, context);
      await services.readModels.waitFor('menu', result.position);
    },
  };
}
