import { availableUnits, NOT_IN_BASKET, REMEMBERED_SALES, stockDecider, type StockState } from '../../../modules/stock/decider';
import type { StockEvent } from '../../../modules/stock/events';
import { specFor } from '../../support/given-when-then';

const spec = specFor(stockDecider);
const cartA = '11111111-1111-4111-8111-111111111111';
const cartB = '22222222-2222-4222-8222-222222222222';
const now = '2026-11-20T18:00:00.000Z';
const in30 = '2026-11-20T18:30:00.000Z';
const later = '2026-11-20T18:31:00.000Z';

const level = (units: number, variantId: number | null = null): StockEvent => ({ type: 'StockLevelSet', data: { productId: 7, variantId, units } });
const reserved = (cartId: string, quantity: number, holdUntil = in30, variantId: number | null = null): StockEvent => ({
  type: 'StockReserved',
  data: { productId: 7, variantId, cartId, quantity, holdUntil },
});
const offered = { offered: true } as const;
/** Caps and a lifetime no spec here reaches (hold-limits.test.ts pins those). */
const basket = { caps: { perDish: 100, perBasket: 100 }, lifetimeMinutes: 600, dish: 'Onion Bhaji', heldOfOtherDishes: 0 };
/** A reservation as the decider writes it today: with the instant the units went in. */
const reservedAt = (event: StockEvent, at: string): StockEvent => (event.type === 'StockReserved' ? { ...event, data: { ...event.data, reservedAt: at } } : event);
const fold = (events: StockEvent[]): StockState => events.reduce(stockDecider.evolve, stockDecider.initialState);

describe('stock decider', () => {
  describe('reserving for a basket', () => {
    it('reserves while units are available', () =>
      spec([level(2)])
        .when({ type: 'ReserveStock', productId: 7, variantId: null, cartId: cartA, quantity: 1, now, holdUntil: in30, offer: offered, basket })
        .then([reservedAt(reserved(cartA, 1), now)]));

    it('refuses when every unit is held by baskets', () =>
      spec([level(2), reserved(cartA, 1), reserved(cartB, 1)])
        .when({ type: 'ReserveStock', productId: 7, variantId: null, cartId: cartA, quantity: 1, now, holdUntil: in30, offer: offered, basket })
        .thenFails('No more stock', 'conflict'));

    it('refuses a dish the kitchen does not offer now, naming it, however many units are on the shelf', () =>
      spec([level(5)])
        .when({ type: 'ReserveStock', productId: 7, variantId: null, cartId: cartA, quantity: 1, now, holdUntil: in30, offer: { offered: false, dish: 'Onion Bhaji' }, basket })
        .thenFails('Sorry, Onion Bhaji is not available right now', 'conflict'));

    it('refuses a product whose stock was never set', () =>
      spec([])
        .when({ type: 'ReserveStock', productId: 7, variantId: null, cartId: cartA, quantity: 1, now, holdUntil: in30, offer: offered, basket })
        .thenFails('No more stock'));

    it('counts an expired hold as back on the shelf, and gives this basket a fresh start', () =>
      spec([level(1), reserved(cartA, 1, in30)])
        .when({ type: 'ReserveStock', productId: 7, variantId: null, cartId: cartA, quantity: 1, now: later, holdUntil: '2026-11-20T19:01:00.000Z', offer: offered, basket })
        .then([
          { type: 'StockHoldExpired', data: { productId: 7, variantId: null, cartId: cartA, quantity: 1 } },
          reservedAt(reserved(cartA, 1, '2026-11-20T19:01:00.000Z'), later),
        ]));

    it('keeps each variant’s stock apart', () => {
      const state = fold([level(1, 1), level(5, 2), reserved(cartA, 1, in30, 1)]);
      expect(availableUnits(state, 1, now)).toBe(0);
      expect(availableUnits(state, 2, now)).toBe(5);
    });

    it('never reports negative availability when the level is lowered below what baskets hold', () => {
      expect(availableUnits(fold([level(3), reserved(cartA, 3), level(1)]), null, now)).toBe(0);
    });
  });

  describe('giving units back', () => {
    it('returns what the basket holds, no more', () =>
      spec([level(5), reserved(cartA, 2)])
        .when({ type: 'ReturnStock', productId: 7, variantId: null, cartId: cartA, quantity: 5, now })
        .then([{ type: 'StockReturned', data: { productId: 7, variantId: null, cartId: cartA, quantity: 2 } }]));

    it('cannot give back what the basket does not hold', () =>
      spec([level(5), reserved(cartB, 2)])
        .when({ type: 'ReturnStock', productId: 7, variantId: null, cartId: cartA, quantity: 1, now })
        .thenFails(NOT_IN_BASKET, 'not_found'));

    it('records an expired hold instead of a return', () =>
      spec([level(5), reserved(cartA, 2)])
        .when({ type: 'ReturnStock', productId: 7, variantId: null, cartId: cartA, quantity: 1, now: later })
        .then([{ type: 'StockHoldExpired', data: { productId: 7, variantId: null, cartId: cartA, quantity: 2 } }]));
  });

  describe('holds in time', () => {
    it('holds units until the moment before holdUntil, and not after', () => {
      const state = fold([level(1), reserved(cartA, 1, in30)]);
      expect(availableUnits(state, null, '2026-11-20T18:29:59.999Z')).toBe(0);
      expect(availableUnits(state, null, in30)).toBe(1);
    });

    it('renews the active holds of a touched basket and expires the lapsed ones', () =>
      spec([level(9), reserved(cartA, 1, in30, 1), reserved(cartA, 2, '2026-11-20T17:59:00.000Z', 2), reserved(cartB, 1, in30, 1)])
        .when({ type: 'RenewHolds', productId: 7, cartId: cartA, now, holdUntil: '2026-11-20T18:45:00.000Z', lifetimeMinutes: 45 })
        .then([
          { type: 'StockHoldRenewed', data: { productId: 7, variantId: 1, cartId: cartA, holdUntil: '2026-11-20T18:45:00.000Z' } },
          { type: 'StockHoldExpired', data: { productId: 7, variantId: 2, cartId: cartA, quantity: 2 } },
        ]));

    it('the sweeper expires only lapsed holds', () =>
      spec([level(9), reserved(cartA, 1, '2026-11-20T17:00:00.000Z'), reserved(cartB, 1, in30)])
        .when({ type: 'ExpireHolds', productId: 7, now })
        .then([{ type: 'StockHoldExpired', data: { productId: 7, variantId: null, cartId: cartA, quantity: 1 } }]));
  });

  describe('selling', () => {
    it('turns held units into sold ones, lowering the shelf', () => {
      const events: StockEvent[] = [level(5), reserved(cartA, 2)];
      spec(events)
        .when({ type: 'SellStock', productId: 7, variantId: null, cartId: cartA, orderId: 'o1', quantity: 2, now })
        .then([{ type: 'StockSold', data: { productId: 7, variantId: null, cartId: cartA, orderId: 'o1', quantity: 2 } }]);
      const after = fold([...events, { type: 'StockSold', data: { productId: 7, variantId: null, cartId: cartA, orderId: 'o1', quantity: 2 } }]);
      expect(after.units['-']).toBe(3);
      expect(availableUnits(after, null, now)).toBe(3);
    });

    it('undoes a sale into the basket that held the units, which keeps them as before', () => {
      const sold: StockEvent = { type: 'StockSold', data: { productId: 7, variantId: null, cartId: cartA, orderId: 'o1', quantity: 2 } };
      const events: StockEvent[] = [level(5), reserved(cartA, 2), reserved(cartB, 1), sold];
      // Back in the basket as a fresh hold, whose lifetime starts now.
      const heldAgain: StockEvent = { type: 'StockReserved', data: { productId: 7, variantId: null, cartId: cartA, quantity: 2, holdUntil: later, reservedAt: now } };
      const undone: StockEvent[] = [{ type: 'StockSaleCancelled', data: { productId: 7, variantId: null, orderId: 'o1', quantity: 2 } }, heldAgain];
      const cancel = { type: 'CancelSale', productId: 7, variantId: null, orderId: 'o1', orderSold: null, basket: { cartId: cartA, holdUntil: later, reservedAt: now } } as const;
      spec(events).when(cancel).then(undone);
      const after = fold([...events, ...undone]);
      expect(after).toEqual({ ...fold([level(5), heldAgain, reserved(cartB, 1)]), sold: {}, returned: { 'o1|-': true } });
      // Done once: a second cancel finds no sale.
      spec([...events, ...undone]).when(cancel).then([]);
    });

    it('gives back nothing for a sale a failed checkout never made', () =>
      spec([level(5), reserved(cartA, 2)])
        .when({ type: 'CancelSale', productId: 7, variantId: null, orderId: 'o1', orderSold: null, basket: { cartId: cartA, holdUntil: later, reservedAt: now } })
        .then([]));

    it('lets a sale undone by a failed checkout be made again, and undone again', () => {
      const sold: StockEvent = { type: 'StockSold', data: { productId: 7, variantId: null, cartId: cartA, orderId: 'o1', quantity: 2 } };
      const undone: StockEvent = { type: 'StockSaleCancelled', data: { productId: 7, variantId: null, orderId: 'o1', quantity: 2 } };
      const events: StockEvent[] = [level(5), reserved(cartA, 2), sold, undone, reserved(cartA, 2, later)];
      spec(events)
        .when({ type: 'SellStock', productId: 7, variantId: null, cartId: cartA, orderId: 'o1', quantity: 2, now })
        .then([sold]);
      spec([...events, sold]).when({ type: 'CancelSale', productId: 7, variantId: null, orderId: 'o1', orderSold: 2, basket: null }).then([undone]);
    });

    it('undoes the sale of an order cancelled in the kitchen onto the shelf only, once', () => {
      const sold: StockEvent = { type: 'StockSold', data: { productId: 7, variantId: null, cartId: cartA, orderId: 'o1', quantity: 2 } };
      const events: StockEvent[] = [level(5), reserved(cartA, 2), sold];
      const cancel = { type: 'CancelSale', productId: 7, variantId: null, orderId: 'o1', orderSold: 2, basket: null } as const;
      const undone: StockEvent[] = [{ type: 'StockSaleCancelled', data: { productId: 7, variantId: null, orderId: 'o1', quantity: 2 } }];
      spec(events).when(cancel).then(undone);
      const after = fold([...events, ...undone]);
      expect(after.units['-']).toBe(5);
      expect(availableUnits(after, null, now)).toBe(5);
      spec([...events, ...undone]).when(cancel).then([]);
    });

    it(`remembers the latest ${REMEMBERED_SALES} sales of a dish, enough to repeat or undo a recent one once`, () => {
      const sale = (order: number): StockEvent => ({
        type: 'StockSold',
        data: { productId: 7, variantId: null, cartId: cartA, orderId: `o${order}`, quantity: 1 },
      });
      const sales = Array.from({ length: REMEMBERED_SALES + 20 }, (_, order) => sale(order));
      const events: StockEvent[] = [level(10_000), ...sales];
      const after = fold(events);
      expect(Object.keys(after.sold)).toHaveLength(REMEMBERED_SALES);
      expect(after.sold['o19|-']).toBeUndefined();
      expect(after.sold['o20|-']).toBe(1);
      expect(after.units['-']).toBe(10_000 - sales.length);
      // The latest sales still happen once.
      spec(events).when({ type: 'SellStock', productId: 7, variantId: null, cartId: cartA, orderId: 'o20', quantity: 1, now }).then([]);
      spec(events).when({ type: 'CancelSale', productId: 7, variantId: null, orderId: `o${sales.length - 1}`, orderSold: 1, basket: null })
        .then([{ type: 'StockSaleCancelled', data: { productId: 7, variantId: null, orderId: `o${sales.length - 1}`, quantity: 1 } }]);
    });

    it(`gives back exactly what an order sold after ${REMEMBERED_SALES} later sales, once`, () => {
      const sale = (order: number, quantity = 1): StockEvent => ({
        type: 'StockSold',
        data: { productId: 7, variantId: null, cartId: cartA, orderId: `o${order}`, quantity },
      });
      const later = Array.from({ length: REMEMBERED_SALES + 1 }, (_, order) => sale(order + 1));
      const events: StockEvent[] = [level(10_000), sale(0, 3), ...later];
      expect(fold(events).sold['o0|-']).toBeUndefined();
      const cancel = { type: 'CancelSale', productId: 7, variantId: null, orderId: 'o0', orderSold: 3, basket: null } as const;
      const undone: StockEvent = { type: 'StockSaleCancelled', data: { productId: 7, variantId: null, orderId: 'o0', quantity: 3 } };
      spec(events).when(cancel).then([undone]);
      expect(fold([...events, undone]).units['-']).toBe(10_000 - 3 - later.length + 3);
      // A repeat (a retry, or the process manager after a crash) gives nothing more.
      spec([...events, undone]).when(cancel).then([]);
    });

    it('refuses to sell more than the basket holds plus what is on the shelf', () =>
      spec([level(2), reserved(cartA, 1), reserved(cartB, 1)])
        .when({ type: 'SellStock', productId: 7, variantId: null, cartId: cartA, orderId: 'o1', quantity: 2, now })
        .thenFails('No more stock'));
  });

  it('sets a stock level only when it changes', () => {
    spec([level(4)]).when({ type: 'SetStockLevel', productId: 7, variantId: null, units: 4 }).then([]);
    spec([level(4)]).when({ type: 'SetStockLevel', productId: 7, variantId: null, units: 6 }).then([level(6)]);
  });
});
