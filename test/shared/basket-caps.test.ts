import { basketCapRefusal } from '../../src/shared/basket-caps';

describe('basketCapRefusal (issue 13: one basket cannot hold the menu)', () => {
  const caps = { perDish: 10, perBasket: 40 };

  it('lets a dish reach its cap and refuses one more, naming the dish and the cap', () => {
    expect(basketCapRefusal({ dish: 'Onion Bhaji', dishUnits: 9, basketUnits: 9, adding: 1, caps })).toBeNull();
    expect(basketCapRefusal({ dish: 'Onion Bhaji', dishUnits: 10, basketUnits: 10, adding: 1, caps })).toBe(
      'Sorry, you can add at most 10 of Onion Bhaji to one order – call us for a larger order',
    );
  });

  it('lets the basket reach its cap and refuses one more of any dish', () => {
    expect(basketCapRefusal({ dish: 'Naan', dishUnits: 0, basketUnits: 39, adding: 1, caps })).toBeNull();
    expect(basketCapRefusal({ dish: 'Naan', dishUnits: 0, basketUnits: 40, adding: 1, caps })).toBe(
      'Sorry, you can add at most 40 items in all to one order – call us for a larger order',
    );
  });

  it('counts what is being added, not only one unit', () => {
    expect(basketCapRefusal({ dish: 'Naan', dishUnits: 8, basketUnits: 8, adding: 3, caps })).toMatch(/at most 10 of Naan/);
  });

  it('never refuses a give-back, even from a basket over its caps', () => {
    expect(basketCapRefusal({ dish: 'Naan', dishUnits: 50, basketUnits: 90, adding: -1, caps })).toBeNull();
  });
});
