import { bestSellers, durationOf, groupBy, hourOf, nightFigures } from '../../projections/orders/night-figures';
import { percentile } from '../../src/shared/percentile';

describe('the night report’s figures (issue 40 item 6)', () => {
  it('percentile by nearest rank, unsorted input; none of nothing', () => {
    expect(percentile([], 90)).toBeNull();
    expect(percentile([7], 90)).toBe(7);
    expect(percentile([5, 1, 3, 2, 4, 10, 9, 8, 7, 6], 90)).toBe(9);
    expect(percentile([3, 5, 6], 90)).toBe(6);
    expect(percentile([3, 5, 6], 50)).toBe(5);
  });

  it('groups by London hour, summer time included', () => {
    expect(hourOf('2026-11-20T19:59:59.000Z')).toBe('19:00');
    expect(hourOf('2026-07-01T19:05:00.000Z')).toBe('20:00');
    const groups = groupBy([{ at: '2026-11-20T20:10:00Z', pence: 5 }, { at: '2026-11-20T19:00:00Z', pence: 2 }, { at: '2026-11-20T19:30:00Z', pence: 3 }], (one) => hourOf(one.at), (one) => one.pence);
    expect(groups).toEqual([{ key: '20:00', orders: 1, takingsPence: 5 }, { key: '19:00', orders: 2, takingsPence: 5 }]);
  });

  it('durations count only the orders with both times', () => {
    expect(durationOf([{ from: '2026-11-20T19:00:00Z', to: '2026-11-20T19:03:00Z' }, { from: '2026-11-20T19:00:00Z', to: null }, { from: null, to: null }])).toEqual({ orders: 1, averageMinutes: 3, p90Minutes: 3 });
    expect(durationOf([])).toEqual({ orders: 0, averageMinutes: null, p90Minutes: null });
  });

  it('best sellers by quantity then name, ten at most, with their lines’ takings', () => {
    const lines = Array.from({ length: 12 }, (_, n) => ({ dish: `Dish ${String(n).padStart(2, '0')}`, quantity: n === 3 ? 5 : 1, unitPricePence: 100 }));
    const top = bestSellers([...lines, { dish: 'Dish 03', quantity: 1, unitPricePence: 100 }]);
    expect(top).toHaveLength(10);
    expect(top[0]).toEqual({ dish: 'Dish 03', quantity: 6, takingsPence: 600 });
    expect(top[1].dish).toBe('Dish 00');
  });

  it('a day: takings less refunds, vouchers, promised against completed', () => {
    const order = { paymentMethod: 'CARD', totalPence: 1000, takenAt: '2026-11-20T19:00:00Z', paidAt: '2026-11-20T19:00:00Z', printedAt: null, completedAt: '2026-11-20T19:30:00Z', dueBy: '2026-11-20T19:20:00Z', voucherDeductionPence: 0, lines: [] };
    const report = nightFigures('2026-11-20', [order, { ...order, paymentMethod: 'PHONE', voucherDeductionPence: 50, completedAt: '2026-11-20T19:10:00Z' }], [300], []);
    expect(report).toMatchObject({
      orders: 2,
      takingsPence: 1700,
      byMethod: [{ key: 'CARD', orders: 1, takingsPence: 1000 }, { key: 'PHONE', orders: 1, takingsPence: 1000 }],
      refunds: { count: 1, totalPence: 300 },
      vouchers: { count: 1, discountPence: 50 },
      promised: { orders: 2, onTime: 1, averageMinutesLate: 0 },
      paidToPrinted: { orders: 0 },
    });
  });

  it('hours in the order of the clock: a shift past midnight ends with its 00:00 hour', () => {
    const order = { paymentMethod: 'CARD', totalPence: 100, paidAt: null, printedAt: null, completedAt: null, dueBy: null, voucherDeductionPence: null, lines: [] };
    const report = nightFigures('2026-11-20', [{ ...order, takenAt: '2026-11-21T00:10:00Z' }, { ...order, takenAt: '2026-11-20T23:50:00Z' }], [], []);
    expect(report.byHour.map((hour) => hour.key)).toEqual(['23:00', '00:00']);
  });
});
