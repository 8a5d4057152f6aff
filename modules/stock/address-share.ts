import type { HoldShares } from '../../src/limits';

/**
 * What the baskets of the client address adding to a basket hold at once, besides the line being added to (the
 * stock decider knows that line, and the dish's units on the shelf). The basket reads them one add of the
 * address at a time (modules/cart/address-holds.ts), so they are still true when this decides.
 */
export interface AddressHoldings {
  /** The settings: percent of a dish's stock, and of the menu's, one address may hold (src/limits). */
  shares: HoldShares;
  /** Units of this dish (product and option) held in the address's other baskets. */
  dishInOtherBaskets: number;
  /** Units of the menu (virtual dishes aside) held by the address in every basket, but this basket's line of this dish. */
  menuBesidesThisLine: number;
  /** Units on the shelf of every dish on the menu, virtual ones aside. */
  menuStock: number;
  /** Whether this dish counts toward the menu's share: a virtual one (a donation) does not. */
  countsTowardMenu: boolean;
}

/** The most units of a stock of `stock` that a share of `percent` leaves one address: rounded up, so a dish with one unit left can still be had. */
export const shareOf = (percent: number, stock: number): number => Math.ceil((stock * percent) / 100);

export const dishShareRefusal = (dish: string) =>
  `Sorry, baskets from your network already hold as much ${dish} as we keep for one network – please try again later or call us`;

export const MENU_SHARE_REFUSAL =
  'Sorry, baskets from your network already hold as many dishes as we keep for one network – please try again later or call us';

/**
 * Why `adding` more units of `dish` may not go into a basket of this address, or null when they may (issue 28):
 * the address would hold more than its share of the dish's `dishStock` (units on the shelf, held ones included),
 * or of the menu's. `lineUnits`: what this basket holds of the dish now. Giving back is never refused.
 */
export function addressShareRefusal(input: { dish: string; adding: number; dishStock: number; lineUnits: number; address: AddressHoldings }): string | null {
  const { dish, adding, dishStock, lineUnits, address } = input;
  if (adding <= 0) return null;
  if (address.dishInOtherBaskets + lineUnits + adding > shareOf(address.shares.held_dish_share, dishStock)) return dishShareRefusal(dish);
  const menuHeld = address.menuBesidesThisLine + (address.countsTowardMenu ? lineUnits : 0);
  if (address.countsTowardMenu && menuHeld + adding > shareOf(address.shares.held_menu_share, address.menuStock)) return MENU_SHARE_REFUSAL;
  return null;
}
