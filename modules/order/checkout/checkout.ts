import type { Services } from '../../../src/services';
import type { Basket } from '../../cart';
import type { CataloguePort } from '../../catalog';
import type { DeliveryService } from '../../delivery';
import type { Payments } from '../../payment';
import type { Vouchers } from '../../voucher';
import { createKitchenWindows, type PlaceReturnReason, type WindowLoads } from '../../capacity';
import type { CommandContext } from '../../../src/core/decider';
import { createWindowPlace } from '../window-place';
import { createSlotOffer } from './slot-offer';
import { createOrderTime } from './order-time';
import { orderView } from '../core/view';
import { createCardCheckout, type CardCheckoutDeps } from '../card/card-checkout';
import { createPlacing } from '../placing';
import { createBasketToOrder } from './basket-to-order';
import { createLeavingCard } from './leaving-card';
import { createOrderAccess } from './order-access';
import { createOrderChoices } from './order-choices';
import { createPhoneCompletion } from './phone-completion';
import { createProcessActions } from './process-actions';
import { createShopFacts, type StaffPresence } from './shop-facts';
import { createSubmitFacts } from './submit-facts';
import type { UnpaidOrders } from './unpaid-orders';

export interface CheckoutDeps {
  services: Services;
  basket: Basket;
  delivery: DeliveryService;
  catalogue: CataloguePort;
  unpaidOrders: UnpaidOrders;
  vouchers: Vouchers;
  payments: Payments;
  logger?: CardCheckoutDeps['logger'];
  /** When a staff screen last followed the live orders (src/live/staff-presence.ts); none known: card is not offered. */
  staffPresence?: StaffPresence;
  /** The kitchen windows' places as the read model counts them (issue 37). */
  windowLoads: WindowLoads;
}

/**
 * The checkout: basket → order → method and postage → details → payment → placed. Each step loads the facts its
 * command needs (settings, the catalogue, the postage), builds the command and has the order decider decide.
 * Its parts, each in its own file: the shop's facts and quotes (shop-facts.ts), SubmitOrder's facts
 * (submit-facts.ts), the basket saved as an order (basket-to-order.ts), the customer's choices
 * (order-choices.ts), leaving an open card attempt (leaving-card.ts), the phone completion
 * (phone-completion.ts), the checkout process's requests (process-actions.ts) and card payments
 * (../card/card-checkout.ts); all place through the one placing sequence (../placing.ts).
 */
export function createCheckout({ services, basket, delivery, catalogue, unpaidOrders, vouchers, payments, logger, staffPresence, windowLoads }: CheckoutDeps) {
  const orders = createOrderAccess(services.commands);
  const shop = createShopFacts({ services, payments, catalogue, delivery, staffPresence });
  const slots = createSlotOffer({ services, windowLoads });
  const { submitFacts } = createSubmitFacts({ services, shop, unpaidOrders, basket, slots });
  const windowPlace = createWindowPlace({ services, windows: createKitchenWindows(services.commands), loads: windowLoads, slots });
  const placing = createPlacing({ services, basket, vouchers, logger, windowPlace });
  const card = createCardCheckout({ services, payments, logger, placing, submitFacts });
  const { leaveCardPayment, changeLeavingCard } = createLeavingCard({ payments, card });

  return {
    ...card,
    availablePaymentMethods: shop.availablePaymentMethods,
    canPay: shop.canPay,
    leaveCardPayment,
    ...createBasketToOrder({ basket, shop, handle: orders.handle, changeLeavingCard }),
    ...createOrderChoices({ orders, shop, vouchers, changeLeavingCard }),

    async fetch(orderId: string | undefined) {
      if (!orderId) return null;
      return orderView(await orders.load(orderId));
    },

    ...createPhoneCompletion({ stateOf: orders.stateOf, submitFacts, placing }),
    /** When the order is for (issue 37): the slots offered, the customer's choice. */
    time: createOrderTime({ orders, shop, slots }),
    /** The window-return process's request (../kitchen/window-return.ts): the place the order holds goes back. */
    windowReturnActions: {
      async giveBack(orderId: string, reason: PlaceReturnReason, context: CommandContext) {
        const state = await orders.load(orderId);
        if (state.status !== 'none' && state.status !== 'checkout' && state.submitted.window) await windowPlace.giveBack(orderId, state.submitted.window, reason, context);
      },
    },
    /** The checkout process's requests (checkout-process.ts), safe to repeat. */
    processActions: createProcessActions({ load: orders.load, submitFacts, placing }),
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
