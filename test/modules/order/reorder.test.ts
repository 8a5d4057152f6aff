import { createReorder } from '../../../modules/order';
import type { CatalogueProduct } from '../../../modules/catalog';
import { NO_SUCH_OWN_ORDER } from '../../../src/shared/order-summary';

/** Issue 33: ordering a past order again says, per dish, its price then and now, or that it is no longer offered. */
describe('reorder plan', () => {
  const userId = '77777777-7777-4777-8777-777777777777';
  const item = (productId: number, variantId: number | null, unitPricePence: number, variantName = '') =>
    ({ productId, variantId, name: `Dish ${productId}`, variantName, unitPricePence, quantity: 2, virtual: false });
  const order = { status: 'COMPLETE', userId, items: [item(1, null, 395), item(2, 21, 1050, 'Large'), item(3, null, 500), item(4, 41, 700, 'Hot')] };
  const product = (id: number, price: number, variants: CatalogueProduct['variants'] = [], status = 'active') =>
    ({ id, name: `Dish ${id}`, price, status, variants }) as unknown as CatalogueProduct;
  const variant = (id: number, incremental_price: number, status = 'active') => ({ id, name: 'v', incremental_price, status }) as unknown as CatalogueProduct['variants'][number];
  const products = new Map([
    [1, product(1, 395)],
    [2, product(2, 900, [variant(21, 200)])],
    [4, product(4, 700, [variant(41, 0, 'out-of-stock')])],
  ]);
  const reorder = (state: object) =>
    createReorder({ services: { commands: { load: async () => state } } as never, catalogue: { product: async (id: number) => products.get(id) ?? null } });

  it('prices each dish now, and names the ones taken off or gone from the menu', async () => {
    expect(await reorder(order).plan('o', userId)).toEqual([
      { productId: 1, variantId: null, name: 'Dish 1', quantity: 2, wasPence: 395, nowPence: 395 },
      { productId: 2, variantId: 21, name: 'Dish 2 (Large)', quantity: 2, wasPence: 1050, nowPence: 1100 },
      { productId: 3, variantId: null, name: 'Dish 3', quantity: 2, wasPence: 500, nowPence: null },
      { productId: 4, variantId: 41, name: 'Dish 4 (Hot)', quantity: 2, wasPence: 700, nowPence: null },
    ]);
  });

  it("refuses someone else's order, a guest's, and one still in checkout", async () => {
    await expect(reorder({ ...order, userId: '88888888-8888-4888-8888-888888888888' }).plan('o', userId)).rejects.toThrow(NO_SUCH_OWN_ORDER);
    await expect(reorder({ ...order, userId: null }).plan('o', userId)).rejects.toThrow(NO_SUCH_OWN_ORDER);
    await expect(reorder({ ...order, status: 'checkout' }).plan('o', userId)).rejects.toThrow(NO_SUCH_OWN_ORDER);
    await expect(reorder({ status: 'none' }).plan('o', userId)).rejects.toThrow(NO_SUCH_OWN_ORDER);
  });
});
