import { DomainError } from '../../../src/core/errors';
import type { Services } from '../../../src/services';
import { NO_SUCH_OWN_ORDER, type ReorderLine } from '../../../src/shared/order-summary';
import { dishName, dishNotOffered, type CataloguePort } from '../../catalog';
import { orderDecider } from '../core/decider';
import { orderStream } from '../core/events';

/**
 * What ordering a past order again would put in the basket (issue 33): each dish with its price then and now,
 * or no price now when the kitchen has taken it off. Only the account's own placed orders.
 */
export function createReorder(deps: { services: Pick<Services, 'commands'>; catalogue: Pick<CataloguePort, 'product'> }) {
  return {
    async plan(orderId: string, userId: string): Promise<ReorderLine[]> {
      const state = await deps.services.commands.load(orderStream(orderId), orderDecider);
      if (state.status === 'none' || state.status === 'checkout' || state.userId !== userId) throw new DomainError('not_found', NO_SUCH_OWN_ORDER);
      return Promise.all(
        state.items.map(async (item): Promise<ReorderLine> => {
          const product = await deps.catalogue.product(item.productId);
          const variant = product?.variants.find((candidate) => candidate.id === item.variantId);
          const offered = product !== null && dishNotOffered(product, item.variantId) === null && (item.variantId === null || variant !== undefined);
          return {
            productId: item.productId,
            variantId: item.variantId,
            name: dishName(item.name, item.variantName),
            quantity: item.quantity,
            wasPence: item.unitPricePence,
            nowPence: offered && product ? product.price + (variant?.incremental_price ?? 0) : null,
          };
        }),
      );
    },
  };
}

export type Reorder = ReturnType<typeof createReorder>;
