import { availableUnits, stockDecider } from '../../../modules/stock/decider';
import { stockDaysDecider } from '../../../modules/stock/daily-stock';
import type { StockEvent } from '../../../modules/stock/events';
import { specFor } from '../../support/given-when-then';

const spec = specFor(stockDecider);
const level = (units: number, variantId: number | null = null): StockEvent => ({ type: 'StockLevelSet', data: { productId: 7, variantId, units } });
const par = (parLevel: number | null, variantId: number | null = null): StockEvent => ({ type: 'StockParLevelSet', data: { productId: 7, variantId, parLevel } });
const started = (tradingDay: string, units: number, variantId: number | null = null): StockEvent => ({
  type: 'StockDayStarted',
  data: { productId: 7, variantId, tradingDay, units },
});
const now = '2026-11-20T18:00:00.000Z';

describe('stock levels, restocking and par levels (issue 16)', () => {
  describe('SetStockLevel', () => {
    it('sets a level, and refuses a negative or broken one', () => {
      spec([level(3)]).when({ type: 'SetStockLevel', productId: 7, variantId: null, units: 10 }).then([level(10)]);
      spec([level(3)]).when({ type: 'SetStockLevel', productId: 7, variantId: null, units: -1 }).thenFails('0 or more', 'invalid');
      spec([level(3)]).when({ type: 'SetStockLevel', productId: 7, variantId: null, units: 1.5 }).thenFails('whole number', 'invalid');
    });
  });

  describe('Restock', () => {
    it('adds units to what is on the shelf, and refuses none', () => {
      spec([level(3)]).when({ type: 'Restock', productId: 7, variantId: null, units: 12 }).then([{ type: 'StockRestocked', data: { productId: 7, variantId: null, units: 12 } }]);
      const state = [level(3), { type: 'StockRestocked', data: { productId: 7, variantId: null, units: 12 } } as StockEvent].reduce(stockDecider.evolve, stockDecider.initialState);
      expect(availableUnits(state, null, now)).toBe(15);
      spec([level(3)]).when({ type: 'Restock', productId: 7, variantId: null, units: 0 }).thenFails('at least one unit', 'invalid');
    });
  });

  describe('SetParLevel', () => {
    it('sets, changes and clears a par level, and refuses a negative one', () => {
      spec([]).when({ type: 'SetParLevel', productId: 7, variantId: 2, parLevel: 20 }).then([par(20, 2)]);
      spec([par(20, 2)]).when({ type: 'SetParLevel', productId: 7, variantId: 2, parLevel: 20 }).then([]);
      spec([par(20, 2)]).when({ type: 'SetParLevel', productId: 7, variantId: 2, parLevel: null }).then([par(null, 2)]);
      spec([]).when({ type: 'SetParLevel', productId: 7, variantId: 2, parLevel: null }).then([]);
      spec([]).when({ type: 'SetParLevel', productId: 7, variantId: 2, parLevel: -3 }).thenFails('0 or more', 'invalid');
    });
  });

  describe('StartStockDay', () => {
    it('puts each par level on the shelf once per trading day, whatever was left', () => {
      spec([level(3, 1), level(9, 2), par(20, 1), par(10, 2)])
        .when({ type: 'StartStockDay', productId: 7, tradingDay: '2026-11-21' })
        .then([started('2026-11-21', 20, 1), started('2026-11-21', 10, 2)]);
      spec([par(20, 1), started('2026-11-21', 20, 1)]).when({ type: 'StartStockDay', productId: 7, tradingDay: '2026-11-21' }).then([]);
      // An older day asked late changes nothing either.
      spec([par(20, 1), started('2026-11-21', 20, 1)]).when({ type: 'StartStockDay', productId: 7, tradingDay: '2026-11-20' }).then([]);
      spec([par(20, 1), started('2026-11-21', 20, 1)]).when({ type: 'StartStockDay', productId: 7, tradingDay: '2026-11-22' }).then([started('2026-11-22', 20, 1)]);
    });

    it('leaves alone a dish whose par level was cleared', () => {
      spec([par(20), par(null)]).when({ type: 'StartStockDay', productId: 7, tradingDay: '2026-11-21' }).then([]);
    });

    it('keeps the level it set for the day as the shelf', () => {
      const state = [level(2), par(12), started('2026-11-21', 12)].reduce(stockDecider.evolve, stockDecider.initialState);
      expect(availableUnits(state, null, now)).toBe(12);
    });
  });

  describe('scheduling the next stock day', () => {
    const scheduled = { type: 'StockDayScheduled' as const, data: { tradingDay: '2026-11-21', startsAt: '2026-11-21T00:00:00.000Z' } };
    const days = specFor(stockDaysDecider);
    it('schedules each day once, and never an earlier one', () => {
      days([]).when({ type: 'ScheduleStockDay', tradingDay: '2026-11-21', startsAt: '2026-11-21T00:00:00.000Z' }).then([scheduled]);
      days([scheduled]).when({ type: 'ScheduleStockDay', tradingDay: '2026-11-21', startsAt: '2026-11-21T00:00:00.000Z' }).then([]);
      days([scheduled]).when({ type: 'ScheduleStockDay', tradingDay: '2026-11-20', startsAt: '2026-11-20T00:00:00.000Z' }).then([]);
    });
  });
});
