import type { CommandContext } from '../../../src/core/decider';
import type { MenuView, StockStatus } from '../../../src/shared/menu';
import type { KitchenOrder } from '../../../src/shared/order';
import type { StoreStatus } from '../../../src/shared/store-status';

/** Where a page of orders starts: after the order placed at `at` with id `id` (newest first). */
export interface OrderCursor {
  at: string;
  id: string;
}

/**
 * What the public API reads and does, each through the module that owns it: the composition root fills these
 * from the catalogue, the orders read model, the kitchen's commands, the store's and the out-of-stock manager's,
 * so the API runs the very commands and rules the staff screens run.
 */
export interface PublicApiPorts {
  menu(): Promise<MenuView>;
  orders: {
    /** Placed orders, newest first, of one trading day (YYYY-MM-DD) or of all, after `after`; `limit` at most. */
    page(query: { day?: string; after?: OrderCursor; limit: number }, now: Date): Promise<KitchenOrder[]>;
    placed(orderId: string, now: Date): Promise<KitchenOrder | null>;
  };
  kitchen: {
    print(orderId: string, context: CommandContext): Promise<KitchenOrder>;
    notify(orderId: string, context: CommandContext): Promise<KitchenOrder>;
    complete(orderId: string, context: CommandContext): Promise<KitchenOrder>;
  };
  store: {
    setStatus(status: StoreStatus, context: CommandContext): Promise<void>;
    setDelivering(on: boolean, context: CommandContext): Promise<void>;
  };
  stock: {
    setProductStatus(productId: number, status: StockStatus, context: CommandContext): Promise<void>;
    setVariantStatus(variantId: number, status: StockStatus, context: CommandContext): Promise<void>;
  };
}
