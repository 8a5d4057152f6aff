import { firstShownDishes } from '../../src/shared/menu';

describe('the dishes the menu shows first (the eager pictures, and the one the head preloads)', () => {
  const menu = {
    categories: [{ id: 7 }, { id: 3 }, { id: 5 }],
    products: [
      { id: 1, category_id: 3 },
      { id: 2, category_id: 7 },
      { id: 3, category_id: 5 },
      { id: 4, category_id: 7 },
      { id: 5, category_id: 3 },
    ],
  };

  it('follows the categories’ order, then the dishes’ order within each', () => {
    expect(firstShownDishes(menu, 4).map((dish) => dish.id)).toEqual([2, 4, 1, 5]);
  });

  it('leaves out the categories the customer hid', () => {
    expect(firstShownDishes(menu, 2, [7]).map((dish) => dish.id)).toEqual([1, 5]);
  });

  it('answers fewer when the menu has fewer, and none for an empty menu', () => {
    expect(firstShownDishes(menu, 10)).toHaveLength(5);
    expect(firstShownDishes({ categories: [], products: [] }, 1)).toEqual([]);
  });
});
