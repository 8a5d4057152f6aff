import type { CommandContext } from '../../../src/core/decider';
import { itemsTotalPence } from '../../../src/shared/order';
import type { Basket } from '../../cart';
import { refusePlacing } from '../core/decider';
import type { OrderItem } from '../core/events';
import type { LeavingCard } from './leaving-card';
import type { OrderAccess } from './order-access';
import { orderIdFor } from './order-id';
import type { ShopFacts } from './shop-facts';

export interface BasketToOrderDeps {
  basket: Pick<Basket, 'view' | 'saveAsOrder'>;
  shop: Pick<ShopFacts, 'shopFacts' | 'notOffered'>;
  handle: OrderAccess['handle'];
  changeLeavingCard: LeavingCard['changeLeavingCard'];
}

/** The checkout's first step: the basket saved as an order (PlaceOrder), its lines frozen from the catalogue. */
export function createBasketToOrder({ basket, shop, handle, changeLeavingCard }: BasketToOrderDeps) {
  /** Reads the basket and, unless the decider's first check refuses it, places (or refreshes) its order. */
  async function placeFromBasket(cartId: string | undefined, userId: string | null, email: string | null, note: string | undefined, context: CommandContext) {
    const [facts, cart] = await Promise.all([shop.shopFacts(), basket.view(cartId, userId)]);
    const items: OrderItem[] = cart.cartItems
      .filter((item) => !item.released && item.quantity > 0)
      .map((item) => ({
        productId: item.id,
        variantId: item.variant_id,
        name: item.name,
        variantName: item.variant,
        unitPricePence: item.price + item.incremental_price,
        quantity: item.quantity,
        virtual: item.virtual,
      }));
    const offer = { shop: facts.shop, cartLabel: facts.cartLabel, notOffered: await shop.notOffered(items) };
    // The decider's own first check, here before there is an order id: a basket never opened is empty.
    refusePlacing({ ...offer, items });
    const orderId = orderIdFor(cart.cartId!);
    const data = { orderId, cartId: cart.cartId!, userId, email, items, itemsTotalPence: itemsTotalPence(items), note: note ?? cart.order_extra };
    // Most saves are a basket's first: nothing to read. A second save finds the order through the conflict.
    return { orderId, placing: handle(orderId, { type: 'PlaceOrder', data, ...offer }, context, { newStream: true }) };
  }

  return {
    /**
     * Freezes the basket's lines, names and prices from the catalogue into the order, and the basket itself until
     * the customer goes back to it (the cart module's saveAsOrder; issue 13, "two tabs").
     */
    async saveCartAsOrder(cartId: string | undefined, userId: string | null, email: string | null, note: string | undefined, context: CommandContext) {
      const save = () => placeFromBasket(cartId, userId, email, note, context);
      if (cartId !== undefined) {
        const saveBasket = () => basket.saveAsOrder(cartId, context, save);
        const saved = await changeLeavingCard(orderIdFor(cartId), context, saveBasket);
        // The attempt's money came as it was being cancelled: the basket is saved again all the same.
        return saved === 'placed' ? saveBasket() : saved;
      }
      const { orderId, placing } = await save(); // no basket: the decider's first check refuses it as empty
      await placing;
      return orderId;
    },
  };
}
