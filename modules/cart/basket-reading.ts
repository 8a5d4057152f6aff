import { DomainError } from '../../src/core/errors';
import type { Position } from '../../src/eventstore/types';
import type { Services } from '../../src/services';
import type { CartItem, CartView } from '../../src/shared/cart';
import type { CataloguePort } from '../catalog';
import { stockFigures, type StockFigures, type StockHandlers } from '../stock';
import type { CartLineRow, StoredBaskets } from './basket-lines';
import { cartDecider } from './decider';
import { cartStream } from './events';
import type { KnownBaskets } from './known-baskets';
import type { LastChanges } from './last-changes';

export const EMPTY_CART: Omit<CartView, 'userId'> = { cartId: null, cartItems: [], order_extra: '' };

/** A move's outcome for `view`: the moved line, its stock figures, and the basket's other lines as read. */
export interface Moved {
  line: CartLineRow;
  figures: StockFigures;
  lines: CartLineRow[];
}

export interface BasketReadingDeps {
  services: Pick<Services, 'clock' | 'commands' | 'readModels' | 'store' | 'heardAll'>;
  menu: Pick<CataloguePort, 'product' | 'catalogue'>;
  storedBaskets: Pick<StoredBaskets, 'find' | 'lines'>;
  known: KnownBaskets;
  changes: LastChanges;
  stock: Pick<StockHandlers, 'current'>;
}

/**
 * Reading baskets: a basket opened by this process from memory (its known lines, the stock module's state, its
 * own stream), any other from the carts read model once that includes what it must; and the stock a dish has.
 */
export function createBasketReading({ services, menu, storedBaskets, known, changes, stock }: BasketReadingDeps) {
  /**
   * A basket this process opened, from memory, once this process has heard of every event committed so far: a
   * change another instance made to it (several instances, no sticky sessions: issue 42) makes it forget the
   * basket (createBasket's listener), and its stock states are read again; undefined for any other basket.
   */
  /**
   * Where the basket last changed, by this process or, once heard of, another instance (createBasket's listener
   * notes their events' positions); everything stored when the read began for a basket with no change known.
   */
  async function lastChangeOf(cartId: string): Promise<Position> {
    await services.heardAll();
    return changes.last(cartId) ?? (await services.store.lastCommittedPosition());
  }

  async function knownLines(cartId: string): Promise<CartLineRow[] | undefined> {
    if (!known.dishes(cartId)) return undefined;
    await services.heardAll();
    return known.lines(cartId, stock.current);
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

  return {
    /**
     * The basket's lines as they stand before a move. An add decides on them (the caps), so for a basket read
     * from the carts read model they must include its last change: wait for it.
     */
    async linesBefore(cartId: string, adding: boolean): Promise<CartLineRow[]> {
      const lines = await knownLines(cartId);
      if (lines) return lines;
      if (adding) await services.readModels.waitFor('carts', await lastChangeOf(cartId));
      return storedBaskets.lines(cartId);
    },

    /** Every line of the basket, including one added a moment ago that the read model may not show yet. */
    async linesNow(cartId: string): Promise<CartLineRow[]> {
      const lines = await knownLines(cartId);
      if (lines) return lines;
      await services.readModels.waitFor('carts', await services.store.lastCommittedPosition());
      return storedBaskets.lines(cartId);
    },

    /**
     * The basket as the web app shows it. A basket opened here is read from memory (the stock it holds and
     * its own stream). Any other is read from the carts read model once it includes `after`; there a
     * just-moved line (`moved`) is taken from the command's result, so adding to the basket never waits.
     * Stock figures come from the stock module's state, which is never behind.
     */
    async view(cartId: string | undefined, userId: string | null, after?: Position, moved?: Moved): Promise<CartView> {
      if (!cartId) return { ...EMPTY_CART, userId };
      const fromMemory = await knownLines(cartId);
      const state = fromMemory ? await services.commands.load(cartStream(cartId), cartDecider) : undefined;
      if (fromMemory && state?.status === 'none') return { ...EMPTY_CART, userId };
      if (fromMemory && (state?.status === 'open' || state?.status === 'frozen')) return basketView(cartId, { userId: state.userId ?? userId, note: state.note }, fromMemory, moved?.figures);
      if (!moved) {
        // The lines must include `after`, by default the basket's last change made here, or else everything
        // stored when this read began (a change answered a moment ago by another instance, say).
        await services.readModels.waitFor('carts', after ?? (await lastChangeOf(cartId)));
      }
      const [cart, stored] = await Promise.all([storedBaskets.find(cartId), moved ? moved.lines : storedBaskets.lines(cartId)]);
      // A basket opened by this very request may not be in the read model yet.
      if (!cart && !moved) return { ...EMPTY_CART, userId };
      const lines = moved ? withLine(stored, moved.line) : stored;
      return basketView(cartId, { userId: cart?.userId ?? userId, note: cart?.note ?? '' }, lines, moved?.figures);
    },

    async availableStock(productId: number): Promise<{ available: number } | { vars: Array<{ name: string; available: number }> }> {
      const product = await menu.product(productId);
      if (!product) throw new DomainError('not_found', 'That product is not on the menu');
      const state = await stock.current(productId);
      const now = services.clock().toISOString();
      if (product.variants.length === 0) return { available: stockFigures(state, productId, null, now).available };
      return { vars: product.variants.map((variant) => ({ name: variant.name, available: stockFigures(state, productId, variant.id, now).available })) };
    },
  };
}

export type BasketReading = ReturnType<typeof createBasketReading>;

/** The lines with `line` as a move left it: replaced in place, added at the end, or gone when it holds nothing. */
export function withLine(lines: CartLineRow[], line: CartLineRow): CartLineRow[] {
  const same = (candidate: CartLineRow) => candidate.productId === line.productId && candidate.variantId === line.variantId;
  const others = lines.filter((candidate) => !same(candidate));
  if (line.quantity <= 0) return others;
  return lines.some(same) ? lines.map((candidate) => (same(candidate) ? line : candidate)) : [...lines, line];
}
