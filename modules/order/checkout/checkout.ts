import type { CommandContext } from '../../../src/core/decider';
import { DomainError } from '../../../src/core/errors';
import { uuidFromName } from '../../../src/core/uuid';
import type { Services } from '../../../src/services';
import { isAllVirtual, itemsTotalPence } from '../../../src/shared/order';
import type { Basket } from '../../cart';
import { dishNotOffered, type CataloguePort } from '../../catalog';
import type { DeliveryCheck, DeliveryService } from '../../delivery';
import { isOrderingClosed, readOpeningHours, readSettings, tradingDayOf } from '../../store';
import type { Vouchers } from '../../voucher';
import type { DishRef, OrderCommand, QuotedPostage, SubmitOrder, UnpaidWaiting } from '../core/commands';
import { inCheckout } from '../core/decide-checkout';
import { NO_ORDER, orderDecider, refusePlacing, type OrderState } from '../core/decider';
import { orderStream, type DeliveryDetails, type OrderItem, type OrderPaymentMethod, type TakeawayMethod } from '../core/events';
import { checkoutRefusal, kitchenAttended, methodsOfferedNow } from '../core/rules';
import type { UnpaidOrders } from './unpaid-orders';
import { orderView } from '../core/view';
import { RELEASED_ON_ABANDONED_CHECKOUT } from '../core/voucher-release';
import { USE_AWAITS_CARD } from './voucher-step-undo';
import { createCardCheckout, type CardCheckoutDeps } from '../card/card-checkout';
import { createPlacing, voucherFacts } from '../placing';
import type { Payments } from '../../payment';

export const CARD_ALREADY_PAID = 'Your card payment went through just now: your order is placed';

/** Order ids derive from the basket: saving one basket twice, in two tabs or by a retry, is one order. */
const ORDER_NAMESPACE = '6f1c1f0e-8a39-4a4b-9a52-2f0d8a7b3c11';
export const orderIdFor = (cartId: string) => uuidFromName(ORDER_NAMESPACE, cartId);

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
  staffPresence?: { lastSeenAt(): string | null };
}

/** The orders placed in the customer's session (newest last), for the cap on unpaid phone orders. */
export interface CheckoutSession {
  placedOrderIds: readonly string[];
}

const NO_SESSION: CheckoutSession = { placedOrderIds: [] };
const NONE_WAITING: UnpaidWaiting = { phone: 0, email: 0, session: 0 };

/**
 * The checkout: basket → order → method and postage → details → payment → placed. Each step loads the facts its
 * command needs (settings, the catalogue, the postage), builds the command and has the order decider decide.
 */
export function createCheckout({ services, basket, delivery, catalogue, unpaidOrders, vouchers, payments, logger, staffPresence }: CheckoutDeps) {
  const placing = createPlacing({ services, basket, vouchers });
  const load = (orderId: string) => services.commands.load(orderStream(orderId), orderDecider);
  const stateOf = async (orderId: string | undefined): Promise<OrderState> => (orderId ? load(orderId) : orderDecider.initialState);
  const handle = (orderId: string, command: OrderCommand, context: CommandContext, options?: { newStream?: boolean }) =>
    services.commands.handle(orderStream(orderId), orderDecider, command, context, options);
  const handleFor = (orderId: string | undefined, command: OrderCommand, context: CommandContext) =>
    orderId ? handle(orderId, command, context) : refuseWithoutOrder(command);

  /** The methods the shop offers that may be used now: card only while the kitchen is attended (issue 17). */
  const offeredNow = <M extends string>(methods: readonly M[], unattendedMinutes: number) =>
    methodsOfferedNow(methods, kitchenAttended({ lastStaffSeenAt: staffPresence?.lastSeenAt() ?? null, now: services.clock().toISOString(), minutes: unattendedMinutes }));

  async function shopFacts() {
    const settings = await readSettings(services.settings, ['is_takeaway', 'order_status', 'payment_methods', 'cart_label', 'unpaid_lapse_minutes', 'max_unpaid_orders', 'card_unattended_minutes']);
    return {
      takeaway: settings.is_takeaway,
      cartLabel: settings.cart_label,
      unpaid: { lapseMinutes: settings.unpaid_lapse_minutes, maxPerCustomer: settings.max_unpaid_orders },
      shop: { storeOpen: !isOrderingClosed({ isTakeaway: settings.is_takeaway, orderStatus: settings.order_status }), paymentMethods: takeable(offeredNow(settings.payment_methods, settings.card_unattended_minutes)) },
    };
  }

  /** The methods the shop offers that it can take now: card only with the provider's keys configured. */
  function takeable(offered: readonly string[]): string[] {
    return offered.filter((method) => method !== 'card' || payments.ready);
  }

  /** The dishes the kitchen has taken off (out of stock, or off the menu) since they went into the basket. */
  async function notOffered(items: DishRef[]): Promise<DishRef[]> {
    const products = await Promise.all(items.map((item) => catalogue.product(item.productId)));
    return items.filter((item, index) => {
      const product = products[index];
      return !product || dishNotOffered(product, item.variantId) !== null;
    });
  }

  /** What a method costs this order now, or why the delivery module refuses it now. */
  async function quote(method: TakeawayMethod, order: { itemsTotalPence: number; items: OrderItem[] }, check: DeliveryCheck | undefined): Promise<QuotedPostage> {
    try {
      return { pence: await delivery.postage(method, { itemsTotalPence: order.itemsTotalPence, allVirtual: isAllVirtual(order.items) }, check) };
    } catch (error) {
      if (error instanceof DomainError) return { refused: { kind: error.kind, message: error.message } };
      throw error;
    }
  }

  /** The phone orders this customer already has awaiting payment; only a phone order waits for payment. */
  async function waiting(state: OrderState, method: OrderPaymentMethod, session: CheckoutSession): Promise<UnpaidWaiting> {
    if (method !== 'PHONE' || state.status !== 'checkout' || !state.details) return NONE_WAITING;
    return unpaidOrders.waiting({ phone: state.details.phone, email: state.details.email, orderIds: session.placedOrderIds });
  }

  /** The facts SubmitOrder needs, for the order as it stands. */
  async function submitOrder(
    orderId: string | undefined,
    state: OrderState,
    method: OrderPaymentMethod,
    now: string,
    session: CheckoutSession,
  ): Promise<SubmitOrder> {
    const [facts, unpaidWaiting, hours] = await Promise.all([shopFacts(), waiting(state, method, session), readOpeningHours(services.settings)]);
    const inCheckout = state.status === 'checkout' ? state : null;
    const chosen = inCheckout?.method;
    const check = chosen?.method === 'DELIVER' && chosen.postcode !== null && chosen.miles !== null ? { postcode: chosen.postcode, miles: chosen.miles } : undefined;
    return {
      type: 'SubmitOrder',
      orderId: orderId ?? '',
      paymentMethod: method,
      takeaway: facts.takeaway,
      shop: facts.shop,
      notOffered: inCheckout ? await notOffered(inCheckout.items) : [],
      postageNow: inCheckout && chosen ? await quote(chosen.method, inCheckout, check) : null,
      unpaid: { ...facts.unpaid, waiting: unpaidWaiting },
      basketAsSaved: inCheckout ? await basket.stillSavedAs(inCheckout.cartId, inCheckout.orderId) : true,
      tradingDay: tradingDayOf(new Date(now), hours),
      now,
    };
  }

  /** Reads the basket and, unless the decider's first check refuses it, places (or refreshes) its order. */
  async function placeFromBasket(cartId: string | undefined, userId: string | null, email: string | null, note: string | undefined, context: CommandContext) {
    const [facts, cart] = await Promise.all([shopFacts(), basket.view(cartId, userId)]);
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
    const offer = { shop: facts.shop, cartLabel: facts.cartLabel, notOffered: await notOffered(items) };
    // The decider's own first check, here before there is an order id: a basket never opened is empty.
    refusePlacing({ ...offer, items });
    const orderId = orderIdFor(cart.cartId!);
    const data = { orderId, cartId: cart.cartId!, userId, email, items, itemsTotalPence: itemsTotalPence(items), note: note ?? cart.order_extra };
    // Most saves are a basket's first: nothing to read. A second save finds the order through the conflict.
    return { orderId, placing: handle(orderId, { type: 'PlaceOrder', data, ...offer }, context, { newStream: true }) };
  }

  const card = createCardCheckout({ services, basket, payments, logger, placing, submitFacts: submitOrder });

  /** Back on the basket page with a card attempt open: it is cancelled before the basket may change. */
  async function leaveCardPayment(cartId: string, context: CommandContext): Promise<void> {
    if (payments.ready) await card.cancelOpenCardAttempt(orderIdFor(cartId), context);
  }

  /**
   * Runs a change of the order that an open card attempt refuses: the decider's CARD_PAYMENT_OPEN, or, on a save,
   * the basket's own check, the attempt having sold the basket's units. Nearly every change finds no attempt open,
   * so the order is read for one only after a refusal: an open attempt is then cancelled and the change made once
   * more, as if the attempt had been cancelled first. Answers 'placed' instead when the attempt's money came.
   */
  async function changeLeavingCard<T>(orderId: string, context: CommandContext, change: () => Promise<T>): Promise<T | 'placed'> {
    try {
      return await change();
    } catch (error) {
      if (!(error instanceof DomainError) || !payments.ready) throw error;
      const left = await card.cancelOpenCardAttempt(orderId, context);
      if (left === 'none') throw error;
      return left === 'placed' ? 'placed' : change();
    }
  }

  return {
    ...card,
    async availablePaymentMethods(): Promise<string[]> {
      const settings = await readSettings(services.settings, ['payment_methods', 'card_unattended_minutes']);
      return takeable(offeredNow(settings.payment_methods, settings.card_unattended_minutes));
    },

    async canPay(): Promise<boolean> {
      return checkoutRefusal((await shopFacts()).shop) === null;
    },

    /**
     * Freezes the basket's lines, names and prices from the catalogue into the order, and the basket itself until
     * the customer goes back to it (the cart module's saveAsOrder; issue 13, "two tabs").
     */
    leaveCardPayment,

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

    /** The server computes the postage; a client whose figures disagree is told the right ones. */
    async chooseMethod(
      orderId: string | undefined,
      input: { method: TakeawayMethod; postcode: string | null; postagePence: number; totalPence: number },
      check: DeliveryCheck | undefined,
      context: CommandContext,
    ) {
      const [facts, state] = await Promise.all([shopFacts(), stateOf(orderId)]);
      // Only an order in checkout is priced; for any other the decider refuses before it reads the postage.
      const postage = state.status === 'checkout' ? await quote(input.method, state, input.method === 'DELIVER' ? check : undefined) : { pence: 0 };
      await handleFor(orderId, {
        type: 'ChooseTakeawayMethod',
        orderId: orderId ?? '',
        method: input.method,
        askedPostcode: input.postcode,
        checked: check ?? null,
        postage,
        storeOpen: facts.shop.storeOpen,
        shown: { postagePence: input.postagePence, totalPence: input.totalPence },
      }, context);
    },

    async giveDetails(orderId: string | undefined, details: DeliveryDetails, context: CommandContext) {
      await handleFor(orderId, { type: 'GiveDeliveryDetails', orderId: orderId ?? '', details }, context);
    },

    async choosePaymentMethod(orderId: string | undefined, method: OrderPaymentMethod, context: CommandContext) {
      const { shop } = await shopFacts();
      const choose = () => handleFor(orderId, { type: 'ChoosePaymentMethod', orderId: orderId ?? '', method, paymentMethods: shop.paymentMethods }, context);
      if (!orderId || method === 'CARD') return void (await choose());
      // Another method while a card attempt is open: the attempt is cancelled, unless its money came.
      if ((await changeLeavingCard(orderId, context, choose)) === 'placed') throw new DomainError('conflict', CARD_ALREADY_PAID);
    },

    async fetch(orderId: string | undefined) {
      if (!orderId) return null;
      return orderView(await load(orderId));
    },

    /**
     * Places the order: the basket's held units become sold (all or none), the order is submitted, the
     * basket is done and the confirmation goes out. Safe to repeat: a retry changes nothing and answers the same.
     */
    async complete(orderId: string | undefined, method: OrderPaymentMethod, context: CommandContext, session: CheckoutSession) {
      const before = await stateOf(orderId);
      if (before.status === 'none') return completeNow(orderId, before, method, context, session);
      return basket.inTurn(before.cartId, async () => completeNow(orderId, await stateOf(orderId), method, context, session));
    },

    /**
     * Spec §4 "Voucher": the voucher module decides what the code takes off this order now (or why not); the order
     * keeps the voucher's terms, so its totals follow the basket. No use is held until the order is placed.
     */
    async applyVoucher(orderId: string, code: string, email: string, context: CommandContext) {
      const state = await load(orderId);
      const order = inCheckout(state);
      const accepted = await vouchers.check(code, email, voucherFacts(order), context.now);
      const { voucherId, description, benefit } = accepted;
      const result = await handle(orderId, { type: 'ApplyVoucher', orderId, voucher: { voucherId, code: accepted.code, description, benefit } }, context);
      return orderView(result.state)!;
    },

    async removeVoucher(orderId: string, context: CommandContext) {
      const result = await handle(orderId, { type: 'RemoveVoucher', orderId }, context);
      return orderView(result.state)!;
    },

    /** The checkout process's request (checkout-process.ts), safe to repeat. */
    processActions: {
      /**
       * A checkout cut off after selling: finish placing the order when `forward` and the decider still accepts it
       * with the payment method the customer chose; otherwise give whatever is still sold back into the basket,
       * with a fresh hold, so the customer who comes back finds it there.
       */
      async finish(orderId: string, forward: boolean, context: CommandContext): Promise<void> {
        const before = await load(orderId);
        if (before.status === 'none') return;
        await basket.inTurn(before.cartId, () => finishNow(orderId, forward, context));
      },

      /**
       * The voucher step's undo (voucher-step-undo.ts): a use reserved for this order whose checkout was cut off
       * goes back, unless the order was placed with it; refused while a card attempt owns it. In the basket's
       * turn, so a checkout still going in this process finishes first.
       */
      async undoVoucherStep(orderId: string, voucherId: string, context: CommandContext): Promise<void> {
        const undo = async () => {
          const fate = await placing.releaseVoucherUse(orderId, await load(orderId), voucherId, RELEASED_ON_ABANDONED_CHECKOUT, context);
          if (fate === 'awaitCard') throw new DomainError('conflict', USE_AWAITS_CARD);
        };
        const before = await load(orderId);
        await (before.status === 'none' ? undo() : basket.inTurn(before.cartId, undo));
      },
    },
  };

  /** complete(), in the basket's turn: the placing sequence (placing.ts). */
  async function completeNow(orderId: string | undefined, state: OrderState, method: OrderPaymentMethod, context: CommandContext, session: CheckoutSession) {
    const command = await submitOrder(orderId, state, method, context.now, session);
    if (!orderId || state.status === 'none') refuseWithoutOrder(command);
    // The confirmation mail goes from the outbox (see customer-mail.ts) once OrderSubmitted is stored.
    return orderView(await placing.place(state, command, context))!;
  }

  /**
   * The checkout process's finish, in the basket's turn: an order placed is finished forward; one in checkout is
   * placed when `forward` and the decider and the stock accept it now, else its sale and voucher step are undone.
   */
  async function finishNow(orderId: string, forward: boolean, context: CommandContext): Promise<void> {
    const state = await load(orderId);
    if (state.status === 'none') return;
    if (state.status !== 'checkout') return placing.finishPlaced(state, context);
    // Frozen for a card attempt: money may be moving, so only the provider's answer ends it (card-process.ts).
    if (state.cardAttempt) return;
    if (forward && state.paymentMethod) {
      const command = await submitOrder(orderId, state, state.paymentMethod, context.now, NO_SESSION);
      const placed = await placing.place(state, command, context).then(
        () => true,
        (error: unknown) => {
          if (error instanceof DomainError) return false;
          throw error;
        },
      );
      if (placed) return;
    }
    await placing.undoPlacing(await load(orderId), context);
  }
}

/** Without an order id there is no order: the decider says why, as it would for an id with no order. */
function refuseWithoutOrder(command: OrderCommand): never {
  orderDecider.decide(command, orderDecider.initialState);
  throw new DomainError('not_found', NO_ORDER);
}

export type Checkout = ReturnType<typeof createCheckout>;
