import type { CommandContext } from '../../../src/core/decider';
import type { OrderAccess } from './order-access';
import type { ShopFacts } from './shop-facts';
import type { SlotOffers } from './slot-offer';

/** When the customer's order is for (issue 37): what is offered, and the choice, decided by the order (decide-time.ts). */
export function createOrderTime(deps: { orders: OrderAccess; shop: Pick<ShopFacts, 'shopFacts'>; slots: SlotOffers }) {
  const { orders, shop, slots } = deps;
  return {
    offer: () => slots.offer(),

    /** As soon as possible (null) or a slot offered with room now; a slot gone is refused with the next ones. */
    async choose(orderId: string | undefined, scheduledFor: string | null, context: CommandContext) {
      const [facts, offer] = await Promise.all([shop.shopFacts(), slots.offer(new Date(context.now))]);
      await orders.handleFor(orderId, { type: 'ChooseOrderTime', orderId: orderId ?? '', scheduledFor, slots: offer.open, bookable: offer.slots, storeOpen: facts.shop.storeOpen }, context);
    },
  };
}
