import { addressShareRefusal, dishShareRefusal, MENU_SHARE_REFUSAL, shareOf, type AddressHoldings } from '../../../modules/stock';
import { stockDecider, type BasketFacts } from '../../../modules/stock/decider';
import type { StockEvent } from '../../../modules/stock/events';
import { HOLD_SHARE_DEFAULTS } from '../../../src/limits';
import { specFor } from '../../support/given-when-then';

/** Issue 28: what the baskets of one client address may hold at once, as shares of a dish and of the menu. */
const address = (overrides: Partial<AddressHoldings> = {}): AddressHoldings => ({
  shares: { held_dish_share: 50, held_menu_share: 25 },
  dishInOtherBaskets: 0,
  menuBesidesThisLine: 0,
  menuStock: 1000,
  countsTowardMenu: true,
  ...overrides,
});
const refusal = (adding: number, lineUnits: number, dishStock: number, held: Partial<AddressHoldings> = {}) =>
  addressShareRefusal({ dish: 'Onion Bhaji', adding, dishStock, lineUnits, address: address(held) });

describe('the share of a dish one address may hold', () => {
  it('takes units up to the share across the address’s baskets and refuses the next, naming the dish', () => {
    // Half of 30: 15, in this basket and the others together.
    expect(refusal(1, 4, 30, { dishInOtherBaskets: 10 })).toBeNull();
    expect(refusal(1, 5, 30, { dishInOtherBaskets: 10 })).toBe(dishShareRefusal('Onion Bhaji'));
    expect(refusal(1, 0, 30, { dishInOtherBaskets: 15 })).toBe('Sorry, baskets from your network already hold as much Onion Bhaji as we keep for one network – please try again later or call us');
  });

  it('rounds the share up, so the last unit of a dish can still be had', () => {
    expect(shareOf(50, 1)).toBe(1);
    expect(shareOf(50, 5)).toBe(3);
    expect(refusal(1, 0, 1)).toBeNull();
    expect(refusal(1, 1, 1)).toBe(dishShareRefusal('Onion Bhaji'));
  });

  it('follows the shelf: units sold leave the stock and the share with it', () => {
    expect(refusal(1, 11, 30)).toBeNull();
    expect(refusal(1, 11, 21)).toBe(dishShareRefusal('Onion Bhaji'));
  });

  it('never refuses a give-back', () => {
    expect(refusal(-1, 20, 30, { dishInOtherBaskets: 20 })).toBeNull();
    expect(refusal(0, 20, 30, { menuBesidesThisLine: 1000 })).toBeNull();
  });
});

describe('the share of the menu one address may hold', () => {
  it('counts every basket of the address, this line included, up to a quarter of the menu', () => {
    // A quarter of 1,000: 250.
    expect(refusal(1, 5, 40, { menuBesidesThisLine: 244 })).toBeNull();
    expect(refusal(1, 5, 40, { menuBesidesThisLine: 245 })).toBe(MENU_SHARE_REFUSAL);
    expect(MENU_SHARE_REFUSAL).toBe('Sorry, baskets from your network already hold as many dishes as we keep for one network – please try again later or call us');
  });

  it('leaves a virtual dish (a donation) out of the menu’s share, but not out of its own', () => {
    expect(refusal(1, 5, 1000, { menuBesidesThisLine: 250, countsTowardMenu: false })).toBeNull();
    expect(refusal(1, 500, 1000, { countsTowardMenu: false })).toBe(dishShareRefusal('Onion Bhaji'));
  });

  it('refuses the dish’s share first when both are reached', () => {
    expect(refusal(1, 15, 30, { menuBesidesThisLine: 250 })).toBe(dishShareRefusal('Onion Bhaji'));
  });

  it('defaults to half of a dish and a quarter of the menu: 420 of the demo menu’s 1,678 units', () => {
    expect(HOLD_SHARE_DEFAULTS).toEqual({ held_dish_share: 50, held_menu_share: 25 });
    expect(shareOf(HOLD_SHARE_DEFAULTS.held_menu_share, 1678)).toBe(420);
  });
});

describe('stock decider: a reservation within the address’s shares', () => {
  const spec = specFor(stockDecider);
  const cartA = '11111111-1111-4111-8111-111111111111';
  const cartB = '22222222-2222-4222-8222-222222222222';
  const now = '2026-11-20T18:05:00.000Z';
  const level = (units: number): StockEvent => ({ type: 'StockLevelSet', data: { productId: 7, variantId: null, units } });
  const reserved = (cartId: string, quantity: number, at = '2026-11-20T18:00:00.000Z', holdUntil = '2026-11-20T18:30:00.000Z'): StockEvent => ({
    type: 'StockReserved',
    data: { productId: 7, variantId: null, cartId, quantity, holdUntil, reservedAt: at },
  });
  const facts = (held: Partial<AddressHoldings>): BasketFacts => ({ caps: { perDish: 10, perBasket: 40 }, lifetimeMinutes: 45, dish: 'Onion Bhaji', heldOfOtherDishes: 0, address: address(held) });
  const reserve = (basket: BasketFacts) => ({
    type: 'ReserveStock' as const,
    productId: 7,
    variantId: null,
    cartId: cartA,
    quantity: 1,
    now,
    holdUntil: '2026-11-20T18:35:00.000Z',
    offer: { offered: true } as const,
    basket,
  });

  it('reserves up to the share of the dish’s shelf, this basket’s hold and the others’ together, and refuses past it', () => {
    // 30 on the shelf: 15 for one address; this basket holds 4, its others 10.
    spec([level(30), reserved(cartA, 4), reserved(cartB, 10)]).when(reserve(facts({ dishInOtherBaskets: 10 }))).then([reserved(cartA, 1, now, '2026-11-20T18:35:00.000Z')]);
    spec([level(30), reserved(cartA, 5), reserved(cartB, 10)]).when(reserve(facts({ dishInOtherBaskets: 10 }))).thenFails(dishShareRefusal('Onion Bhaji'), 'conflict');
  });

  it('counts this basket’s hold only while it lasts', () =>
    spec([level(30), reserved(cartA, 5, '2026-11-20T17:00:00.000Z', '2026-11-20T17:30:00.000Z')])
      .when(reserve(facts({ dishInOtherBaskets: 14 })))
      .then([
        { type: 'StockHoldExpired', data: { productId: 7, variantId: null, cartId: cartA, quantity: 5 } },
        reserved(cartA, 1, now, '2026-11-20T18:35:00.000Z'),
      ]));

  it('refuses past the menu’s share, counting this line', () =>
    spec([level(30), reserved(cartA, 5)]).when(reserve(facts({ menuBesidesThisLine: 245 }))).thenFails(MENU_SHARE_REFUSAL, 'conflict'));

  it('says a dish is sold out before it speaks of shares', () =>
    spec([level(2), reserved(cartB, 2)]).when(reserve(facts({ dishInOtherBaskets: 2 }))).thenFails('No more stock', 'conflict'));

  it('leaves the shares alone when the basket brings no address (the shares are off)', () =>
    spec([level(30), reserved(cartA, 9)]).when(reserve({ ...facts({}), address: undefined })).then([reserved(cartA, 1, now, '2026-11-20T18:35:00.000Z')]));
});
