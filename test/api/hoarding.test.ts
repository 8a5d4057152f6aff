import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createStockHandlers } from '../../modules/stock';
import { HOLD_SHARE_DEFAULTS, LIMIT_DEFAULTS } from '../../src/limits';
import { proxiedPost } from '../support/proxied-shopper';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';

/**
 * Issue 13: one client must not hold the menu. A hoarder behind one address tries to take far more than a
 * basket may hold (one unit after another, then in parallel), then opens basket after basket; the caps, the
 * hold lifetime and the limit on baskets opened per address stop it, and other shoppers still buy.
 */

const DISH_CAP = (dish: string) => `Sorry, you can add at most 10 of ${dish} to one order – call us for a larger order`;
const BASKET_CAP = 'Sorry, you can add at most 40 items in all to one order – call us for a larger order';

interface MenuProduct {
  id: number;
  name: string;
  available: number;
  virtual: boolean;
  variants: unknown[];
}

describe('one client cannot hold the menu', () => {
  let server: TestServer;
  // Inside the demo shop's opening hours.
  const clock = testClock('2026-11-20T18:00:00.000Z');
  let dishes: MenuProduct[];

  /** A browser behind the shop's proxy at `address`: its own cookie jar, the web app's headers. */
  function shopper(address: string) {
    const post = proxiedPost(server.baseUrl, address);
    return {
      post,
      add: (id: number) => post('/api/moveProductStockToBasket', { id, variant: null, quantity: 1 }),
      basket: async () => (await post('/api/getCartFromSession').expect(200)).body as { cartItems: Array<{ id: number; quantity: number; released: boolean }> },
    };
  }
  const held = (basket: { cartItems: Array<{ quantity: number; released: boolean }> }) =>
    basket.cartItems.reduce((sum, item) => sum + (item.released ? 0 : item.quantity), 0);

  async function available(id: number): Promise<number> {
    await server.shop.services.readModels.waitFor('menu', await server.shop.store.lastCommittedPosition());
    const menu = await request(server.baseUrl).get('/api/menu').expect(200);
    return (menu.body.products as MenuProduct[]).find((product) => product.id === id)!.available;
  }

  /** Sets a dish's shelf so that exactly `units` are free for baskets now. */
  async function leaveAvailable(id: number, units: number): Promise<void> {
    const stock = createStockHandlers(server.shop.services.commands);
    const level = (await stock.current(id)).units['-'];
    const result = await stock.setLevel(id, null, level - (await available(id)) + units, { actor: 'system', now: clock().toISOString(), correlationId: randomUUID() });
    await server.shop.services.readModels.waitFor('menu', result.position);
    expect(await available(id)).toBe(units);
  }

  beforeAll(async () => {
    server = await startTestServer({
      clock,
      env: {
        // Clients are told apart by the address the proxy saw; the limit on baskets and the shares of the menu one
        // address may hold (test/api/address-holds.test.ts) are the shop's defaults.
        TRUSTED_PROXY_HOPS: '1',
        LIMIT_BASKETS_OPENED: `${LIMIT_DEFAULTS.baskets_opened.max}/${LIMIT_DEFAULTS.baskets_opened.windowSeconds}`,
        LIMIT_HELD_DISH_SHARE: String(HOLD_SHARE_DEFAULTS.held_dish_share),
        LIMIT_HELD_MENU_SHARE: String(HOLD_SHARE_DEFAULTS.held_menu_share),
      },
    });
    const menu = await request(server.baseUrl).get('/api/menu').expect(200);
    dishes = (menu.body.products as MenuProduct[]).filter((product) => product.variants.length === 0 && !product.virtual && product.available >= 25);
    // Each test below takes its own dishes: 0-8, 9-11, 12.
    if (dishes.length < 13) throw new Error(`the demo menu has only ${dishes.length} plain dishes of 25 units or more`);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('holds at most 10 of a dish and 40 in all in one basket, parallel adds included; others still buy', async () => {
    const hoarder = shopper('203.0.113.66');
    const [first, ...others] = dishes;
    const before = await available(first.id);
    for (let unit = 1; unit <= 10; unit++) await hoarder.add(first.id).expect(200);
    const refused = await hoarder.add(first.id).expect(409);
    expect(refused.body).toEqual({ status: false, message: DISH_CAP(first.name) });

    // All at once: 20 more of the first dish, and 6 of each of seven others (42 units).
    const parallel = await Promise.all([
      ...Array.from({ length: 20 }, () => hoarder.add(first.id)),
      ...others.slice(0, 7).flatMap((dish) => Array.from({ length: 6 }, () => hoarder.add(dish.id))),
    ]);
    const accepted = parallel.filter((answer) => answer.status === 200);
    expect(accepted).toHaveLength(30);
    for (const answer of parallel.filter((answer) => answer.status !== 200)) {
      expect(answer.status).toBe(409);
      expect([DISH_CAP(first.name), BASKET_CAP]).toContain(answer.body.message);
    }
    const basket = await hoarder.basket();
    expect(held(basket)).toBe(40);
    expect(basket.cartItems.find((item) => item.id === first.id)!.quantity).toBe(10);
    expect(await available(first.id)).toBe(before - 10);

    // Giving back is never refused, and frees room for another dish.
    await hoarder.post('/api/moveProductStockToBasket', { id: first.id, variant: null, quantity: -1 }).expect(200);
    await hoarder.add(others[7].id).expect(200);
    await hoarder.add(others[7].id).expect(409);

    // Another shopper buys the hoarded dish.
    const honest = shopper('198.51.100.20');
    await honest.add(first.id).expect(200);
    await honest.post('/api/saveCartAsOrder').expect(200);
    const itemsTotal = (await honest.post('/api/fetchOrder').expect(200)).body.order.items_total;
    const discount = -Math.round(itemsTotal / 10);
    await honest.post('/api/updateOrder', { ta_method: 'COLLECT', postage: discount, total_cost: itemsTotal + discount, postcode: null }).expect(200);
    await honest.post('/api/updateOrder', { deliveryForm: { email: 'sam@example.com', full_name: 'Sam Smith', phone_number: '07911 123456' } }).expect(200);
    await honest.post('/api/updateOrder', { payment_method: 'PHONE', status: 'AWAITING-PAYMENT' }).expect(200);
    const placed = await honest.post('/complete-order', { payment_method: 'PHONE' }).expect(200);
    expect(placed.body.order.status).toBe('AWAITING-PAYMENT');
  });

  it(`opens at most ${LIMIT_DEFAULTS.baskets_opened.max} baskets an hour for one address, in parallel too; other addresses still shop`, async () => {
    const address = '203.0.113.77';
    const dish = dishes[12];
    await leaveAvailable(dish.id, 1000);
    // Each add without a basket opens one: all at once, from fresh browsers.
    const answers = await Promise.all(Array.from({ length: LIMIT_DEFAULTS.baskets_opened.max + 10 }, () => shopper(address).add(dish.id)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 200 || status === 409)).toBe(true);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body.message).toMatch(/^Too many baskets opened: please try again in \d+ s$/);
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    await shopper('198.51.100.21').add(dish.id).expect(200);
  });

  it('keeps a dish at most hold_lifetime_minutes (45) from its first unit, however often the basket is touched', async () => {
    const [dish, touch1, touch2] = dishes.slice(9, 12);
    const hoarder = shopper('203.0.113.88');
    const waiting = shopper('198.51.100.22');
    clock.set('2026-11-20T18:00:00.000Z');
    await leaveAvailable(dish.id, 1);
    await hoarder.add(dish.id).expect(200);
    await waiting.add(dish.id).expect(409);
    // Touched at 18:20 and 18:40: each touch renews the hold, never past 18:45.
    clock.set('2026-11-20T18:20:00.000Z');
    await hoarder.add(touch1.id).expect(200);
    clock.set('2026-11-20T18:40:00.000Z');
    await hoarder.add(touch2.id).expect(200);
    clock.set('2026-11-20T18:44:59.000Z');
    await waiting.add(dish.id).expect(409);
    expect((await hoarder.basket()).cartItems.find((item) => item.id === dish.id)).toMatchObject({ quantity: 1, released: false });

    clock.set('2026-11-20T18:45:00.000Z');
    await waiting.add(dish.id).expect(200);
    expect((await hoarder.basket()).cartItems.find((item) => item.id === dish.id)).toMatchObject({ released: true });
    // The lines added later keep their own lifetimes.
    expect((await hoarder.basket()).cartItems.find((item) => item.id === touch2.id)).toMatchObject({ quantity: 1, released: false });
  });
});
