import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Position } from '../../src/eventstore/types';
import type { Services } from '../../src/services';
import type { CataloguePort } from '../catalog';
import { holdKey, type StockHandlers } from '../stock';
import type { BasketReading } from './basket-reading';
import type { BasketTurns } from './basket-turns';
import { cartDecider, isSavedAs } from './decider';
import { cartStream } from './events';
import type { KnownBaskets } from './known-baskets';
import type { LastChanges } from './last-changes';

/** Why a basket holding dishes taken off the menu since they were added is not saved as an order. */
export const dishesOffTheMenuMessage = (count: number) =>
  count === 1
    ? 'Sorry, a dish in your basket is no longer on the menu, so we have taken it out: please check your basket before you order'
    : `Sorry, ${count} dishes in your basket are no longer on the menu, so we have taken them out: please check your basket before you order`;

export interface BasketSavingDeps {
  services: Pick<Services, 'commands' | 'readModels'>;
  menu: Pick<CataloguePort, 'catalogue'>;
  stock: Pick<StockHandlers, 'giveBack'>;
  reading: Pick<BasketReading, 'linesBefore'>;
  known: KnownBaskets;
  changes: LastChanges;
  turns: BasketTurns;
}

/** Saving a basket as an order: its freeze while the order is at the checkout (issue 13, "two tabs"), and its reopening. */
export function createBasketSaving({ services, menu, stock, reading, known, changes, turns }: BasketSavingDeps) {
  /**
   * A dish archived (or in a category hidden) while it sits in a basket is off the menu, so the basket's view
   * leaves it out. Before the basket is saved as an order its held units go back on the shelf, and the save is
   * refused, so the customer sees the basket as it now is rather than an order silently missing a dish.
   */
  async function giveBackDishesOffTheMenu(cartId: string, context: CommandContext): Promise<number> {
    // Read as an add reads them: including the basket's last change.
    const lines = await reading.linesBefore(cartId, true);
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

  return {
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

    /** Whether the basket is still as it was saved as `orderId` (not reopened since): the checkout asks before placing it. */
    async stillSavedAs(cartId: string, orderId: string): Promise<boolean> {
      return isSavedAs(await services.commands.load(cartStream(cartId), cartDecider), orderId);
    },
  };
}
