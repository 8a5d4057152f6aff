import { formatPriceAdjustment } from '../../src/shared/money';

/** Customer spec §2: a variant's price adjustment beside its name. */
describe('a variant’s price adjustment as text', () => {
  it('is nothing for 0', () => expect(formatPriceAdjustment(0)).toBe(''));
  it('is pounds with two decimals from 100p, either way', () => {
    expect(formatPriceAdjustment(100)).toBe('(+£1.00)');
    expect(formatPriceAdjustment(150)).toBe('(+£1.50)');
    expect(formatPriceAdjustment(-250)).toBe('(-£2.50)');
  });
  it('is pence with a p below 100p, either way', () => {
    expect(formatPriceAdjustment(99)).toBe('(+99p)');
    expect(formatPriceAdjustment(-50)).toBe('(-50p)');
  });
});
