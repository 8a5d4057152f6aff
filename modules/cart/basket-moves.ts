import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Position } from '../../src/eventstore/types';
import type { Services } from '../../src/services';
import type { CatalogueProduct } from '../catalog';
import { heldBy, holdKey, holdUntilAfter, OutOfStock, stockFigures, type AddressHoldings, type StockHandlers } from '../stock';
import { readSettings } from '../store';
import type { AddressHolds } from './address-holds';
import type { CartLineRow } from './basket-lines';
import type { BasketReading, Moved } from './basket-reading';
import { withLine } from './basket-reading';
import type { BasketTurns } from './basket-turns';
import { cartDecider, refuseChangeAtCheckout } from './decider';
import { describe, offerOf } from './dish-offer';
import { cartStream } from './events';
import { holdBegan, type KnownBaskets } from './known-baskets';
import type { LastChanges } from './last-changes';

export interface BasketMovesDeps {
  services: Pick<Services, 'commands' | 'settings' | 'readModels' | 'basketHoldMinutes'>;
  stock: Pick<StockHandlers, 'reserve' | 'giveBack' | 'renewHolds'>;
  addressHolds: Pick<AddressHolds, 'add'>;
  reading: Pick<BasketReading, 'linesBefore' | 'linesNow'>;
  known: KnownBaskets;
  changes: LastChanges;
  turns: BasketTurns;
}

/** Adding to and taking from a basket: the stock module's holds, within the caps and the address's shares. */
export function createBasketMoves({ services, stock, addressHolds, reading, known, changes, turns }: BasketMovesDeps) {
  const holdUntil = (context: CommandContext) => holdUntilAfter(context.now, services.basketHoldMinutes);

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
    const [settings, before] = await Promise.all([basketSettings(), reading.linesBefore(cartId, adding), opening ? undefined : refuseWhenAtCheckout(cartId)]);
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
    const lines = await reading.linesNow(cartId);
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

  return {
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
  };
}
