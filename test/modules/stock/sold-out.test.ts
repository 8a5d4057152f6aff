import { soldOutMoments, type StockEvent } from '../../../modules/stock';

const productId = 13;
const at = (hhmm: string, day = '2026-11-20') => `${day}T${hhmm}:00.000Z`;
const level = (units: number): StockEvent => ({ type: 'StockLevelSet', data: { productId, variantId: null, units } });
const sold = (quantity: number, variantId: number | null = null): StockEvent => ({ type: 'StockSold', data: { productId, variantId, cartId: 'c', orderId: 'o', quantity } });
const restock = (units: number): StockEvent => ({ type: 'StockRestocked', data: { productId, variantId: null, units } });
const day = { from: new Date(at('00:00')), to: new Date(at('00:00', '2026-11-21')) };

describe('sold-out moments (issue 40 item 6)', () => {
  it('a shelf that ran out within the day, and came back the same day', () => {
    const events = [{ event: level(2), at: at('17:00') }, { event: sold(2), at: at('19:10') }, { event: restock(3), at: at('19:40') }, { event: sold(3), at: at('21:00') }];
    expect(soldOutMoments(events, day.from, day.to)).toEqual([
      { variantKey: '-', soldOutAt: at('19:10'), backAt: at('19:40') },
      { variantKey: '-', soldOutAt: at('21:00'), backAt: null },
    ]);
  });

  it('a day in the past reads the same after later events; a sell-out the day before is not the day’s', () => {
    const events = [{ event: level(1), at: at('17:00', '2026-11-19') }, { event: sold(1), at: at('20:00', '2026-11-19') }, { event: level(1), at: at('17:00') }, { event: sold(1), at: at('18:00') }];
    const later = [...events, { event: restock(5), at: at('17:00', '2026-11-21') }];
    expect(soldOutMoments(later, day.from, day.to)).toEqual([{ variantKey: '-', soldOutAt: at('18:00'), backAt: null }]);
  });

  it('each variant on its own; a shelf never stocked never sold out', () => {
    const events = [{ event: { type: 'StockLevelSet', data: { productId, variantId: 4, units: 1 } } as StockEvent, at: at('17:00') }, { event: sold(1, 4), at: at('18:00') }, { event: level(0), at: at('18:30') }];
    expect(soldOutMoments(events, day.from, day.to)).toEqual([{ variantKey: '4', soldOutAt: at('18:00'), backAt: null }]);
  });
});
