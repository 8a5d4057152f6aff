import type { Services } from '../services';
import { productsWithExpiredHolds, productsWithParLevels } from '../../projections';
import { createDailyStock, createHoldSweeper, dailyStockProcess } from '../../modules/stock';

/** The sweeper of expired basket holds and the day's par levels, with the process that starts each trading day. */
export function wireStock(services: Services) {
  const { pool } = services;
  const holdSweeper = createHoldSweeper(services, (now) => productsWithExpiredHolds(pool, now));
  const dailyStock = createDailyStock(services, () => productsWithParLevels(pool));
  return { holdSweeper, dailyStock, processes: [dailyStockProcess(dailyStock.actions)] };
}
