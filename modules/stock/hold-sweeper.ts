import { randomUUID } from 'node:crypto';
import type { Services } from '../../src/services';
import { productsWithExpiredHolds } from '../../projections/menu/queries';
import { createStockHandlers } from './handlers';

/**
 * Records the holds that ran out as StockHoldExpired, so baskets and read models show the units back on
 * the shelf. Availability never waits for it: the stock decider already ignores an expired hold.
 */
export function createHoldSweeper(services: Services) {
  const stock = createStockHandlers(services.commands);
  return {
    async sweep(): Promise<number> {
      const now = services.clock();
      const products = await productsWithExpiredHolds(services.pool, now);
      const context = { actor: 'system', now: now.toISOString(), correlationId: randomUUID() };
      for (const productId of products) await stock.expireHolds(productId, context);
      return products.length;
    },
  };
}
