import { randomUUID } from 'node:crypto';
import type { Services } from '../../src/services';
import { createStockHandlers } from './handlers';

/**
 * Records the holds that ran out as StockHoldExpired, so baskets and read models show the units back on
 * the shelf. Availability never waits for it: the stock decider already ignores an expired hold.
 */
export function createHoldSweeper(
  services: Services,
  /** The products some of whose holds ran out by `now`: a query port the menu read model implements. */
  productsWithExpiredHolds: (now: Date) => Promise<number[]>,
) {
  const stock = createStockHandlers(services.commands);
  return {
    async sweep(): Promise<number> {
      const now = services.clock();
      const products = await productsWithExpiredHolds(now);
      const context = { actor: 'system', now: now.toISOString(), correlationId: randomUUID() };
      for (const productId of products) await stock.expireHolds(productId, context);
      return products.length;
    },
  };
}
