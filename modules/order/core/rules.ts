import { minutesAfter } from '../../../src/core/clock';
import { DomainError } from '../../../src/core/errors';
import { addressProblems } from '../../../src/shared/delivery-address';
import { formatPence } from '../../../src/shared/money';
import { needsAddress } from '../../../src/shared/order';
import { CARD_UNAVAILABLE, NO_PAYMENT_METHODS, PAYPAL_UNAVAILABLE } from '../../../src/shared/payment-texts';
import { CLOSED_REFUSAL } from '../../../src/shared/store-status';
import { dishName, notOfferedMessage } from '../../catalog';
import type { DishRef, QuotedPostage, ShopFacts, UnpaidWaiting } from './commands';
import type { OrderItem, OrderPaymentMethod } from './events';
import type { OrderBody } from './state';

/** Spec §5: why no checkout may start now (the takeaway closed, or no way to pay: can_pay off), or null. */
export function checkoutRefusal(shop: ShopFacts): string | null {
  if (!shop.storeOpen) return CLOSED_REFUSAL;
  if (shop.paymentMethods.length === 0) return NO_PAYMENT_METHODS;
  return null;
}

export function assertStoreOpen(storeOpen: boolean): void {
  if (!storeOpen) throw new DomainError('conflict', CLOSED_REFUSAL);
}

/** What is still missing before the order can be paid, or null when nothing is. */
export function missingForPayment(order: OrderBody, takeaway: boolean): string | null {
  if (order.items.length === 0) return 'Your basket is empty';
  if (takeaway && !order.method) return 'Please choose collection or delivery';
  const details = order.details;
  if (!details || !details.email || !details.fullName || !details.phone) return 'Please complete your details';
  const address = { address_1: details.address1, town_city: details.townCity, postcode: details.postcode };
  if (addressProblems(address, needsAddress({ takeaway, method: order.method?.method ?? null, items: order.items })).length > 0) {
    return 'Please complete your delivery address';
  }
  if (order.method?.method === 'DELIVER' && order.method.postcode && details.postcode !== order.method.postcode) {
    return `Please give the delivery address for ${order.method.postcode}, the postcode whose distance was checked`;
  }
  return null;
}

/** A card not offered right now (not set up, or no staff watching: kitchenAttended) gets the spec's card text. */
export function assertMethodOffered(method: OrderPaymentMethod, offered: readonly string[]): void {
  if (offered.includes(method.toLowerCase())) return;
  if (method === 'CARD') throw new DomainError('conflict', CARD_UNAVAILABLE);
  throw new DomainError('invalid', 'That payment method is not available');
}

/**
 * No unattended kitchen (issue 17 item 7; PayPal too, issue 36): card payment is taken only while a staff screen has followed the
 * live orders within `minutes`, so nobody pays for food no one will cook; 0 turns the check off.
 * `lastStaffSeenAt`: `now` while a screen is connected, else when the last one went, or null when none has
 * been connected since the shop started.
 */
export function kitchenAttended(facts: { lastStaffSeenAt: string | null; now: string; minutes: number }): boolean {
  if (facts.minutes === 0) return true;
  if (facts.lastStaffSeenAt === null) return false;
  return Date.parse(facts.now) - Date.parse(facts.lastStaffSeenAt) <= facts.minutes * 60_000;
}

/** The methods the shop offers that a customer may use now: card and PayPal only while the kitchen is attended. */
export function methodsOfferedNow<M extends string>(methods: readonly M[], attended: boolean): M[] {
  return attended ? [...methods] : methods.filter((method) => method !== 'card' && method !== 'paypal');
}

/**
 * Only a method the shop offers, and only one that needs no payment taken first: phone orders wait for staff
 * to mark them paid. Card and PayPal orders would go to the kitchen as paid, so until their payments are
 * confirmed with the provider they are refused here, whatever the web app shows.
 */
export function assertPayable(method: OrderPaymentMethod, offered: readonly string[]): void {
  assertMethodOffered(method, offered);
  if (method === 'CARD') throw new DomainError('conflict', CARD_UNAVAILABLE);
  if (method === 'PAYPAL') throw new DomainError('conflict', PAYPAL_UNAVAILABLE);
}

/** A dish the kitchen has taken off since it went into the basket is not sold. */
export function assertAllOffered(items: OrderItem[], notOffered: DishRef[]): void {
  const taken = items.find((item) => notOffered.some((dish) => dish.productId === item.productId && dish.variantId === item.variantId));
  if (!taken) return;
  throw new DomainError('conflict', notOfferedMessage(dishName(taken.name, taken.variantName)));
}

/** The postage the method costs now, or the reason it cannot be had now. */
export function quotedPence(quote: QuotedPostage): number {
  if ('refused' in quote) throw new DomainError(quote.refused.kind, quote.refused.message);
  return quote.pence;
}

/**
 * The postage chosen at the basket still holds at completion: a manager may have switched delivery or the
 * collect discount off, or changed the radius, the bands or the minimum order, since.
 */
export function assertPostageStands(chosenPence: number, now: QuotedPostage): void {
  const pence = quotedPence(now);
  if (pence === chosenPence) return;
  const what = pence < 0 || chosenPence < 0 ? 'collect discount' : 'delivery charge';
  throw new DomainError('conflict', `The ${what} has changed to ${formatPence(pence)}: please choose collection or delivery again`);
}

/**
 * A customer may have only so many phone orders awaiting payment (per phone number, per email, per session):
 * one attacker must not sell the menu out in unpaid orders. Why this one may not be placed now, or null.
 */
export function unpaidCapRefusal(waiting: UnpaidWaiting, maxPerCustomer: number): string | null {
  const most = Math.max(waiting.phone, waiting.email, waiting.session);
  if (most < maxPerCustomer) return null;
  const orders = most === 1 ? 'an order' : `${most} orders`;
  return `You already have ${orders} waiting for payment: please call us to pay for ${most === 1 ? 'it' : 'them'} before placing another`;
}

/** When a phone order placed at `now` lapses if nobody has paid for it. */
export function lapseAtFor(now: string, lapseMinutes: number): string {
  return minutesAfter(now, lapseMinutes);
}
