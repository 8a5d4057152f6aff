import { ALLERGEN_TEXTS, allergenNote, type AllergenFacts } from '../../../src/shared/allergens';
import { formatPence } from '../../../src/shared/money';
import type { MailMessage } from '../../../src/mail/mailer';
import { londonTime } from '../../../src/shared/london-time';
import { STATUS_LINK_IN_MAIL } from '../../../src/shared/order-status-texts';
import { orderTimeText } from '../../../src/shared/order-time';
import type { OrderView } from '../core/view';

/** The shop as its mails sign it. */
export interface ShopContact {
  siteName: string;
  phone: string;
  address: string;
}

/** What is known of each dish's allergens as the catalogue holds them when the mail is written (null: off the menu). */
export type AllergensOf = (productId: number, variantId: number | null) => AllergenFacts | null;

/**
 * The customer's confirmation: what they ordered with each dish's allergens (food sold at a distance must carry
 * them at delivery too), how they get it, how to pay by phone, and the signed link to follow the order (issue 31).
 */
export function confirmationEmail(order: OrderView, shop: ShopContact, allergensOf: AllergensOf, statusLink: string): MailMessage {
  const lines = order.items.flatMap((item) => [
    `${item.quantity} x ${item.name}${item.variant ? ` (${item.variant})` : ''}  ${formatPence(item.price * item.quantity)}`,
    // A virtual item (a donation) has no allergens to state.
    ...(item.virtual ? [] : [`    ${allergenNote(allergensOf(item.id, item.variant_id)).text}`]),
  ]);
  const allergyInfo = order.allergy_info.trim() === '' ? [] : ['', `${ALLERGEN_TEXTS.allergyFieldLabel}, as you told us:`, ...order.allergy_info.split('\n').map((line) => `    ${line}`), ''];
  const method = order.ta_method === 'DELIVER' ? `Delivery to ${[order.address_1, order.town_city, order.postcode].filter(Boolean).join(', ')}` : `Collection from ${shop.address}`;
  const postageLine = order.postage ? `${order.postage < 0 ? 'Collect Discount' : 'Delivery Charge'}: ${formatPence(order.postage)}` : '';
  const payment =
    order.payment_method === 'PHONE'
      ? `Please call us on ${shop.phone} to pay${order.lapse_at ? ` by ${londonTime(order.lapse_at)}` : ''}. We start cooking as soon as your order is paid.${order.lapse_at ? ' An order not paid by then lapses and is not cooked.' : ''}`
      : 'Your order is paid. Thank you!';
  const text = [
    `Hello ${order.full_name},`,
    '',
    `Thank you for your order ${order.ref} at ${shop.siteName}.`,
    // When it is for (issue 37): a booked slot is named with its day, so a later day is never a surprise.
    ...(order.scheduled_for ? [`${orderTimeText(order.scheduled_for)}.`] : []),
    '',
    ...allergyInfo,
    ...lines,
    `Items: ${formatPence(order.items_total)}`,
    `The allergens are as we list them for each dish today. If you have an allergy, please call us on ${shop.phone} before eating.`,
    postageLine,
    ...(order.voucher && order.voucher.deduction > 0 ? [`Voucher ${order.voucher.code}: ${formatPence(-order.voucher.deduction)}`] : []),
    `Total: ${formatPence(order.total_cost)}`,
    '',
    method,
    order.extra_info ? `Your note: ${order.extra_info}` : '',
    '',
    payment,
    '',
    STATUS_LINK_IN_MAIL,
    statusLink,
  ]
    .filter((line, index, all) => line !== '' || all[index - 1] !== '')
    .join('\n');
  return { to: order.email, subject: `${shop.siteName}: your order ${order.ref}`, text };
}

/** Sent when staff press Notify: ready for collection, or on its way. */
export function orderReadyEmail(order: OrderView, shop: ShopContact): MailMessage {
  const delivering = order.ta_method === 'DELIVER';
  const signature = `${shop.siteName}, ${shop.phone}`;
  return {
    to: order.email,
    subject: `${shop.siteName}: your order ${order.ref} is ${delivering ? 'on its way' : 'ready for collection'}`,
    text: delivering
      ? `Hello ${order.full_name},\n\nYour order ${order.ref} has left the kitchen and is on its way to you.\n\n${signature}`
      : `Hello ${order.full_name},\n\nYour order ${order.ref} is ready for collection at ${shop.address}.\n\n${signature}`,
  };
}

/** Sent once when a phone order nobody paid for lapses. */
export function orderLapsedEmail(order: OrderView, shop: ShopContact): MailMessage {
  return {
    to: order.email,
    subject: `${shop.siteName}: your order ${order.ref} has lapsed`,
    text: [
      `Hello ${order.full_name},`,
      '',
      `Your order ${order.ref} at ${shop.siteName} was not paid in time, so it has lapsed: it will not be cooked and you will not be charged.`,
      `If you still want it, please order again or call us on ${shop.phone}.`,
      '',
      `${shop.siteName}, ${shop.phone}`,
    ].join('\n'),
  };
}

/**
 * Sent once when card or PayPal money arrived that no food will follow (issue 17 item 3): the attempt was
 * cancelled, the order changed, or another attempt had paid. The refund goes back where it came from (the event
 * does not say which provider, and the order may have moved to another way to pay since, so the words fit both).
 */
export function cardRefundEmail(order: OrderView, shop: ShopContact, refund: { amountPence: number }): MailMessage {
  return {
    to: order.email,
    subject: `${shop.siteName}: a payment for order ${order.ref} is being refunded`,
    text: [
      `Hello ${order.full_name},`,
      '',
      `A payment of ${formatPence(refund.amountPence)} for your order ${order.ref} at ${shop.siteName} reached us after that payment had been cancelled or replaced, so no food was cooked for it.`,
      'We are refunding it in full to the card or PayPal account it came from; a card refund usually takes 5 to 10 days to show.',
      `Questions? Call us on ${shop.phone}.`,
      '',
      `${shop.siteName}, ${shop.phone}`,
    ].join('\n'),
  };
}

/** The first refund of all of it is "in full"; the last of several gives back "the rest". */
function refundSentenceFor(order: OrderView, shop: ShopContact, refund: { amountPence: number; full: boolean; refundNo: number }): string {
  const amount = formatPence(refund.amountPence);
  if (!refund.full) return `We have refunded ${amount} of your order ${order.ref} at ${shop.siteName}.`;
  return refund.refundNo === 1
    ? `We have refunded your order ${order.ref} at ${shop.siteName} in full: ${amount}.`
    : `We have refunded the rest of your order ${order.ref} at ${shop.siteName}: ${amount}, so all of it is refunded now.`;
}

/** Sent once for each refund staff give (issue 35): how much, whether all of it, and how it comes back. */
export function staffRefundEmail(order: OrderView, shop: ShopContact, refund: { amountPence: number; full: boolean; byHand: boolean; refundNo: number }): MailMessage {
  const how = refund.byHand
    ? 'We have given it back to you by hand.'
    : order.payment_method === 'PAYPAL'
      ? 'It goes back to the PayPal account you paid with.'
      : 'It goes back to the card you paid with; banks usually take 5 to 10 days to show it.';
  return {
    to: order.email,
    subject: `${shop.siteName}: ${formatPence(refund.amountPence)} refunded for order ${order.ref}`,
    text: [
      `Hello ${order.full_name},`,
      '',
      refundSentenceFor(order, shop, refund),
      how,
      `Questions? Call us on ${shop.phone}.`,
      '',
      `${shop.siteName}, ${shop.phone}`,
    ].join('\n'),
  };
}

/** Sent once when the provider refuses a staff refund (issue 35): the money did not go back, and what happens now. */
export function refundFailedEmail(order: OrderView, shop: ShopContact, failed: { amountPence: number }): MailMessage {
  const amount = formatPence(failed.amountPence);
  const refused =
    order.payment_method === 'PAYPAL'
      ? 'to the PayPal account you paid with, but PayPal did not accept it'
      : "to the card you paid with, but your card's bank did not accept it";
  return {
    to: order.email,
    subject: `${shop.siteName}: your refund for order ${order.ref} did not go through`,
    text: [
      `Hello ${order.full_name},`,
      '',
      `We tried to refund ${amount} of your order ${order.ref} at ${shop.siteName} ${refused}, so the money has not gone back yet.`,
      `We will give it back to you another way. Please call us on ${shop.phone} so we can arrange it.`,
      '',
      `${shop.siteName}, ${shop.phone}`,
    ].join('\n'),
  };
}
