import type { Services } from '../../src/services';
import type { HoldShares } from '../../src/limits';
import type { CartItem, CartView } from '../../src/shared/cart';
import type { CataloguePort } from '../catalog';
import { createStockHandlers } from '../stock';
import { createAddressHolds } from './address-holds';
import { createBasketHolders } from './basket-holders';
import type { StoredBaskets } from './basket-lines';
import { createBasketMoves } from './basket-moves';
import { createBasketOpening } from './basket-opening';
import { createBasketReading } from './basket-reading';
import { createBasketSaving } from './basket-saving';
import { BasketTurns } from './basket-turns';
import { createDishCheck } from './dish-offer';
import { KnownBaskets } from './known-baskets';
import { CART_STREAM_PREFIX } from './events';
import { LastChanges } from './last-changes';

export type { CartItem, CartView };

/**
 * The customer's basket: the stock it holds, the note and its owner; built on the stock and cart modules.
 * `addresses`: the shares of a dish and of the menu one client address's baskets may hold (issue 28), and the
 * secret its addresses are kept hashed under. Its parts, each in its own file: the menu's word on a dish
 * (dish-offer.ts), reading baskets (basket-reading.ts), opening one, its owner and note (basket-opening.ts),
 * adding and removing with holds (basket-moves.ts) and saving it as an order (basket-saving.ts). They share this
 * process's memory of its baskets: which it opened (known-baskets.ts), where each last changed
 * (last-changes.ts) and one change at a time per basket (basket-turns.ts).
 */
export function createBasket(services: Services, menu: CataloguePort, storedBaskets: StoredBaskets, addresses: { shares: HoldShares; secret: string }) {
  const stock = createStockHandlers(services.commands);
  const changes = new LastChanges();
  const known = new KnownBaskets();
  // Another instance changed a basket this process opened: it is read from the carts read model from now on.
  services.onStored((event, news) => {
    if (!news) return;
    const cartId = event.stream.startsWith(CART_STREAM_PREFIX) ? event.stream.slice(CART_STREAM_PREFIX.length) : (event.data as { cartId?: unknown }).cartId;
    if (typeof cartId !== 'string') return;
    known.forget(cartId);
    changes.note(cartId, event.position);
  });
  const turns = new BasketTurns();
  const addressHolds = createAddressHolds({
    shares: addresses.shares,
    holders: createBasketHolders(services.pool, addresses.secret),
    storedBaskets,
    known,
    stock,
    menu,
    waitForCarts: (position) => services.readModels.waitFor('carts', position),
  });
  const reading = createBasketReading({ services, menu, storedBaskets, known, changes, stock });
  const opening = createBasketOpening({ commands: services.commands, known, turns, changes });
  const moves = createBasketMoves({ services, stock, addressHolds, reading, known, changes, turns });
  const saving = createBasketSaving({ services, menu, stock, reading, known, changes, turns });

  return {
    check: createDishCheck(menu).check,
    ensureCart: opening.ensureCart,
    newCartId: opening.newCartId,
    openNew: opening.openNew,
    move: moves.move,
    clear: moves.clear,
    changeNote: opening.changeNote,
    saveAsOrder: saving.saveAsOrder,
    reopen: saving.reopen,
    /**
     * Runs `work` while no other change of this basket runs: the checkout places its order so, and a reopen from
     * another tab waits until the order is placed (or refused) instead of slipping in between its check and
     * its sale.
     */
    inTurn: <T>(cartId: string, work: () => Promise<T>): Promise<T> => turns.run(cartId, work),
    stillSavedAs: saving.stillSavedAs,
    assignToUser: opening.assignToUser,
    view: reading.view,
    availableStock: reading.availableStock,
  };
}

export type Basket = ReturnType<typeof createBasket>;
