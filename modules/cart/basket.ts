import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Position } from '../../src/eventstore/types';
import type { Services } from '../../src/services';
import { dishName, dishNotOffered, type CataloguePort, type CatalogueProduct } from '../catalog';
import type { CartLineRow, StoredBaskets } from './basket-lines';
import { assertOffered, createStockHandlers, heldBy, type AddressHoldings, type DishOffer, holdKey, holdUntilAfter, OutOfStock, stockFigures, type StockFigures } from '../stock';
import { readSettings } from '../store';
import { holdBegan, KnownBaskets } from './known-baskets';
import { BasketTurns } from './basket-turns';
import { LastChanges } from './last-changes';
import { createAddressHolds } from './address-holds';
import { createBasketHolders } from './basket-holders';
import type { HoldShares } from '../../src/limits';
import { cartDecider, isSavedAs, refuseChangeAtCheckout } from './decider';
import { cartStream } from './events';
import type { CartItem, CartView } from '../../src/shared/cart';

export type { CartItem, CartView };

export const EMPTY_CART: Omit<CartView, 'userId'> = { cartId: null, cartItems: [], order_extra: '' };

/** Why a basket holding dishes taken off the menu since they were added is not saved as an order. */
export const dishesOffTheMenuMessage = (count: number) =>
  count === 1
    ? 'Sorry, a dish in your basket is no longer on the menu, so we have taken it out: please check your basket before you order'
    : `Sorry, ${count} dishes in your basket are no longer on the menu, so we have taken them out: please check your basket before you order`;

function describe(product: CatalogueProduct, variantId: number | null): string {
  return dishName(product.name, product.variants.find((candidate) => candidate.id === variantId)?.name);
}

/** The catalogue's word on a dish, as the stock decider takes it. */
function offerOf(product: CatalogueProduct, variantId: number | null): DishOffer {
  const dish = dishNotOffered(product, variantId);
  return dish === null ? { offered: true } : { offered: false, dish };
}

/**
 * The customer's basket: the stock it holds, the note and its owner; built on the stock and cart modules.
 * `addresses`: the shares of a dish and of the menu one client address's baskets may hold (issue 28), and the
 * secret its addresses are kept hashed under.
 */
export function createBasket(services: Services, menu: CataloguePort, storedBaskets: StoredBaskets, addresses: { shares: HoldShares; secret: string }) {
  const stock = createStockHandlers(services.commands);
  const changes = new LastChanges();
  const known = new KnownBaskets();
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
  const holdUntil = (context: CommandContext) => holdUntilAfter(context.now, services.basketHoldMinutes);

  async function productFor(productId: number, variantId: number | null, adding: boolean): Promise<CatalogueProduct> {
    const product = await menu.product(productId);
    if (!product) throw new DomainError('not_found', 'That product is not on the menu');
    if (product.variants.length === 0 && variantId !== null) throw new DomainError('invalid', `${product.name} has no options to choose from`);
    if (product.variants.length > 0) {
      if (variantId === null) throw new DomainError('invalid', `Please choose an option for ${product.name}`);
      const variant = product.variants.find((candidate) => candidate.id === variantId);
      if (!variant) throw new DomainError('not_found', `That option of ${product.name} does not exist`);
    }
    // Refused before anything is written (a first add opens the basket while it reserves); the stock decider
    // refuses the reservation itself on the same word.
    if (adding) assertOffered(offerOf(product, variantId));
    return product;
  }

  /**
   * The basket's lines as they stand before a move. An add decides on them (the caps), so for a basket read
   * from the carts read model they must include its last change: wait for it.
   */
  async function linesBefore(cartId: string, adding: boolean): Promise<CartLineRow[]> {
    const lines = await known.lines(cartId, stock.current);
    if (lines) return lines;
    if (adding) await services.readModels.waitFor('carts', changes.last(cartId) ?? (await services.store.lastCommittedPosition()));
    return storedBaskets.lines(cartId);
  }

  /**
   * Touching the basket keeps all of it: holds older than a minute are renewed (no hold past its lifetime, which
   * the stock decider enforces).
   */
  async function renewOtherHolds(cartId: string, lines: CartLineRow[], lifetimeMinutes: number, context: CommandContext): Promise<void> {
    const renewBefore = Date.parse(context.now) + (services.basketHoldMinutes - 1) * 60_000;
    const products = new Set(lines.filter((line) => line.holdUntil.getTime() < renewBefore).map((line) => line.productId));
    for (const productId of products) await stock.renewHolds(productId, cartId, holdUntil(context), lifetimeMinutes, context);
  }

  /** Units the basket holds now of every dish but this one. */
  function heldOfOtherDishes(lines: CartLineRow[], productId: number, variantId: number | null, now: string): number {
    return lines
      .filter((line) => !(line.productId === productId && line.variantId === variantId) && line.holdUntil.getTime() > Date.parse(now))
      .reduce((sum, line) => sum + line.quantity, 0);
  }

  /** What may change a basket's lines: the caps and the hold lifetime, as the manager set them. */
  async function basketSettings() {
    const values = await readSettings(services.settings, ['max_units_per_dish', 'max_units_per_basket', 'hold_lifetime_minutes']);
    return { caps: { perDish: values.max_units_per_dish, perBasket: values.max_units_per_basket }, lifetimeMinutes: values.hold_lifetime_minutes };
  }

  /** Refuses a change of a basket that is at the checkout (or ordered): the cart module's one rule for it. */
  async function refuseWhenAtCheckout(cartId: string): Promise<void> {
    refuseChangeAtCheckout(await services.commands.load(cartStream(cartId), cartDecider));
  }

  /** What customers see of a line's stock, from the stock module's own state (kept in memory). */
  async function figuresOf(productId: number, variantId: number | null): Promise<StockFigures> {
    return stockFigures(await stock.current(productId), productId, variantId, services.clock().toISOString());
  }

  /** Lines with their names and prices from the catalogue; `fresh` figures are a just-moved line's. */
  async function basketView(
    cartId: string,
    cart: { userId: string | null; note: string },
    lines: CartLineRow[],
    fresh?: StockFigures,
  ): Promise<CartView> {
    const catalogue = await menu.catalogue();
    const now = services.clock();
    const cartItems: CartItem[] = [];
    for (const line of lines) {
      const product = catalogue.products.find((candidate) => candidate.id === line.productId);
      if (!product) continue;
      const variant = product.variants.find((candidate) => candidate.id === line.variantId);
      const figures =
        fresh && fresh.id === line.productId && fresh.variant === line.variantId ? fresh : await figuresOf(line.productId, line.variantId);
      const released = line.holdUntil <= now;
      cartItems.push({
        id: product.id,
        variant_id: line.variantId,
        variant: variant?.name ?? '',
        name: product.name,
        short_desc: product.short_desc,
        price: product.price,
        incremental_price: variant?.incremental_price ?? 0,
        quantity: released ? 0 : line.quantity,
        stock: figures.stock,
        in_basket: figures.in_basket,
        available: figures.available,
        image: product.image,
        virtual: product.virtual,
        released,
      });
    }
    return { cartId, userId: cart.userId, cartItems, order_extra: cart.note };
  }

  /**
   * A fresh basket id, known to this process from now on: a move into the basket may then run while it opens
   * (see `openNew`), and its lines are still read from memory.
   */
  function newCartId(): string {
    const cartId = randomUUID();
    known.opened(cartId);
    return cartId;
  }

  /** Opens the basket `newCartId` named, tied to the signed-in customer if any. */
  async function openNew(cartId: string, userId: string | null, context: CommandContext): Promise<string> {
    await services.commands.handle(cartStream(cartId), cartDecider, { type: 'OpenCart', cartId }, context, { newStream: true });
    if (userId) await services.commands.handle(cartStream(cartId), cartDecider, { type: 'AssignToUser', cartId, userId }, context);
    return cartId;
  }

  return {
    /** Refuses an unknown, unavailable or wrongly specified product before anything is written. */
    check: (productId: number, variantId: number | null, adding: boolean) => productFor(productId, variantId, adding),

    /**
     * The session's basket, opened on first use and tied to the signed-in customer. `mayOpen` is asked (and may
     * throw) before a new basket is opened.
     */
    async ensureCart(existing: string | undefined, userId: string | null, context: CommandContext, mayOpen: () => void): Promise<string> {
      if (existing === undefined) {
        mayOpen();
        return openNew(newCartId(), userId, context);
      }
      const opened = await services.commands
        .handle(cartStream(existing), cartDecider, { type: 'OpenCart', cartId: existing }, context)
        .then(() => true, (error) => {
          if (error instanceof DomainError && error.kind === 'conflict') return false; // that basket was ordered
          throw error;
        });
      if (!opened) {
        mayOpen();
        return openNew(newCartId(), userId, context);
      }
      if (userId) await services.commands.handle(cartStream(existing), cartDecider, { type: 'AssignToUser', cartId: existing, userId }, context);
      return existing;
    },

    newCartId,
    openNew,

    /**
     * +n reserves units for the basket, -n gives them back; `product` is what `check` answered. `opening`: the
     * basket is being opened by this very request, so it cannot be at the checkout (and is not read for it).
     * `address`: the client address adding, whose baskets together may hold only their shares (issue 28).
     */
    move(
      cartId: string,
      product: CatalogueProduct,
      variantId: number | null,
      quantity: number,
      context: CommandContext,
      options: { opening?: boolean; address?: string } = {},
    ): Promise<Moved & { position?: Position }> {
      return turns.run(cartId, () => moveNow(cartId, product, variantId, quantity, context, options.opening === true, options.address));
    },

    /** Gives every unit of the basket back to stock. */
    clear: (cartId: string, context: CommandContext) => turns.run(cartId, () => clearNow(cartId, context)),

    changeNote: (cartId: string, note: string, context: CommandContext) =>
      turns.run(cartId, async () => {
        const result = await services.commands.handle(cartStream(cartId), cartDecider, { type: 'ChangeNote', cartId, note }, context);
        return changes.note(cartId, result.position);
      }),

    /**
     * Saving the basket as an order: `save` reads the basket and places the order while no other change of this
     * basket runs, and the basket is frozen with it (issue 13, "two tabs"): adds, removes and note changes are
     * then refused until the customer goes back to the basket page (`reopen`) or the order is placed. `save`
     * answers the order's id and the order's own append, which the freeze joins (one round trip, most often).
     * Nothing is frozen when `save` refuses; when placing the order fails, the basket is reopened.
     */
    saveAsOrder(cartId: string, context: CommandContext, save: () => Promise<{ orderId: string; placing: Promise<unknown> }>): Promise<string> {
      return turns.run(cartId, async () => {
        const offTheMenu = await giveBackDishesOffTheMenu(cartId, context);
        if (offTheMenu > 0) throw new DomainError('conflict', dishesOffTheMenuMessage(offTheMenu));
        const { orderId, placing } = await save();
        const [placed, frozen] = await Promise.allSettled([
          placing,
          services.commands.handle(cartStream(cartId), cartDecider, { type: 'FreezeCart', cartId, orderId }, context),
        ]);
        if (placed.status === 'rejected') {
          if (frozen.status === 'fulfilled' && frozen.value.events.length > 0) {
            await services.commands.handle(cartStream(cartId), cartDecider, { type: 'ReopenCart', cartId }, context);
          }
          throw placed.reason;
        }
        if (frozen.status === 'rejected') throw frozen.reason;
        changes.note(cartId, frozen.value.position);
        return orderId;
      });
    },

    /** The customer is back on the basket page: the basket may change again (see saveAsOrder). */
    reopen: (cartId: string, context: CommandContext) =>
      turns.run(cartId, async () => {
        const result = await services.commands.handle(cartStream(cartId), cartDecider, { type: 'ReopenCart', cartId }, context);
        return changes.note(cartId, result.position);
      }),

    /**
     * Runs `work` while no other change of this basket runs: the checkout places its order so, and a reopen from
     * another tab waits until the order is placed (or refused) instead of slipping in between its check and
     * its sale.
     */
    inTurn: <T>(cartId: string, work: () => Promise<T>): Promise<T> => turns.run(cartId, work),

    /** Whether the basket is still as it was saved as `orderId` (not reopened since): the checkout asks before placing it. */
    async stillSavedAs(cartId: string, orderId: string): Promise<boolean> {
      return isSavedAs(await services.commands.load(cartStream(cartId), cartDecider), orderId);
    },

    async assignToUser(cartId: string, userId: string, context: CommandContext): Promise<void> {
      await services.commands.handle(cartStream(cartId), cartDecider, { type: 'AssignToUser', cartId, userId }, context);
    },

    /**
     * The basket as the web app shows it. A basket opened here is read from memory (the stock it holds and
     * its own stream). Any other is read from the carts read model once it includes `after`; there a
     * just-moved line (`moved`) is taken from the command's result, so adding to the basket never waits.
     * Stock figures come from the stock module's state, which is never behind.
     */
    view,

    async availableStock(productId: number): Promise<{ available: number } | { vars: Array<{ name: string; available: number }> }> {
      const product = await menu.product(productId);
      if (!product) throw new DomainError('not_found', 'That product is not on the menu');
      const state = await stock.current(productId);
      const now = services.clock().toISOString();
      if (product.variants.length === 0) return { available: stockFigures(state, productId, null, now).available };
      return { vars: product.variants.map((variant) => ({ name: variant.name, available: stockFigures(state, productId, variant.id, now).available })) };
    },
  };

  async function moveNow(
    cartId: string,
    product: CatalogueProduct,
    variantId: number | null,
    quantity: number,
    context: CommandContext,
    opening: boolean,
    address: string | undefined,
  ): Promise<Moved & { position?: Position }> {
    const adding = quantity > 0;
    const productId = product.id;
    const [settings, before] = await Promise.all([basketSettings(), linesBefore(cartId, adding), opening ? undefined : refuseWhenAtCheckout(cartId)]);
    try {
      const reserve = (held?: AddressHoldings) =>
        stock.reserve(
          productId,
          variantId,
          cartId,
          quantity,
          holdUntil(context),
          {
            offer: offerOf(product, variantId),
            basket: {
              ...settings,
              dish: describe(product, variantId),
              heldOfOtherDishes: heldOfOtherDishes(before, productId, variantId, context.now),
              ...(held ? { address: held } : {}),
            },
          },
          context,
        );
      const result = adding
        ? await addressHolds.add(address, cartId, { productId, variantId }, before, new Date(context.now), reserve)
        : await stock.giveBack(productId, variantId, cartId, -quantity, context);
      const hold = result.state.holds[holdKey(cartId, variantId)];
      const was = before.find((line) => line.productId === productId && line.variantId === variantId);
      known.moved(cartId, { productId, variantId }, hold?.quantity ?? 0, holdBegan(cartId, { productId, variantId }, was, result.events));
      // This basket's line as the command left it, so the answer need not wait for the carts read model.
      const line = { productId, variantId, quantity: heldBy(result.state, cartId, variantId, context.now), holdUntil: new Date(hold?.holdUntil ?? context.now) };
      const lines = withLine(before, line);
      await renewOtherHolds(cartId, lines, settings.lifetimeMinutes, context);
      return { figures: stockFigures(result.state, productId, variantId, context.now), position: changes.note(cartId, result.position), line, lines };
    } catch (error) {
      if (error instanceof OutOfStock) {
        throw new DomainError('conflict', `Sorry, there is no more ${describe(product, variantId)} left`);
      }
      throw error;
    }
  }

  async function clearNow(cartId: string, context: CommandContext): Promise<Position | undefined> {
    await refuseWhenAtCheckout(cartId);
    // Every line, including one added a moment ago that the read model may not show yet.
    let lines = await known.lines(cartId, stock.current);
    if (!lines) {
      await services.readModels.waitFor('carts', await services.store.lastCommittedPosition());
      lines = await storedBaskets.lines(cartId);
    }
    let position: Position | undefined;
    for (const line of lines) {
      const result = await stock.giveBack(line.productId, line.variantId, cartId, line.quantity, context).catch((error) => {
        if (error instanceof DomainError && error.kind === 'not_found') return undefined; // already gone
        throw error;
      });
      if (result) known.moved(cartId, line, result.state.holds[holdKey(cartId, line.variantId)]?.quantity ?? 0, false);
      position = result?.position ?? position;
    }
    // The menu shows the units back on the shelf once this answers.
    await services.readModels.waitFor('menu', position);
    return changes.note(cartId, position);
  }

  /**
   * A dish archived (or in a category hidden) while it sits in a basket is off the menu, so the basket's view
   * leaves it out. Before the basket is saved as an order its held units go back on the shelf, and the save is
   * refused, so the customer sees the basket as it now is rather than an order silently missing a dish.
   */
  async function giveBackDishesOffTheMenu(cartId: string, context: CommandContext): Promise<number> {
    let lines = await known.lines(cartId, stock.current);
    if (!lines) {
      await services.readModels.waitFor('carts', changes.last(cartId) ?? (await services.store.lastCommittedPosition()));
      lines = await storedBaskets.lines(cartId);
    }
    const { products } = await menu.catalogue();
    const gone = lines.filter((line) => line.quantity > 0 && line.holdUntil.getTime() > Date.parse(context.now) && !products.some((product) => product.id === line.productId));
    let position: Position | undefined;
    for (const line of gone) {
      const result = await stock.giveBack(line.productId, line.variantId, cartId, line.quantity, context);
      known.moved(cartId, line, result.state.holds[holdKey(cartId, line.variantId)]?.quantity ?? 0, false);
      position = result.position ?? position;
    }
    await services.readModels.waitFor('menu', position);
    changes.note(cartId, position);
    return gone.length;
  }

  async function view(cartId: string | undefined, userId: string | null, after?: Position, moved?: Moved): Promise<CartView> {
    if (!cartId) return { ...EMPTY_CART, userId };
    const knownLines = await known.lines(cartId, stock.current);
    const state = knownLines ? await services.commands.load(cartStream(cartId), cartDecider) : undefined;
    if (knownLines && state?.status === 'none') return { ...EMPTY_CART, userId };
    if (knownLines && (state?.status === 'open' || state?.status === 'frozen')) return basketView(cartId, { userId: state.userId ?? userId, note: state.note }, knownLines, moved?.figures);
    if (!moved) {
      // The lines must include `after`, by default the basket's last change made here, or else everything
      // stored when this read began (a change answered a moment ago by another instance, say).
      await services.readModels.waitFor('carts', after ?? changes.last(cartId) ?? (await services.store.lastCommittedPosition()));
    }
    const [cart, stored] = await Promise.all([storedBaskets.find(cartId), moved ? moved.lines : storedBaskets.lines(cartId)]);
    // A basket opened by this very request may not be in the read model yet.
    if (!cart && !moved) return { ...EMPTY_CART, userId };
    const lines = moved ? withLine(stored, moved.line) : stored;
    return basketView(cartId, { userId: cart?.userId ?? userId, note: cart?.note ?? '' }, lines, moved?.figures);
  }
}

export type Basket = ReturnType<typeof createBasket>;

/** A move's outcome for `view`: the moved line, its stock figures, and the basket's other lines as read. */
export interface Moved {
  line: CartLineRow;
  figures: StockFigures;
  lines: CartLineRow[];
}

function withLine(lines: CartLineRow[], line: CartLineRow): CartLineRow[] {
  const same = (candidate: CartLineRow) => candidate.productId === line.productId && candidate.variantId === line.variantId;
  const others = lines.filter((candidate) => !same(candidate));
  if (line.quantity <= 0) return others;
  return lines.some(same) ? lines.map((candidate) => (same(candidate) ? line : candidate)) : [...lines, line];
}
