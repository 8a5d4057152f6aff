import type { Position } from '../../src/eventstore/types';
import type { HoldShares } from '../../src/limits';
import type { CatalogueProduct, CataloguePort } from '../catalog';
import { holdKey, isActive, type AddressHoldings, type StockHandlers, type StockState } from '../stock';
import type { CartLineRow, HeldUnits, StoredBaskets } from './basket-lines';
import { HOLDER_REFRESH_MS, type BasketHolders } from './basket-holders';
import { BasketTurns } from './basket-turns';
import type { KnownBaskets, LineKey } from './known-baskets';
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
  function menuStock(products: readonly CatalogueProduct[], states: ReadonlyMap<number, StockState>): number {
    return products
      .filter((product) => !product.virtual)
      .reduce((sum, product) => {
        const units = states.get(product.id)!.units;
        if (product.variants.length === 0) return sum + (units['-'] ?? 0);
        return sum + product.variants.filter((variant) => variant.status === 'active').reduce((own, variant) => own + (units[String(variant.id)] ?? 0), 0);
      }, 0);
  }

  async function holdings(addressKey: string, cartId: string, dish: LineKey, lines: CartLineRow[], now: Date): Promise<{ facts: AddressHoldings; record: boolean }> {
    const [baskets, catalogue] = await Promise.all([holders.basketsOf(addressKey, now), menu.catalogue()]);
    // The address's other baskets: the lines of those opened here are read from the stock state, the others'
    // from the carts read model.
    const knownLines: Array<LineKey & { cartId: string }> = [];
    const elsewhere: string[] = [];
    for (const { cartId: other } of baskets.filter((basket) => basket.cartId !== cartId)) {
      const dishes = known.dishes(other);
      if (dishes) for (const line of dishes) knownLines.push({ cartId: other, ...line });
      else elsewhere.push(other);
    }
    // Each product's state once (kept in memory by the command handler), for the lines and the menu's stock.
    const productIds = [...new Set([...catalogue.products.map((product) => product.id), ...knownLines.map((line) => line.productId)])];
    const states = new Map(await Promise.all(productIds.map(async (productId) => [productId, await stock.current(productId)] as const)));
    const others: HeldUnits[] = knownLines.flatMap(({ cartId: other, productId, variantId }) => {
      const hold = states.get(productId)!.holds[holdKey(other, variantId)];
      return hold && isActive(hold, now.toISOString()) ? [{ productId, variantId, quantity: hold.quantity }] : [];
    });
    if (elsewhere.length > 0) {
      await waitForCarts(lastAdds.last(addressKey));
      others.push(...(await storedBaskets.heldIn(elsewhere, now)));
    }
    const onTheMenu = new Set(catalogue.products.filter((product) => !product.virtual).map((product) => product.id));
    const isDish = (line: LineKey) => line.productId === dish.productId && line.variantId === dish.variantId;
    const ownOtherLines = lines.filter((line) => !isDish(line) && line.holdUntil > now);
    const toMenu = (units: HeldUnits[]) => units.filter((line) => onTheMenu.has(line.productId)).reduce((sum, line) => sum + line.quantity, 0);
    const own = baskets.find((basket) => basket.cartId === cartId);
    return {
      facts: {
        shares,
        dishInOtherBaskets: others.filter(isDish).reduce((sum, line) => sum + line.quantity, 0),
        menuBesidesThisLine: toMenu(others) + toMenu(ownOtherLines),
        menuStock: menuStock(catalogue.products, states),
        countsTowardMenu: onTheMenu.has(dish.productId),
      },
      record: !own || now.getTime() - own.seenAt >= HOLDER_REFRESH_MS,
    };
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
      dish: LineKey,
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

export type AddressHolds = ReturnType<typeof createAddressHolds>;
