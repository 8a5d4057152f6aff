import { DomainError } from '../../../src/core/errors';
import { formatPence } from '../../../src/shared/money';
import { orderTotalPence } from '../../../src/shared/order';
import { addressProblems, addressRefusal } from '../../../src/shared/delivery-address';
import { parsePostcode } from '../../../src/shared/postcode';
import type { ApplyVoucher, ChoosePaymentMethod, ChooseTakeawayMethod, GiveDeliveryDetails, PlaceOrder, RemoveVoucher, SubmitOrder } from './commands';
import type { OrderEvent, OrderItem, OrderPaymentMethod } from './events';
import {
  assertAllOffered,
  assertMethodOffered,
  assertPayable,
  assertPostageStands,
  assertStoreOpen,
  checkoutRefusal,
  lapseAtFor,
  missingForPayment,
  quotedPence,
  unpaidCapRefusal,
} from './rules';
import { postageOf, totalOf, voucherDeductionOf, type InCheckout, type OrderState } from './state';
import { assertSlotStands } from './time-rules';

export const ALREADY_PLACED = 'This order has already been placed';
export const CARD_PAYMENT_OPEN = 'Your card payment is being processed: please wait for it to finish before changing your order';
export const NO_ORDER = 'There is no order to update: save your basket first';
export const BASKET_CHANGED_SINCE_SAVED =
  'Your basket was opened again since this order was saved, perhaps in another tab: please go back to your basket and proceed to checkout again';

export function inCheckout(state: OrderState): InCheckout {
  if (state.status === 'none') throw new DomainError('not_found', NO_ORDER);
  if (state.status !== 'checkout') throw new DomainError('conflict', ALREADY_PLACED);
  return state;
}

/** An order in checkout that may change now: not frozen for a card payment. */
const openForChange = (state: OrderState): InCheckout => notFrozen(inCheckout(state));

const sameItems = (a: OrderItem[], b: OrderItem[]) => JSON.stringify(a) === JSON.stringify(b);

/** Why this basket may not become an order now (closed, no way to pay, empty, a dish taken off), or nothing. */
export function refusePlacing(command: Omit<PlaceOrder, 'type' | 'data'> & { items: OrderItem[] }): void {
  const refusal = checkoutRefusal(command.shop);
  if (refusal) throw new DomainError('conflict', refusal);
  if (command.items.length === 0) throw new DomainError('invalid', `${command.cartLabel} is Empty`);
  assertAllOffered(command.items, command.notOffered);
}

/** Freezes the basket into the order, or refreshes the order's items when the basket changed before paying. */
export function placeOrder(command: PlaceOrder, state: OrderState): OrderEvent[] {
  refusePlacing({ ...command, items: command.data.items });
  if (state.status === 'none') return [{ type: 'OrderPlaced', data: command.data }];
  const order = openForChange(state);
  const { orderId, items, itemsTotalPence, note } = command.data;
  return sameItems(order.items, items) && order.note === note
    ? []
    : [{ type: 'OrderItemsRefreshed', data: { orderId, items, itemsTotalPence, note } }];
}

/** The server computes the postage; a customer shown other figures is told the right ones. */
export function chooseTakeawayMethod(command: ChooseTakeawayMethod, state: OrderState): OrderEvent[] {
  assertStoreOpen(command.storeOpen);
  const order = openForChange(state);
  const check = command.method === 'DELIVER' ? command.checked : null;
  if (command.method === 'DELIVER' && (!check || (command.askedPostcode !== null && command.askedPostcode.trim().toUpperCase() !== check.postcode))) {
    throw new DomainError('invalid', 'Please check your postcode again before choosing delivery');
  }
  const postagePence = quotedPence(command.postage);
  // The method is chosen on the basket page, which shows no voucher: its total is items + postage. A voucher
  // already on the order stays, and its deduction follows the new postage (checkout page, spec §4).
  const totalPence = orderTotalPence({ itemsTotalPence: order.itemsTotalPence, postagePence, voucherDeductionPence: 0 });
  if (command.shown.postagePence !== postagePence || command.shown.totalPence !== totalPence) {
    throw new DomainError(
      'conflict',
      `The ${postagePence < 0 ? 'collect discount' : 'delivery charge'} is ${formatPence(postagePence)} and the total ${formatPence(totalPence)}: please check your order`,
    );
  }
  const next = { orderId: command.orderId, method: command.method, postcode: check?.postcode ?? null, miles: check?.miles ?? null, postagePence };
  const current = order.method;
  if (current && current.method === next.method && current.postcode === next.postcode && current.postagePence === next.postagePence) return [];
  return [{ type: 'TakeawayMethodChosen', data: next }];
}

/** Spec §2/§5: a delivery needs address line 1, the town and a valid postcode, the one whose distance was checked. */
export function giveDeliveryDetails(command: GiveDeliveryDetails, state: OrderState): OrderEvent[] {
  const order = openForChange(state);
  const given = command.details;
  if (order.userId && order.email && given.email.toLowerCase() !== order.email.toLowerCase()) {
    throw new DomainError('invalid', 'The email of a signed-in customer cannot be changed here');
  }
  const delivering = order.method?.method === 'DELIVER';
  const problem = addressProblems({ address_1: given.address1, town_city: given.townCity, postcode: given.postcode }, delivering)[0];
  if (problem) throw new DomainError('invalid', addressRefusal(problem));
  // Collection skips the postcode check: whatever was typed is kept as it is.
  const postcode = given.postcode ? parsePostcode(given.postcode) : null;
  const details = { ...given, postcode: postcode ?? given.postcode };
  if (delivering && order.method?.postcode && details.postcode !== order.method.postcode) {
    throw new DomainError('invalid', `The delivery postcode must be ${order.method.postcode}, the one whose distance was checked`);
  }
  return JSON.stringify(order.details) === JSON.stringify(details) ? [] : [{ type: 'DeliveryDetailsGiven', data: { orderId: command.orderId, ...details } }];
}

export function choosePaymentMethod(command: ChoosePaymentMethod, state: OrderState): OrderEvent[] {
  if (state.status === 'none') throw new DomainError('not_found', NO_ORDER);
  assertMethodOffered(command.method, command.paymentMethods);
  if (command.method === 'PHONE' && state.status === 'checkout' && !state.details?.phone) throw new DomainError('invalid', 'Not a valid phone No');
  // The same method again (a page reloaded while a card payment is open) changes nothing, frozen or not.
  if (state.status === 'checkout' && state.paymentMethod === command.method) return [];
  const order = openForChange(state);
  return order.paymentMethod === command.method ? [] : [{ type: 'PaymentMethodChosen', data: { orderId: command.orderId, method: command.method } }];
}

/** Places the order: everything the kitchen and the customer need is there, payable, offered and priced as shown. */
export function submitOrder(command: SubmitOrder, state: OrderState): OrderEvent[] {
  assertStoreOpen(command.shop.storeOpen);
  if (state.status === 'none') throw new DomainError('not_found', NO_ORDER);
  if (state.status !== 'checkout') {
    if (state.submitted.paymentMethod === command.paymentMethod) return []; // a retried completion
    throw new DomainError('conflict', ALREADY_PLACED);
  }
  const order = notFrozen(state);
  assertPayable(command.paymentMethod, command.shop.paymentMethods);
  assertSubmittable(command, order, command.paymentMethod);
  const awaitingPayment = command.paymentMethod === 'PHONE';
  if (awaitingPayment) {
    const refusal = unpaidCapRefusal(command.unpaid.waiting, command.unpaid.maxPerCustomer);
    if (refusal) throw new DomainError('conflict', refusal);
  }
  return [
    ...(order.paymentMethod === command.paymentMethod
      ? []
      : [{ type: 'PaymentMethodChosen' as const, data: { orderId: command.orderId, method: command.paymentMethod } }]),
    {
      type: 'OrderSubmitted',
      data: {
        orderId: command.orderId,
        paymentMethod: command.paymentMethod,
        status: awaitingPayment ? 'AWAITING-PAYMENT' : 'NEW',
        itemsTotalPence: order.itemsTotalPence,
        postagePence: postageOf(order),
        voucherDeductionPence: voucherDeductionOf(order),
        totalPence: totalOf(order),
        submittedAt: command.now,
        lapseAt: awaitingPayment ? lapseAtFor(command.now, command.unpaid.lapseMinutes) : null,
        tradingDay: command.tradingDay,
        ...timeOf(order.scheduledFor, command.window),
      },
    },
  ];
}

/**
 * Every check an order passes before it is placed, whatever pays for it: the basket as saved, nothing missing, the
 * method offered, every dish still offered, the postage as chosen.
 */
export function assertSubmittable(command: Omit<SubmitOrder, 'type' | 'paymentMethod'>, order: InCheckout, method: OrderPaymentMethod): void {
  if (!command.basketAsSaved) throw new DomainError('conflict', BASKET_CHANGED_SINCE_SAVED);
  const missing = missingForPayment(order, command.takeaway);
  if (missing) throw new DomainError('invalid', missing);
  assertMethodOffered(method, command.shop.paymentMethods);
  if (method === 'PHONE' && !order.details?.phone) throw new DomainError('invalid', 'Not a valid phone No');
  assertAllOffered(order.items, command.notOffered);
  if (order.method && command.postageNow) assertPostageStands(order.method.postagePence, command.postageNow);
  assertSlotStands(order, command.slots);
}

/** OrderSubmitted's time fields (issue 37), only when there is one: an order as soon as possible, with no cap, reads as before. */
export function timeOf(scheduledFor: string | null, window: string | null | undefined): { scheduledFor?: string; window?: string } {
  return { ...(scheduledFor ? { scheduledFor } : {}), ...(window ? { window } : {}) };
}

/** An order frozen for a card attempt changes only through the attempt's end (issue 17). */
export function notFrozen(order: InCheckout): InCheckout {
  if (order.cardAttempt) throw new DomainError('conflict', CARD_PAYMENT_OPEN);
  return order;
}

/** One voucher per order: a new code takes the place of the one applied (spec §4: changed until payment). */
export function applyVoucher(command: ApplyVoucher, state: OrderState): OrderEvent[] {
  const order = openForChange(state);
  if (order.voucher && JSON.stringify(order.voucher) === JSON.stringify(command.voucher)) return [];
  return [{ type: 'VoucherApplied', data: { orderId: command.orderId, ...command.voucher } }];
}

export function removeVoucher(command: RemoveVoucher, state: OrderState): OrderEvent[] {
  const order = openForChange(state);
  return order.voucher ? [{ type: 'VoucherRemoved', data: { orderId: command.orderId, voucherId: order.voucher.voucherId } }] : [];
}
