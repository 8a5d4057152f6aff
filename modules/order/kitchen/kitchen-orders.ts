import type { KitchenOrder } from '../../../src/shared/order';

/**
 * The order module's query port on placed orders as the kitchen reads them. The orders read model implements it
 * (projections/orders/queries.ts); the composition root hands it in.
 */
export interface KitchenOrders {
  /** A placed order, or null when there is none (or it is still in checkout). */
  placed(orderId: string, now: Date): Promise<KitchenOrder | null>;
  /** The placed orders of the trading day `now` is in (the store's tradingDayOf), newest first. */
  today(now: Date): Promise<KitchenOrder[]>;
  /** The takings of the trading day `now` is in, in pence. */
  tally(now: Date): Promise<number>;
}
