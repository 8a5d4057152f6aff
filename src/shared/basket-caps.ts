/**
 * How much one basket may hold (issue 13: one client must not hold the whole menu). Both caps are manager
 * settings, `max_units_per_dish` and `max_units_per_basket`; a dish is a product and its variant.
 */
export interface BasketCaps {
  perDish: number;
  perBasket: number;
}

export const dishCapRefusal = (perDish: number, dish: string) =>
  `Sorry, you can add at most ${perDish} of ${dish} to one order – call us for a larger order`;

export const basketCapRefusalText = (perBasket: number) =>
  `Sorry, you can add at most ${perBasket} items in all to one order – call us for a larger order`;

/**
 * Why `adding` more units of `dish` may not go into the basket, or null when they may. `dishUnits` is what the
 * basket holds of this dish now, `basketUnits` what it holds in all (this dish included). Giving back
 * (`adding` of 0 or less) is never refused.
 */
export function basketCapRefusal(input: { dish: string; dishUnits: number; basketUnits: number; adding: number; caps: BasketCaps }): string | null {
  const { dish, dishUnits, basketUnits, adding, caps } = input;
  if (adding <= 0) return null;
  if (dishUnits + adding > caps.perDish) return dishCapRefusal(caps.perDish, dish);
  if (basketUnits + adding > caps.perBasket) return basketCapRefusalText(caps.perBasket);
  return null;
}
