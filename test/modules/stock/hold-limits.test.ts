import { stockDecider, type BasketFacts, type StockState } from '../../../modules/stock/decider';
import type { StockEvent } from '../../../modules/stock/events';
import { specFor } from '../../support/given-when-then';

/** Issue 13: one basket cannot hold the menu (the caps), nor keep a dish for ever (the hold lifetime). */
const spec = specFor(stockDecider);
const cartA = '11111111-1111-4111-8111-111111111111';
const cartB = '22222222-2222-4222-8222-222222222222';
const at = (time: string) => `2026-11-20T${time}:00.000Z`;
const DISH_CAP = 'Sorry, you can add at most 10 of Onion Bhaji to one order – call us for a larger order';
const BASKET_CAP = 'Sorry, you can add at most 40 items in all to one order – call us for a larger order';

const level = (units: number, variantId: number | null = null): StockEvent => ({ type: 'StockLevelSet', data: { productId: 7, variantId, units } });
const reserved = (cartId: string, quantity: number, reservedAt: string | undefined, holdUntil: string, variantId: number | null = null): StockEvent => ({
  type: 'StockReserved',
  data: { productId: 7, variantId, cartId, quantity, holdUntil, ...(reservedAt === undefined ? {} : { reservedAt }) },
});
const facts = (overrides: Partial<BasketFacts> = {}): BasketFacts => ({
  caps: { perDish: 10, perBasket: 40 },
  lifetimeMinutes: 45,
  dish: 'Onion Bhaji',
  heldOfOtherDishes: 0,
  ...overrides,
});
/** One more unit for `cartId` at `now`, to be held `holdMinutes` (BASKET_HOLD_MINUTES) if the lifetime allows. */
const reserve = (cartId: string, now: string, basket: BasketFacts = facts(), holdMinutes = 30, variantId: number | null = null) => ({
  type: 'ReserveStock' as const,
  productId: 7,
  variantId,
  cartId,
  quantity: 1,
  now,
  holdUntil: new Date(Date.parse(now) + holdMinutes * 60_000).toISOString(),
  offer: { offered: true } as const,
  basket,
});
const renew = (now: string, holdUntil: string, lifetimeMinutes = 45) => ({ type: 'RenewHolds' as const, productId: 7, cartId: cartA, now, holdUntil, lifetimeMinutes });
const renewed = (holdUntil: string, variantId: number | null = null): StockEvent => ({ type: 'StockHoldRenewed', data: { productId: 7, variantId, cartId: cartA, holdUntil } });
const fold = (events: StockEvent[]): StockState => events.reduce(stockDecider.evolve, stockDecider.initialState);

describe('stock decider: basket caps', () => {
  it('takes the tenth unit of a dish and refuses the eleventh, naming the dish', () => {
    spec([level(50), reserved(cartA, 9, at('18:00'), at('18:30'))]).when(reserve(cartA, at('18:05'))).then([reserved(cartA, 1, at('18:05'), at('18:35'))]);
    spec([level(50), reserved(cartA, 10, at('18:00'), at('18:30'))]).when(reserve(cartA, at('18:05'))).thenFails(DISH_CAP, 'conflict');
  });

  it('counts this basket only, and only what it still holds', () => {
    // Another basket's ten do not count; this basket's ten that lapsed went back on the shelf.
    spec([level(50), reserved(cartB, 10, at('18:00'), at('18:30'))]).when(reserve(cartA, at('18:05'))).then([reserved(cartA, 1, at('18:05'), at('18:35'))]);
    spec([level(50), reserved(cartA, 10, at('17:00'), at('17:30'))])
      .when(reserve(cartA, at('18:05')))
      .then([
        { type: 'StockHoldExpired', data: { productId: 7, variantId: null, cartId: cartA, quantity: 10 } },
        reserved(cartA, 1, at('18:05'), at('18:35')),
      ]);
  });

  it('caps the whole basket with the units it holds of other dishes, as the command tells them', () => {
    spec([level(50)]).when(reserve(cartA, at('18:05'), facts({ heldOfOtherDishes: 39 }))).then([reserved(cartA, 1, at('18:05'), at('18:35'))]);
    spec([level(50), reserved(cartA, 1, at('18:00'), at('18:30'))]).when(reserve(cartA, at('18:05'), facts({ heldOfOtherDishes: 39 }))).thenFails(BASKET_CAP, 'conflict');
  });

  it('says the caps the manager set, and refuses on them before looking at the shelf', () =>
    spec([level(0), reserved(cartA, 3, at('18:00'), at('18:30'))])
      .when(reserve(cartA, at('18:05'), facts({ caps: { perDish: 3, perBasket: 40 }, dish: 'Vegetable Samosa (4 pieces)' })))
      .thenFails('Sorry, you can add at most 3 of Vegetable Samosa (4 pieces) to one order – call us for a larger order'));

  it('never refuses a give-back, even of a basket over caps the manager lowered since', () =>
    spec([level(50), reserved(cartA, 12, at('18:00'), at('18:30'))])
      .when({ type: 'ReturnStock', productId: 7, variantId: null, cartId: cartA, quantity: 1, now: at('18:05') })
      .then([{ type: 'StockReturned', data: { productId: 7, variantId: null, cartId: cartA, quantity: 1 } }]));
});

describe('stock decider: a hold lives at most hold_lifetime_minutes from its first unit', () => {
  it('holds a first unit for the hold minutes, or less when the lifetime is shorter', () => {
    spec([level(5)]).when(reserve(cartA, at('18:00'))).then([reserved(cartA, 1, at('18:00'), at('18:30'))]);
    spec([level(5)]).when(reserve(cartA, at('18:00'), facts({ lifetimeMinutes: 20 }))).then([reserved(cartA, 1, at('18:00'), at('18:20'))]);
  });

  it('an added unit keeps the whole hold no longer than the first unit’s lifetime', () =>
    spec([level(5), reserved(cartA, 1, at('18:00'), at('18:30'))]).when(reserve(cartA, at('18:20'))).then([reserved(cartA, 1, at('18:20'), at('18:45'))]));

  it('renewals never push the hold past its lifetime, and then it lapses however often the basket is touched', () => {
    const first = reserved(cartA, 2, at('18:00'), at('18:30'));
    spec([level(5), first]).when(renew(at('18:10'), at('18:40'))).then([renewed(at('18:40'))]);
    spec([level(5), first, renewed(at('18:40'))]).when(renew(at('18:25'), at('18:55'))).then([renewed(at('18:45'))]);
    spec([level(5), first, renewed(at('18:40')), renewed(at('18:45'))]).when(renew(at('18:44'), at('19:14'))).then([]);
    spec([level(5), first, renewed(at('18:40')), renewed(at('18:45'))])
      .when(renew(at('18:45'), at('19:15')))
      .then([{ type: 'StockHoldExpired', data: { productId: 7, variantId: null, cartId: cartA, quantity: 2 } }]);
  });

  it('keeps its start through a partial give-back; emptied and added again, it starts afresh', () => {
    const history: StockEvent[] = [level(5), reserved(cartA, 2, at('18:00'), at('18:30'))];
    const returned: StockEvent = { type: 'StockReturned', data: { productId: 7, variantId: null, cartId: cartA, quantity: 1 } };
    expect(fold([...history, returned]).holds[`${cartA}|-`].heldSince).toBe(at('18:00'));
    spec([...history, returned]).when(renew(at('18:20'), at('18:50'))).then([renewed(at('18:45'))]);
    const emptied: StockEvent = { type: 'StockReturned', data: { productId: 7, variantId: null, cartId: cartA, quantity: 1 } };
    spec([...history, returned, emptied]).when(reserve(cartA, at('18:40'))).then([reserved(cartA, 1, at('18:40'), at('19:10'))]);
  });

  it('never shortens a hold when the manager shortens the lifetime', () =>
    spec([level(5), reserved(cartA, 1, at('18:00'), at('18:30'))]).when(renew(at('18:05'), at('18:35'), 10)).then([]));

  it('each variant’s hold has its own start', () =>
    spec([level(5, 1), level(5, 2), reserved(cartA, 1, at('18:00'), at('18:30'), 1), reserved(cartA, 1, at('18:20'), at('18:50'), 2)])
      .when(renew(at('18:29'), at('18:59')))
      .then([renewed(at('18:45'), 1), renewed(at('18:59'), 2)]));

  it('a hold stored before the lifetime existed counts as begun at its first hold end (documented in README)', () => {
    const old = reserved(cartA, 1, undefined, at('18:30'));
    expect(fold([level(5), old]).holds[`${cartA}|-`].heldSince).toBe(at('18:30'));
    spec([level(5), old]).when(renew(at('18:29'), at('18:59'))).then([renewed(at('18:59'))]);
    spec([level(5), old, renewed(at('18:59'))]).when(renew(at('18:58'), at('19:28'))).then([renewed(at('19:15'))]);
  });
});
