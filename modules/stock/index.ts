export { STOCK_EVENT_SCHEMAS, STOCK_EVENT_TYPES, STOCK_DAYS_STREAM, stockStream, type StockEvent } from './events';
export { assertOffered, OutOfStock, NOT_IN_BASKET, variantKey, holdKey, isActive, availableUnits, type BasketFacts, type DishOffer, type Hold, type StockState } from './decider';
export { foldStoredStock, storedAvailable, storedHold, type StoredStock } from './stored-stock';
export { basketCapRefusal, type BasketCaps } from '../../src/shared/basket-caps';
export { addressShareRefusal, dishShareRefusal, MENU_SHARE_REFUSAL, shareOf, type AddressHoldings } from './address-share';
export { createStockHandlers, stockFigures, heldBy, holdUntilAfter, type StockHandlers, type StockFigures } from './handlers';
export { createHoldSweeper } from './hold-sweeper';
export { createDailyStock, dailyStockProcess, type DailyStock } from './daily-stock';
export { stockRoutes, stockRowProblem, type StockDishes, type StockLevels } from './routes';
