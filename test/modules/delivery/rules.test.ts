import { chargeBandsSummary, collectPostage, deliveryChargeFor } from '../../../modules/delivery/charges';
import { milesBetween, roundMiles } from '../../../modules/delivery/distance';
import { parseKitchenPostcode, parsePostcode } from '../../../src/shared/postcode';

describe('UK postcodes (strict and lenient both match)', () => {
  it.each([
    ['SW1A 1AA', 'SW1A 1AA'],
    ['sw1a 1aa', 'SW1A 1AA'],
    ['  M1 1AE ', 'M1 1AE'],
    ['B33 8TH', 'B33 8TH'],
    ['CR2 6XH', 'CR2 6XH'],
    ['DN55 1PT', 'DN55 1PT'],
    ['W1A 0AX', 'W1A 0AX'],
    ['EC1A 1BB', 'EC1A 1BB'],
    ['GIR 0AA', 'GIR 0AA'],
  ])('accepts %j as %s', (input, canonical) => expect(parsePostcode(input)).toBe(canonical));

  it.each([
    'SW1A1AA', // the strict form needs the space
    'GIR0AA',
    'QA1 1AA', // Q cannot start an outward code
    'VX1 1AA',
    'XX1 1XX',
    'AI1 1AA', // I cannot be the second letter
    'SW1A 1CA', // C is not used in the inward code
    'SW1A 1A',
    'SW1A',
    '',
    '12345',
    'SW1A  1AA',
  ])('refuses %j', (input) => expect(parsePostcode(input)).toBeNull());
});

describe('the kitchen postcode (staff spec §5: with or without its space)', () => {
  it.each([
    ['SW1A1AA', 'SW1A 1AA'],
    ['ls62aa', 'LS6 2AA'],
    [' LS6 2AA ', 'LS6 2AA'],
    ['GIR0AA', 'GIR 0AA'],
    ['M11AE', 'M1 1AE'],
  ])('accepts %j as %s', (input, canonical) => expect(parseKitchenPostcode(input)).toBe(canonical));

  it.each(['SW1A1A', 'QA11AA', 'LS6', '', 'LS6 2CA'])('refuses %j', (input) => expect(parseKitchenPostcode(input)).toBeNull());
});

describe('distance', () => {
  const leeds = { latitude: 53.7975, longitude: -1.5446 };
  const york = { latitude: 53.96, longitude: -1.082 };
  it('is symmetric, 0 for the same point, and about 22 miles from Leeds to York', () => {
    expect(milesBetween(leeds, york)).toBeCloseTo(milesBetween(york, leeds), 10);
    expect(milesBetween(leeds, leeds)).toBe(0);
    expect(roundMiles(milesBetween(leeds, york))).toBeCloseTo(21.93, 1);
  });
});

describe('delivery charge bands', () => {
  const bands = [
    { up_to_miles: 2, charge: 250 },
    { up_to_miles: 1, charge: 150 },
    { up_to_miles: 3, charge: 350 },
  ];
  it.each([
    [0, 150],
    [1, 150],
    [1.01, 250],
    [2, 250],
    [2.99, 350],
    [3, 350],
  ])('%s miles costs %i', (miles, charge) => expect(deliveryChargeFor(miles, bands)).toBe(charge));
  it('has no charge beyond the last band', () => expect(deliveryChargeFor(3.01, bands)).toBeNull());
  it('explains the bands in order, escaped', () =>
    expect(chargeBandsSummary(bands, 1200, 3)).toBe(
      '<ul><li>Up to 1 miles: £1.50</li><li>Over 1 and up to 2 miles: £2.50</li><li>Over 2 and up to 3 miles: £3.50</li></ul>' +
        '<p>Delivery needs an order of at least £12.00.</p>',
    ));
});

describe('collect discount', () => {
  const percent = (value: number) => ({ offer: true, type: 'Percentage %' as const, amountOrPercent: value });
  it('is a rounded percentage of the items total, as negative postage', () => {
    expect(collectPostage(1745, false, percent(10))).toBe(-175); // 174.5 rounds up
    expect(collectPostage(1744, false, percent(10))).toBe(-174);
    expect(collectPostage(395, false, percent(5))).toBe(-20); // 19.75
  });
  it('is a fixed amount, never more than the items', () => {
    expect(collectPostage(1000, false, { offer: true, type: 'Fixed Amount', amountOrPercent: 150 })).toBe(-150);
    expect(collectPostage(100, false, { offer: true, type: 'Fixed Amount', amountOrPercent: 150 })).toBe(-100);
  });
  it('is 0 when not offered', () => expect(collectPostage(1000, false, { ...percent(10), offer: false })).toBe(0));
  it('is 0 for an all-virtual basket: nothing to collect', () => expect(collectPostage(1000, true, percent(10))).toBe(0));
  it('is 0, never -0, for a discount of nothing', () => expect(Object.is(collectPostage(1000, false, percent(0)), 0)).toBe(true));
});
