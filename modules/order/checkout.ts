import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { uuidFromName } from '../../src/core/uuid';
import type { Services } from '../../src/services';
import { formatPence } from '../../src/shared/money';
import { CARD_UNAVAILABLE, NO_PAYMENT_METHODS, PAYPAL_UNAVAILABLE } from '../../src/shared/payment-texts';
import { readSettings } from '../store';
import { checkOut, type Basket } from '../cart';
import type { DeliveryCheck, DeliveryService } from '../delivery';
import { createStockHandlers, holdUntilAfter, OutOfStock } from '../stock';
import { missingForPayment, orderDecider, type OrderState } from './decider';
import { orderStream, type DeliveryDetails, type OrderItem, type OrderPaymentMethod, type TakeawayMethod } from './events';
import { orderView } from './view';

/** Order ids derive from the basket: saving one basket twice, in two tabs or by a retry, is one order. */
const ORDER_NAMESPACE = '6f1c1f0e-8a39-4a4b-9a52-2f0d8a7b3c11';
export const orderIdFor = (cartId: string) => uuidFromName(ORDER_NAMESPACE, cartId);

export const CLOSED = "Sorry, we're closed & not taking orders right now. Please try again when we're next open";

export interface CheckoutDeps {
  services: Services;
  basket: Basket;
  delivery: DeliveryService;
}

/** The checkout: basket → order → method and postage → details → payment → placed. */
export function createCheckout({ services, basket, delivery }: CheckoutDeps) {
  const stock = createStockHandlers(services.commands);
  const load = (orderId: string) => services.commands.load(orderStream(orderId), orderDecider);
  const handle = (orderId: string, command: Parameters<typeof orderDecider.decide>[0], context: CommandContext, options?: { newStream?: boolean }) =>
    services.commands.handle(orderStream(orderId), orderDecider, command, context, options);

  async function shopSettings() {
    return readSettings(services.settings, ['is_takeaway', 'order_status', 'payment_methods', 'site_name', 'phone_no_display', 'full_address', 'cart_label']);
  }

  /** Spec §5: why no checkout may start now (the takeaway closed, or no way to pay: can_pay off), or null. */
  function checkoutRefusal(settings: Awaited<ReturnType<typeof shopSettings>>): string | null {
    if (settings.is_takeaway === true && settings.order_status === 'closed') return CLOSED;
    if ((settings.payment_methods as string[]).length === 0) return NO_PAYMENT_METHODS;
    return null;
  }

  async function assertOpen(): Promise<{ takeaway: boolean }> {
    const settings = await shopSettings();
    const takeaway = settings.is_takeaway === true;
    if (takeaway && settings.order_status === 'closed') throw new DomainError('conflict', CLOSED);
    return { takeaway };
  }

  /** Every order must exist before it is changed, and only by the session that saved it. */
  async function current(orderId: string | undefined): Promise<Extract<OrderState, { status: 'checkout' }> | Exclude<OrderState, { status: 'none' }>> {
    if (!orderId) throw new DomainError('not_found', 'There is no order to update: save your basket first');
    const state = await load(orderId);
    if (state.status === 'none') throw new DomainError('not_found', 'There is no order to update: save your basket first');
    return state;
  }

  async function availablePaymentMethods(): Promise<string[]> {
    return (await shopSettings()).payment_methods as string[];
  }

  /**
   * Only a method the shop offers, and only one that needs no payment taken first: phone orders wait for staff
   * to mark them paid. Card and PayPal orders would go to the kitchen as paid, so until their payments are
   * confirmed with the provider they are refused here, whatever the web app shows.
   */
  async function assertPayable(method: OrderPaymentMethod): Promise<void> {
    if (!(await availablePaymentMethods()).includes(method.toLowerCase())) throw new DomainError('invalid', 'That payment method is not available');
    if (method === 'CARD') throw new DomainError('conflict', CARD_UNAVAILABLE);
    if (method === 'PAYPAL') throw new DomainError('conflict', PAYPAL_UNAVAILABLE);
  }

  /** A dish the kitchen has taken off (out of stock, or off the menu) since it went into the basket is not sold. */
  async function assertStillOffered(items: Array<{ productId: number; variantId: number | null }>): Promise<void> {
    for (const item of items) await basket.check(item.productId, item.variantId, true);
  }

  /**
   * The postage chosen at the basket still holds at completion: a manager may have switched delivery or the
   * collect discount off, or changed the radius, the bands or the minimum order, since.
   */
  async function assertPostageStands(order: Extract<OrderState, { status: 'checkout' }>): Promise<void> {
    if (!order.method) return; // outside takeaway mode: no postage
    const { method, postcode, miles, postagePence } = order.method;
    const check = method === 'DELIVER' && postcode !== null && miles !== null ? { postcode, miles } : undefined;
    const allVirtual = order.items.every((item) => item.virtual);
    const postage = await delivery.postage(method, { itemsTotalPence: order.itemsTotalPence, allVirtual }, check);
    if (postage !== postagePence) {
      const what = postage < 0 || postagePence < 0 ? 'collect discount' : 'delivery charge';
      throw new DomainError('conflict', `The ${what} has changed to ${formatPence(postage)}: please choose collection or delivery again`);
    }
  }

  return {
    assertOpen,
    availablePaymentMethods,

    async canPay(): Promise<boolean> {
      return checkoutRefusal(await shopSettings()) === null;
    },

    /** Freezes the basket's lines, names and prices from the catalogue into the order. */
    async saveCartAsOrder(
      cartId: string | undefined,
      userId: string | null,
      email: string | null,
      note: string | undefined,
      context: CommandContext,
    ) {
      const settings = await shopSettings();
      const refusal = checkoutRefusal(settings);
      if (refusal) throw new DomainError('conflict', refusal);
      const cart = await basket.view(cartId, userId);
      const lines = cart.cartItems.filter((item) => !item.released && item.quantity > 0);
      if (!cart.cartId || lines.length === 0) throw new DomainError('invalid', `${settings.cart_label} is Empty`);
      await assertStillOffered(lines.map((line) => ({ productId: line.id, variantId: line.variant_id })));
      const items: OrderItem[] = lines.map((item) => ({
        productId: item.id,
        variantId: item.variant_id,
        name: item.name,
        variantName: item.variant,
        unitPricePence: item.price + item.incremental_price,
        quantity: item.quantity,
        virtual: item.virtual,
      }));
      const orderId = orderIdFor(cart.cartId);
      await handle(orderId, {
        type: 'PlaceOrder',
        data: {
          orderId,
          cartId: cart.cartId,
          userId,
          email,
          items,
          itemsTotalPence: items.reduce((sum, item) => sum + item.unitPricePence * item.quantity, 0),
          note: note ?? cart.order_extra,
        },
        // Most saves are a basket's first: nothing to read. A second save finds the order through the conflict.
      }, context, { newStream: true });
      return orderId;
    },

    /** The server computes the postage; a client whose figures disagree is told the right ones. */
    async chooseMethod(
      orderId: string | undefined,
      input: { method: TakeawayMethod; postcode: string | null; postagePence: number; totalPence: number },
      check: DeliveryCheck | undefined,
      context: CommandContext,
    ) {
      await assertOpen();
      const order = await current(orderId);
      if (order.status !== 'checkout') throw new DomainError('conflict', 'This order has already been placed');
      const deliveryCheck = input.method === 'DELIVER' ? check : undefined;
      if (input.method === 'DELIVER' && (!check || (input.postcode !== null && input.postcode.trim().toUpperCase() !== check.postcode))) {
        throw new DomainError('invalid', 'Please check your postcode again before choosing delivery');
      }
      const allVirtual = order.items.every((item) => item.virtual);
      const postagePence = await delivery.postage(input.method, { itemsTotalPence: order.itemsTotalPence, allVirtual }, deliveryCheck);
      const totalPence = order.itemsTotalPence + postagePence;
      if (input.postagePence !== postagePence || input.totalPence !== totalPence) {
        throw new DomainError(
          'conflict',
          `The ${postagePence < 0 ? 'collect discount' : 'delivery charge'} is ${formatPence(postagePence)} and the total ${formatPence(totalPence)}: please check your order`,
        );
      }
      await handle(order.orderId, {
        type: 'ChooseTakeawayMethod',
        data: { orderId: order.orderId, method: input.method, postcode: deliveryCheck?.postcode ?? null, miles: deliveryCheck?.miles ?? null, postagePence },
      }, context);
    },

    async giveDetails(orderId: string | undefined, details: DeliveryDetails, context: CommandContext) {
      const order = await current(orderId);
      await handle(order.orderId, { type: 'GiveDeliveryDetails', orderId: order.orderId, details }, context);
    },

    async choosePaymentMethod(orderId: string | undefined, method: OrderPaymentMethod, context: CommandContext) {
      const order = await current(orderId);
      if (!(await availablePaymentMethods()).includes(method.toLowerCase())) {
        throw new DomainError('invalid', 'That payment method is not available');
      }
      if (method === 'PHONE' && order.status === 'checkout' && !order.details?.phone) {
        throw new DomainError('invalid', 'Not a valid phone No');
      }
      await handle(order.orderId, { type: 'ChoosePaymentMethod', orderId: order.orderId, method }, context);
    },

    async fetch(orderId: string | undefined) {
      if (!orderId) return null;
      return orderView(await load(orderId));
    },

    /**
     * Places the order: the basket's held units become sold (all or none), the order is submitted, the
     * basket is done and the confirmation goes out. Safe to repeat: a retry changes nothing and answers the same.
     */
    async complete(orderId: string | undefined, method: OrderPaymentMethod, context: CommandContext) {
      const { takeaway } = await assertOpen();
      const order = await current(orderId);
      if (order.status === 'checkout') {
        const missing = missingForPayment(order, takeaway);
        if (missing) throw new DomainError('invalid', missing);
        await assertPayable(method);
        if (method === 'PHONE' && !order.details?.phone) throw new DomainError('invalid', 'Not a valid phone No');
        await assertStillOffered(order.items);
        await assertPostageStands(order);
        await sellAll(order.orderId, order.cartId, order.items, context);
      }
      // Once the units are sold, the order and its basket are told together (one round trip, most often). If
      // either fails, a retry sells nothing twice and repeats neither.
      const [submitted] = await Promise.all([
        handle(order.orderId, { type: 'SubmitOrder', orderId: order.orderId, paymentMethod: method, takeaway, now: context.now }, context),
        checkOut(services.commands, order.cartId, order.orderId, context),
      ]);
      // The confirmation mail goes from the outbox (see customer-mail.ts) once OrderSubmitted is stored.
      return orderView(submitted.state)!;
    },
  };

  /**
   * Sells every line for this order, all at once (one round trip, most often); if one cannot be sold, those
   * that were go back into the basket, so the customer told to update it finds them there.
   */
  async function sellAll(orderId: string, cartId: string, items: OrderItem[], context: CommandContext): Promise<void> {
    const sales = await Promise.allSettled(
      items.map((item) => stock.sell(item.productId, item.variantId, cartId, orderId, item.quantity, context)),
    );
    const failed = sales.findIndex((sale) => sale.status === 'rejected');
    if (failed < 0) return;
    const holdUntil = holdUntilAfter(context.now, services.basketHoldMinutes);
    await Promise.all(
      items
        .filter((_, index) => sales[index].status === 'fulfilled')
        .map((sold) => stock.cancelSale(sold.productId, sold.variantId, orderId, { cartId, holdUntil }, context)),
    );
    const error = (sales[failed] as PromiseRejectedResult).reason;
    if (error instanceof OutOfStock) {
      const item = items[failed];
      const name = item.variantName ? `${item.name} (${item.variantName})` : item.name;
      throw new DomainError('conflict', `Sorry, ${name} sold out while you were checking out: please update your basket`);
    }
    throw error;
  }
}

function readAddress(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export type Checkout = ReturnType<typeof createCheckout>;
