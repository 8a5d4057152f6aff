import request from 'supertest';
import { BASKET_AT_CHECKOUT } from '../../modules/cart';
import { BASKET_CHANGED_SINCE_SAVED } from '../../modules/order';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 13, "two tabs": one browser (one cookie jar) with the checkout open in one tab and the menu or the basket
 * in another. From "save as order" the basket is frozen, so the order placed is the basket saved; going back
 * to the basket page reopens it, and saving again refreshes the order.
 */
const ONION_BHAJI = 1; // £3.95
const KORMA = 13; // £9.50
const details = { email: 'sam@example.com', full_name: 'Sam Smith', phone_number: '07911 123456' };

interface OrderItem {
  productId: number;
  quantity: number;
}

describe('two tabs, one basket', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** One browser: both "tabs" share its cookies, as tabs do. */
  function browser() {
    const agent = request.agent(server.baseUrl);
    const headers = { 'X-Requested-With': 'fetch', Origin: server.baseUrl };
    const post = (url: string, body: object = {}) => agent.post(url).set(headers).send(body);
    const move = (id: number, quantity: number) => post('/api/moveProductStockToBasket', { id, variant: null, quantity });
    return {
      post,
      add: (id: number) => move(id, 1),
      remove: (id: number) => move(id, -1),
      /** The basket page's first call (web: useReopenBasket). */
      backToBasket: () => post('/api/reopenCart'),
      save: () => post('/api/saveCartAsOrder'),
      /** The checkout tab: collect, details, pay by phone, place. */
      async placeOrder(itemsTotal: number) {
        const discount = -Math.round(itemsTotal / 10);
        await post('/api/updateOrder', { ta_method: 'COLLECT', postage: discount, total_cost: itemsTotal + discount, postcode: null }).expect(200);
        await post('/api/updateOrder', { deliveryForm: details }).expect(200);
        await post('/api/updateOrder', { payment_method: 'PHONE', status: 'AWAITING-PAYMENT' }).expect(200);
        return post('/complete-order', { payment_method: 'PHONE' });
      },
      heldUnits: async () =>
        ((await post('/api/getCartFromSession').expect(200)).body.cartItems as Array<{ id: number; quantity: number; released: boolean }>)
          .filter((item) => !item.released && item.quantity > 0)
          .map((item) => [item.id, item.quantity]),
    };
  }

  async function orderItems(orderId: string): Promise<Array<[number, number]>> {
    const { events } = await server.shop.store.read(`order-${orderId}`);
    const last = [...events].reverse().find((event) => event.type === 'OrderPlaced' || event.type === 'OrderItemsRefreshed')!;
    return (last.data as { items: OrderItem[] }).items.map((item) => [item.productId, item.quantity]);
  }

  it('refuses another tab’s add, remove, note and clearing while the checkout is open, and places the basket saved', async () => {
    const tabs = browser();
    await tabs.add(ONION_BHAJI).expect(200);
    const saved = await tabs.save().expect(200);

    for (const change of [tabs.add(KORMA), tabs.add(ONION_BHAJI), tabs.remove(ONION_BHAJI), tabs.post('/api/updateCartInSession', { order_extra: 'more rice' }), tabs.post('/api/clearCart')]) {
      const refused = await change;
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ status: false, message: BASKET_AT_CHECKOUT });
    }
    expect(await tabs.heldUnits()).toEqual([[ONION_BHAJI, 1]]);

    const placed = await tabs.placeOrder(395);
    expect(placed.status).toBe(200);
    expect(await orderItems(saved.body.order.id)).toEqual([[ONION_BHAJI, 1]]);
    // The order placed, the next basket is new and open.
    await tabs.add(KORMA).expect(200);
    expect(await tabs.heldUnits()).toEqual([[KORMA, 1]]);
  });

  it('going back to the basket page reopens it; saving again refreshes the order from the basket', async () => {
    const tabs = browser();
    await tabs.add(ONION_BHAJI).expect(200);
    const first = await tabs.save().expect(200);
    await tabs.add(KORMA).expect(409);

    const basketPage = await tabs.backToBasket().expect(200);
    expect(basketPage.body.cartItems.map((item: { id: number; quantity: number }) => [item.id, item.quantity])).toEqual([[ONION_BHAJI, 1]]);
    await tabs.add(KORMA).expect(200);
    await tabs.post('/api/updateCartInSession', { order_extra: 'more rice' }).expect(200);
    const second = await tabs.save().expect(200);
    expect(second.body.order).toMatchObject({ id: first.body.order.id, items_total: 1345, extra_info: 'more rice' });
    await tabs.remove(KORMA).expect(409);

    const placed = await tabs.placeOrder(1345);
    expect(placed.status).toBe(200);
    expect(await orderItems(first.body.order.id)).toEqual([[ONION_BHAJI, 1], [KORMA, 1]]);
    // Going back to an ordered basket changes nothing: the session's basket is gone.
    await tabs.backToBasket().expect(200);
  });

  it('the checkout tab cannot place the order once the other tab reopened the basket, until it is saved again', async () => {
    const tabs = browser();
    await tabs.add(ONION_BHAJI).expect(200);
    const saved = await tabs.save().expect(200);
    await tabs.backToBasket().expect(200);
    await tabs.add(KORMA).expect(200);
    const refused = await tabs.placeOrder(395);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ status: false, message: BASKET_CHANGED_SINCE_SAVED });
    expect(await orderItems(saved.body.order.id)).toEqual([[ONION_BHAJI, 1]]);
    // Nothing was sold: the basket still holds both dishes, and saving again places them.
    expect(await tabs.heldUnits()).toEqual([[ONION_BHAJI, 1], [KORMA, 1]]);
    await tabs.save().expect(200);
    expect((await tabs.placeOrder(1345)).status).toBe(200);
    expect(await orderItems(saved.body.order.id)).toEqual([[ONION_BHAJI, 1], [KORMA, 1]]);
  });

  it('a save refused (empty basket) leaves the basket open', async () => {
    const tabs = browser();
    await tabs.add(ONION_BHAJI).expect(200);
    await tabs.remove(ONION_BHAJI).expect(200);
    await tabs.save().expect(400);
    await tabs.add(KORMA).expect(200);
  });

  it('an add racing the save is either in the order or refused, never held outside it', async () => {
    for (let round = 0; round < 6; round++) {
      const tabs = browser();
      await tabs.add(ONION_BHAJI).expect(200);
      const [saved, added] = await Promise.all([tabs.save(), tabs.add(KORMA)]);
      expect(saved.status).toBe(200);
      expect([200, 409]).toContain(added.status);
      // The order saved holds exactly what the basket holds, whichever came first.
      expect(await orderItems(saved.body.order.id)).toEqual(await tabs.heldUnits());
      expect(await tabs.heldUnits()).toEqual(added.status === 200 ? [[ONION_BHAJI, 1], [KORMA, 1]] : [[ONION_BHAJI, 1]]);
    }
  });
});
