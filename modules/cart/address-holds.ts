import type { Position } from '../../src/eventstore/types';
import type { HoldShares } from '../../src/limits';
import type { CatalogueProduct, CataloguePort } from '../catalog';
import type { AddressHoldings, StockHandlers } from '../stock';
import type { CartLineRow, HeldUnits, StoredBaskets } from './basket-lines';
import { HOLDER_REFRESH_MS, type BasketHolders } from './basket-holders';
import { BasketTurns } from './basket-turns';
import type { KnownBaskets } from './known-baskets';
import { LastChanges } from './last-changes';

/**
 * What the baskets of one client address hold, for the stock decider's rule on an address's shares (issue 28,
 * modules/stock/address-share.ts). The baskets of an address are read from basket_holders (Postgres, so a
 * restart still counts them); what each holds from the stock module's state for a basket opened by this
 * process, from the carts read model for any other (opened before a restart, or by another instance), once that
 * includes the address's last add.
 *
 * The adds of one address take turns, in this process: two adds to different baskets would otherwise both read
 * the address one unit below its share and both pass. Only adds wait; giving back never does. A basket is
 * written to basket_holders at its first add from an address (and again hourly while in use), not at every add.
 */
export function createAddressHolds(deps: {
  shares: HoldShares;
  holders: BasketHolders;
  storedBaskets: StoredBaskets;
  known: KnownBaskets;
  stock: Pick<StockHandlers, 'current'>;
  menu: CataloguePort;
  /** Waits until the carts read model includes `position` (read-your-writes). */
  waitForCarts: (position: Position | undefined) => Promise<void>;
}) {
  const { shares, holders, storedBaskets, known, stock, menu, waitForCarts } = deps;
  const turns = new BasketTurns();
  /** Where each address's last add landed: a basket read from the carts read model must include it. */
  const lastAdds = new LastChanges();
  // A share of 100% refuses nothing the shelf would not: nothing to read then.
  const enabled = shares.held_dish_share < 100 || shares.held_menu_share < 100;

  /** Units on the shelf of every dish on the menu, virtual ones aside, as the menu counts them (active options). */
  async function menuStock(products: readonly CatalogueProduct[]): Promise<number> {
    const counted = products.filter((product) => !product.virtual);
    const states = await Promise.all(counted.map((product) => stock.current(product.id)));
    return counted.reduce((sum, product, index) => {
      const units = states[index].units;
      if (product.variants.length === 0) return sum + (units['-'] ?? 0);
      return sum + product.variants.filter((variant) => variant.status === 'active').reduce((own, variant) => own + (units[String(variant.id)] ?? 0), 0);
    }, 0);
  }

  /** What the address's baskets other than `cartId` hold now, and whether `cartId` must be recorded as one of them. */
  async function heldInOtherBaskets(addressKey: string, cartId: string, now: Date): Promise<{ held: HeldUnits[]; record: boolean }> {
    const baskets = await holders.basketsOf(addressKey, now);
    const own = baskets.find((basket) => basket.cartId === cartId);
    const held: HeldUnits[] = [];
    const elsewhere: string[] = [];
    for (const { cartId: other } of baskets.filter((basket) => basket.cartId !== cartId)) {
      const lines = await known.lines(other, stock.current);
      if (lines) held.push(...lines.filter((line) => line.holdUntil > now));
      else elsewhere.push(other);
    }
    if (elsewhere.length > 0) {
      await waitForCarts(lastAdds.last(addressKey));
      held.push(...(await storedBaskets.heldIn(elsewhere, now)));
    }
    return { held, record: !own || now.getTime() - own.seenAt >= HOLDER_REFRESH_MS };
  }

  async function holdings(addressKey: string, cartId: string, dish: DishKey, lines: CartLineRow[], now: Date): Promise<{ facts: AddressHoldings; record: boolean }> {
    const [{ held: others, record }, catalogue] = await Promise.all([heldInOtherBaskets(addressKey, cartId, now), menu.catalogue()]);
    const onTheMenu = new Set(catalogue.products.filter((product) => !product.virtual).map((product) => product.id));
    const isDish = (line: DishKey) => line.productId === dish.productId && line.variantId === dish.variantId;
    const ownOtherLines = lines.filter((line) => !isDish(line) && line.holdUntil > now);
    const toMenu = (units: HeldUnits[]) => units.filter((line) => onTheMenu.has(line.productId)).reduce((sum, line) => sum + line.quantity, 0);
    const facts = {
      shares,
      dishInOtherBaskets: others.filter(isDish).reduce((sum, line) => sum + line.quantity, 0),
      menuBesidesThisLine: toMenu(others) + toMenu(ownOtherLines),
      menuStock: await menuStock(catalogue.products),
      countsTowardMenu: onTheMenu.has(dish.productId),
    };
    return { facts, record };
  }

  return {
    /**
     * Runs `reserve` with what the baskets of `address` hold, while no other add from that address runs; without
     * the address's holdings when the shares are switched off or the address is unknown. `lines`: what the
     * basket `cartId` holds now (read in the basket's own turn). Once reserved, the basket counts for the address
     * (recorded before the next add of the address reads); a refused add records nothing.
     */
    add<T extends { position?: Position }>(
      address: string | undefined,
      cartId: string,
      dish: DishKey,
      lines: CartLineRow[],
      now: Date,
      reserve: (address?: AddressHoldings) => Promise<T>,
    ): Promise<T> {
      if (!enabled || address === undefined) return reserve();
      const addressKey = holders.keyOf(address);
      return turns.run(addressKey, async () => {
        const { facts, record } = await holdings(addressKey, cartId, dish, lines, now);
        const reserved = await reserve(facts);
        lastAdds.note(addressKey, reserved.position);
        if (record) await holders.record(cartId, addressKey, now);
        return reserved;
      });
    },
  };
}

interface DishKey {
  productId: number;
  variantId: number | null;
}

export type AddressHolds = ReturnType<typeof createAddressHolds>;
