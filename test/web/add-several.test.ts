import type { MenuProduct, MenuView } from '../../src/shared/menu';
import { addSeveralOutcome, addSeveralPlan, LEFT_OUT_BECAUSE } from '../../web/src/features/content/parts/addSeveralPlan';

/** Issue 39 item 1: what one press of a content page's add-several button adds, and the sentence it says after. */
describe('the add-several button', () => {
  const dish = (id: number, name: string, facts: Partial<MenuProduct> = {}): MenuProduct =>
    ({ id, name, status: 'active', available: 5, stock: 5, in_basket: 0, variants: [], category_id: 1, ...facts }) as MenuProduct;
  const menu: MenuView = {
    categories: [{ id: 1, name: 'Starters', position: 1 }],
    products: [
      dish(1, 'Onion Bhaji'),
      dish(2, 'Samosa', { available: 0, status: 'out-of-stock' }),
      dish(3, 'Chicken Tikka', { variants: [{ id: 30 } as MenuProduct['variants'][number]] }),
      dish(4, 'Poppadoms'),
    ],
  };

  it('adds each dish that can be added now, in the chosen order, and names those it leaves out and why', () => {
    const plan = addSeveralPlan(menu, [4, 2, 99, 3, 1]);
    expect(plan.listed.map((one) => one.id)).toEqual([4, 2, 3, 1]);
    expect(plan.adding.map((one) => one.id)).toEqual([4, 1]);
    expect(plan.leftOut).toEqual([
      { name: 'Samosa', why: LEFT_OUT_BECAUSE.soldOut },
      { name: 'Chicken Tikka', why: LEFT_OUT_BECAUSE.choice },
    ]);
    expect(addSeveralOutcome(2, plan.leftOut, 'basket')).toBe('Added 2 of 4 dishes to your basket. Not added: Samosa (none left), Chicken Tikka (choose its size or spice on its own page).');
    expect(addSeveralOutcome(1, [], 'basket')).toBe('Added 1 dish to your basket.');
  });
});
