import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { sql } from 'slonik';
import { createStockHandlers } from '../../modules/stock';
import { createUserRepository } from '../../src/identity/users';
import { startTestServer, type TestServer } from '../support/server';
import { testClock } from '../support/test-clock';

/** A shopper with a cookie jar of their own, sending what the web app sends. */
function shopper(server: TestServer) {
  const agent = request.agent(server.baseUrl);
  const headers = { 'X-Requested-With': 'fetch', Origin: server.baseUrl };
  return {
    post: (path: string, body?: object) => agent.post(path).set(headers).send(body),
    get: (path: string) => agent.get(path),
    move: (id: number, variant: number | null, quantity: number) =>
      agent.post('/api/moveProductStockToBasket').set(headers).send({ id, variant, quantity }),
  };
}

const ONION_BHAJI = 1; // no variants, 60 units in the demo menu
const SAMOSA = 2; // variants 1 (2 pieces, 40) and 2 (4 pieces, 20)

describe('basket and stock API', () => {
  let server: TestServer;
  const clock = testClock('2026-11-20T18:00:00.000Z');

  /** The product as GET /api/menu shows it once the menu includes everything stored (a move does not wait for it). */
  async function menuProduct(id: number) {
    await server.shop.services.readModels.waitFor('menu', await server.shop.store.lastCommittedPosition());
    const menu = await request(server.baseUrl).get('/api/menu').expect(200);
    return menu.body.products.find((product: { id: number }) => product.id === id);
  }

  async function eventCount(): Promise<number> {
    return (await server.shop.pool.oneFirst(sql.unsafe`select count(*)::int from es_events`)) as number;
  }

  async function setStock(productId: number, variantId: number | null, units: number) {
    const stock = createStockHandlers(server.shop.services.commands);
    const result = await stock.setLevel(productId, variantId, units, { actor: 'system', now: clock().toISOString(), correlationId: randomUUID() });
    await server.shop.services.readModels.waitFor('menu', result.position);
  }

  beforeAll(async () => {
    server = await startTestServer({ clock });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('serves the whole menu in one request: categories, products, variants and what is available', async () => {
    const menu = await request(server.baseUrl).get('/api/menu').expect(200);
    expect(menu.body.status).toBe(true);
    expect(menu.body.categories).toHaveLength(6);
    expect(menu.body.products.length).toBeGreaterThanOrEqual(25);
    const samosa = menu.body.products.find((product: { id: number }) => product.id === SAMOSA);
    expect(samosa).toMatchObject({ name: 'Vegetable Samosa', price: 350, status: 'active', stock: 60, available: 60 });
    expect(samosa.variants.map((variant: { name: string; incremental_price: number; available: number }) => [variant.name, variant.incremental_price, variant.available]))
      .toEqual([['2 pieces', 0, 40], ['4 pieces', 275, 20]]);
    expect(menu.body.products.some((product: { image: string | null }) => product.image === null)).toBe(true);
  });

  it('adds one unit at a time: the same product and variant raises the quantity, another variant is a new line', async () => {
    const customer = shopper(server);
    const first = await customer.move(SAMOSA, 2, 1).expect(200);
    expect(first.body).toMatchObject({ status: true, product: { id: SAMOSA, variant: 2, stock: 20, in_basket: 1, available: 19 } });
    await customer.move(SAMOSA, 2, 1).expect(200);
    const third = await customer.move(SAMOSA, 1, 1).expect(200);
    expect(third.body.cart.cartItems.map((item: { variant_id: number; variant: string; quantity: number; price: number; incremental_price: number }) =>
      [item.variant_id, item.variant, item.quantity, item.price, item.incremental_price])).toEqual([
      [2, '4 pieces', 2, 350, 275],
      [1, '2 pieces', 1, 350, 0],
    ]);
    const cart = await customer.post('/api/getCartFromSession').expect(200);
    expect(cart.body.cartItems).toEqual(third.body.cart.cartItems);
    expect((await menuProduct(SAMOSA)).variants[1].available).toBe(18);
  });

  it('lowers a quantity, removes a line at 0, and gives every unit back when cleared', async () => {
    const customer = shopper(server);
    const before = await menuProduct(ONION_BHAJI);
    await customer.move(ONION_BHAJI, null, 1).expect(200);
    await customer.move(ONION_BHAJI, null, 1).expect(200);
    const lowered = await customer.move(ONION_BHAJI, null, -1).expect(200);
    expect(lowered.body.cart.cartItems[0].quantity).toBe(1);
    const removed = await customer.move(ONION_BHAJI, null, -1).expect(200);
    expect(removed.body.cart.cartItems).toEqual([]);

    await customer.move(ONION_BHAJI, null, 1).expect(200);
    await customer.move(SAMOSA, 1, 1).expect(200);
    const cleared = await customer.post('/api/clearCart').expect(200);
    expect(cleared.body.cartItems).toEqual([]);
    expect((await menuProduct(ONION_BHAJI)).available).toBe(before.available);
  });

  it('keeps the note for the kitchen with the basket', async () => {
    const customer = shopper(server);
    await customer.move(ONION_BHAJI, null, 1).expect(200);
    const saved = await customer.post('/api/updateCartInSession', { order_extra: 'Ring the bell twice' }).expect(200);
    expect(saved.body.order_extra).toBe('Ring the bell twice');
    const extra = await customer.get('/api/orderExtra').expect(200);
    expect(extra.body).toEqual({ status: true, order_extra: 'Ring the bell twice', message: '' });
  });

  it('answers the available count per product or per variant', async () => {
    const plain = await shopper(server).post('/api/product/getAvailableStock', { productId: ONION_BHAJI }).expect(200);
    expect(plain.body).toMatchObject({ status: true, available: expect.any(Number) });
    const varied = await shopper(server).post('/api/product/getAvailableStock', { productId: SAMOSA }).expect(200);
    expect(varied.body.vars.map((v: { name: string }) => v.name)).toEqual(['2 pieces', '4 pieces']);
  });

  describe('bad input: a clear 4xx message and nothing changes', () => {
    it.each([
      ['an unknown product', { id: 9999, variant: null, quantity: 1 }, 404, 'That product is not on the menu'],
      ['an unknown variant', { id: SAMOSA, variant: 999, quantity: 1 }, 404, 'That option of Vegetable Samosa does not exist'],
      ['a variant product without a variant', { id: SAMOSA, variant: null, quantity: 1 }, 400, 'Please choose an option'],
      ['quantity 0', { id: ONION_BHAJI, variant: null, quantity: 0 }, 400, 'quantity: quantity must not be 0'],
      ['quantity 1000', { id: ONION_BHAJI, variant: null, quantity: 1000 }, 400, 'quantity'],
      ['two at once (each add is one unit)', { id: ONION_BHAJI, variant: null, quantity: 2 }, 400, 'quantity must be 1 to add one'],
      ['giving back more than any basket could hold', { id: ONION_BHAJI, variant: null, quantity: -10_001 }, 400, 'quantity'],
      ['a fractional quantity', { id: ONION_BHAJI, variant: null, quantity: 1.5 }, 400, 'quantity'],
      ['a missing id', { variant: null, quantity: 1 }, 400, 'id'],
      ['a text id', { id: '1', variant: null, quantity: 1 }, 400, 'id'],
      ['an unknown field', { id: ONION_BHAJI, variant: null, quantity: 1, price: 1 }, 400, 'price'],
    ])('%s', async (_name, body, status, message) => {
      const events = await eventCount();
      const answer = await shopper(server).post('/api/moveProductStockToBasket', body).expect(status);
      expect(answer.body.status).toBe(false);
      expect(answer.body.message).toContain(message);
      expect(await eventCount()).toBe(events);
    });

    it('taking back what the basket does not hold', async () => {
      const events = await eventCount();
      const answer = await shopper(server).move(ONION_BHAJI, null, -1).expect(404);
      expect(answer.body).toEqual({ status: false, message: 'Failed to locate item in cart to reduce qty ' });
      expect(await eventCount()).toBe(events);
    });

    it('getAvailableStock for an unknown product or without productId', async () => {
      await shopper(server).post('/api/product/getAvailableStock', { productId: 4242 }).expect(404);
      const missing = await shopper(server).post('/api/product/getAvailableStock', {}).expect(400);
      expect(missing.body.message).toContain('productId');
    });
  });

  it('200 shoppers at once for the last 50 units: exactly 50 get one, the rest are told there is no more', async () => {
    await setStock(ONION_BHAJI, null, 50 + (await menuProduct(ONION_BHAJI)).in_basket);
    const shoppers = Array.from({ length: 200 }, () => shopper(server));
    const answers = await Promise.all(shoppers.map((customer) => customer.move(ONION_BHAJI, null, 1)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(50);
    expect(statuses.filter((status) => status === 409)).toHaveLength(150);
    for (const refused of answers.filter((answer) => answer.status === 409)) {
      expect(refused.body).toEqual({ status: false, message: 'Sorry, there is no more Onion Bhaji left' });
    }
    const stock = await createStockHandlers(server.shop.services.commands).current(ONION_BHAJI);
    const held = Object.values(stock.holds).reduce((sum, hold) => sum + hold.quantity, 0);
    expect(held).toBe(stock.units['-']);
    const product = await menuProduct(ONION_BHAJI);
    expect(product.available).toBe(0);
    expect(product.in_basket).toBe(product.stock);
  });

  it('gives an untouched basket’s units back after BASKET_HOLD_MINUTES, also before the sweeper runs', async () => {
    await setStock(SAMOSA, 2, 1 + (await menuProduct(SAMOSA)).variants[1].in_basket);
    const early = shopper(server);
    await early.move(SAMOSA, 2, 1).expect(200);
    await shopper(server).move(SAMOSA, 2, 1).expect(409);

    clock.advance(30 * 60_000 - 1);
    await shopper(server).move(SAMOSA, 2, 1).expect(409);
    clock.advance(2);
    const late = shopper(server);
    await late.move(SAMOSA, 2, 1).expect(200);
    const earlyCart = await early.post('/api/getCartFromSession').expect(200);
    expect(earlyCart.body.cartItems[0]).toMatchObject({ variant_id: 2, released: true, quantity: 0 });

    // The sweeper records what ran out, so the read models agree with the decider.
    clock.advance(31 * 60_000);
    expect(await server.shop.holdSweeper.sweep()).toBeGreaterThan(0);
  });

  /** The types of the events stored in `stream`, oldest first. */
  async function eventTypes(stream: string): Promise<readonly string[]> {
    return (await server.shop.pool.anyFirst(sql.unsafe`select event_type from es_events where stream_name = ${stream} order by revision`)) as string[];
  }

  it('opens the basket with its first unit: the basket is stored open, for the signed-in customer, holding it', async () => {
    await createUserRepository(server.shop.pool).create({ email: 'first@example.com', password: 'a first long password', role: 'customer' });
    const customer = shopper(server);
    const login = await customer.post('/api/login', { email: 'first@example.com', password: 'a first long password' }).expect(200);
    const added = await customer.move(ONION_BHAJI, null, 1).expect(200);
    const cartId = added.body.cart.cartId as string;
    expect(added.body.cart.cartItems.map((item: { id: number; quantity: number }) => [item.id, item.quantity])).toEqual([[ONION_BHAJI, 1]]);
    expect(await eventTypes(`cart-${cartId}`)).toEqual(['CartOpened', 'CartAssignedToUser']);
    const held = (await server.shop.pool.anyFirst(sql.unsafe`
      select data->>'cartId' from es_events where stream_name = ${`stock-${ONION_BHAJI}`} and event_type = 'StockReserved'`)) as string[];
    expect(held).toContain(cartId);
    const cart = await customer.post('/api/getCartFromSession').expect(200);
    expect(cart.body).toMatchObject({ cartId, userId: login.body.user.id });
    expect(cart.body.cartItems).toHaveLength(1);
  });

  it('keeps a basket opened by a first add that found nothing left, holding nothing', async () => {
    await setStock(ONION_BHAJI, null, 0);
    try {
      const customer = shopper(server);
      const refused = await customer.move(ONION_BHAJI, null, 1).expect(409);
      expect(refused.body.message).toBe('Sorry, there is no more Onion Bhaji left');
      const cart = await customer.post('/api/getCartFromSession').expect(200);
      expect(cart.body.cartItems).toEqual([]);
      expect(await eventTypes(`cart-${cart.body.cartId}`)).toEqual(['CartOpened']);
    } finally {
      await setStock(ONION_BHAJI, null, 60);
    }
  });

  it('keeps the basket built as a guest when the customer logs in', async () => {
    await createUserRepository(server.shop.pool).create({ email: 'sam@example.com', password: 'a good long password', role: 'customer' });
    const customer = shopper(server);
    const built = await customer.move(ONION_BHAJI, null, 1).expect(200);
    const login = await customer.post('/api/login', { email: 'sam@example.com', password: 'a good long password' }).expect(200);
    const cart = await customer.post('/api/getCartFromSession').expect(200);
    expect(cart.body.cartId).toBe(built.body.cart.cartId);
    expect(cart.body.userId).toBe(login.body.user.id);
    expect(cart.body.cartItems.map((item: { id: number; quantity: number }) => [item.id, item.quantity])).toEqual([[ONION_BHAJI, 1]]);
  });

  it('keeps the basket across a server restart', async () => {
    const agent = request.agent(server.baseUrl);
    const headers = { 'X-Requested-With': 'fetch', Origin: server.baseUrl };
    const move = (id: number, variant: number | null, quantity: number) =>
      agent.post('/api/moveProductStockToBasket').set(headers).send({ id, variant, quantity }).expect(200);
    const built = await move(ONION_BHAJI, null, 1);
    await move(SAMOSA, 2, 1);
    await move(ONION_BHAJI, null, -1); // emptied, then added again: it moves to the end of the basket
    await move(SAMOSA, 1, 1);
    await move(ONION_BHAJI, null, 1);
    await move(ONION_BHAJI, null, 1);
    await agent.post('/api/updateCartInSession').set(headers).send({ order_extra: 'Ring twice' }).expect(200);
    const cookie = built.headers['set-cookie'] as unknown as string[];
    // This server opened the basket, so it answers from memory; after the restart it reads the read model.
    const before = await agent.post('/api/getCartFromSession').set(headers).expect(200);
    expect(before.body.cartItems.map((item: { id: number; variant_id: number | null; quantity: number }) => [item.id, item.variant_id, item.quantity]))
      .toEqual([[SAMOSA, 2, 1], [SAMOSA, 1, 1], [ONION_BHAJI, null, 2]]);
    const database = server.database;
    await server.shop.stop();
    server = await startTestServer({ clock, database });
    const cart = await request(server.baseUrl)
      .post('/api/getCartFromSession')
      .set({ ...headers, Origin: server.baseUrl, Cookie: cookie.map((c) => c.split(';')[0]).join('; ') })
      .expect(200);
    expect(cart.body.cartId).toBe(built.body.cart.cartId);
    expect(cart.body).toEqual(before.body);
  });

  it('refuses a card number in the note, and keeps the note as it was', async () => {
    const customer = shopper(server);
    await customer.move(ONION_BHAJI, null, 1).expect(200);
    await customer.post('/api/updateCartInSession', { order_extra: 'Leave at the door' }).expect(200);
    const refused = await customer.post('/api/updateCartInSession', { order_extra: 'my card is 4242 4242 4242 4242 exp 12/29' }).expect(400);
    expect(refused.body.message).toContain('Please do not write card numbers here');
    expect((await customer.get('/api/orderExtra').expect(200)).body.order_extra).toBe('Leave at the door');
  });

  it('does not hand one customer’s basket to another who logs in on the same browser', async () => {
    const users = createUserRepository(server.shop.pool);
    await users.create({ email: 'ann@example.com', password: 'ann long password', role: 'customer' });
    await users.create({ email: 'bob@example.com', password: 'bob long password', role: 'customer' });
    const browser = shopper(server);
    await browser.post('/api/login', { email: 'ann@example.com', password: 'ann long password' }).expect(200);
    const anns = await browser.move(ONION_BHAJI, null, 1).expect(200);
    await browser.post('/api/login', { email: 'bob@example.com', password: 'bob long password' }).expect(200);
    const bobs = await browser.post('/api/getCartFromSession').expect(200);
    expect(bobs.body.cartId).not.toBe(anns.body.cart.cartId);
    expect(bobs.body.cartItems).toEqual([]);
  });
});
