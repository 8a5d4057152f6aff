/**
 * Every word of the customer's order status (issue 31): the order-complete page, the order's status page and the
 * confirmation mail's link to it. Plain sentences, never the kitchen's codes; times on London's 24-hour clock.
 */
import { slotLongLabel } from './order-time';
import { londonDayLabel, londonTime } from './london-time';
import { formatPence } from './money';
import { STATUS_LINK_HOURS, type OrderProgress, type ProgressStepName, type RefundProgress } from './order-progress';

/** Each step as the list of steps names it. */
export const STEP_LABELS: Record<ProgressStepName, string> = {
  placed: 'Placed',
  paid: 'Paid',
  cooking: 'Cooking',
  ready: 'Ready for collection',
  'on-its-way': 'On its way',
  completed: 'Completed',
  lapsed: 'Lapsed',
  cancelled: 'Cancelled',
};

/** The page's heading for the step the order is at. */
export const STATUS_HEADLINES: Record<ProgressStepName, string> = {
  placed: 'Your order is placed: please call us to pay',
  paid: 'Your order is paid: the kitchen starts on it soon',
  cooking: 'Your order is being cooked',
  ready: 'Your order is ready',
  'on-its-way': 'Your order is on its way',
  completed: 'Your order is complete: enjoy your meal',
  lapsed: 'Your order has lapsed',
  cancelled: 'Your order was cancelled',
};

/** The sentence under the heading; `address` is the shop's, where a collection is picked up. */
export function statusSentence(progress: Pick<OrderProgress, 'current' | 'lapseAt' | 'ref'>, address: string): string {
  switch (progress.current) {
    case 'placed':
      return progress.lapseAt ? 'We start cooking as soon as it is paid; an order not paid by then lapses and is not cooked.' : 'We start cooking as soon as it is paid.';
    case 'paid':
    case 'cooking':
      return 'This page changes by itself as the kitchen works on your order.';
    case 'ready':
      return address ? `Please collect it from ${address}.` : 'Please come and collect it.';
    case 'on-its-way':
      return 'It has left the kitchen and will be with you soon.';
    case 'completed':
      return 'Thank you for ordering from us.';
    case 'lapsed':
      return `Your order ${progress.ref} was not paid in time, so it has lapsed: it will not be cooked and you will not be charged. Please order again if you still want it.`;
    case 'cancelled':
      return `Your order ${progress.ref} was cancelled because it was not paid, so it will not be cooked. If you think this is wrong, please call us.`;
    default: {
      const never: never = progress.current;
      return never;
    }
  }
}

/** A phone order awaiting payment: "Please call us on {the shop's number, a tel: link} to pay for your order by 18:20." */
export const CALL_TO_PAY = 'Please call us on';
export const toPay = (lapseAt: string | null) => (lapseAt ? `to pay for your order by ${londonTime(lapseAt)}.` : 'to pay for your order.');

/**
 * When to expect the order (the kitchen's promise), or null once it is ready, on its way, or over. An order for
 * later (issue 37) names its booked day and time, and the later time should it have been paid too late for it.
 */
export function expectedSentence(progress: Pick<OrderProgress, 'expected' | 'method'> & { scheduledFor?: string | null }): string | null {
  const { expected, scheduledFor } = progress;
  if (!expected) return null;
  if (scheduledFor) {
    const booked = `Booked for ${slotLongLabel(scheduledFor)}.`;
    return 'readyBy' in expected && expected.readyBy > scheduledFor ? `${booked} ${readySentence(progress.method, expected.readyBy)}` : booked;
  }
  if ('minutesAfterPayment' in expected) return `Once it is paid, it will be ready in about ${expected.minutesAfterPayment} minutes.`;
  return readySentence(progress.method, expected.readyBy);
}

function readySentence(method: OrderProgress['method'], readyBy: string): string {
  const at = londonTime(readyBy);
  return method === 'DELIVER' ? `We expect it to leave the kitchen at about ${at}.` : `We expect it to be ready at about ${at}.`;
}

/** The line above the steps: the London day the order was placed. */
export const placedOn = (placedAt: string) => `Placed on ${londonDayLabel(placedAt)}`;

/** The list of steps, as a screen reader names it. */
export const STEPS_CAPTION = 'Your order’s progress';
/** Read out after a step still to come. */
export const NOT_YET = '(not yet)';

/** A step's time, as the list shows it beside the step. */
export const stepTime = (at: string) => londonTime(at);

/** The order-complete page's headings (the order's own status in words is STATUS_HEADLINES). */
export const ORDER_COMPLETE_HEADINGS = { thanks: 'Thank you for your order', lapsed: 'Order lapsed', cancelled: 'Order cancelled', none: 'No completed order' } as const;
export const NO_COMPLETED_ORDER = 'There is no completed order to show.';
/** The status page's heading, before its order's reference. */
export const STATUS_PAGE_HEADING = 'Your order';

/** Beside the shop's phone number, a tel: link. */
export const CALL_THE_SHOP = 'Questions about your order? Call us on';

/** The page of a link that does not hold: wrong, expired or altered. It shows no order. */
export const STATUS_LINK_REFUSED_TITLE = 'This link does not work';
export const STATUS_LINK_REFUSED = `This link to an order does not work: it may be more than ${STATUS_LINK_HOURS} hours old, or it was not copied whole. If you have a question about your order, please call us.`;
export const STATUS_NOT_LOADED = 'Sorry, your order’s status could not be fetched just now. Reloading the page usually helps.';

/** The confirmation mail's line before its link to the status page. */
export const STATUS_LINK_IN_MAIL = `Follow your order as the kitchen prepares it (this link works for ${STATUS_LINK_HOURS} hours):`;

/** Money the shop gave back (issue 35), as the customer's order pages say it; a PayPal order's goes back to PayPal (issue 36). */
export function refundSentence(refund: RefundProgress, paymentMethod: 'PHONE' | 'CARD' | 'PAYPAL' = 'CARD'): string {
  const paypal = paymentMethod === 'PAYPAL';
  const failed =
    refund.failedPence > 0 && !refund.full
      ? `${paypal ? 'PayPal' : 'Your bank'} did not accept our refund of ${formatPence(refund.failedPence)} to your ${paypal ? 'PayPal account' : 'card'}: we will give it back another way, so please call us.`
      : '';
  if (refund.refundedPence === 0) return failed;
  const amount = formatPence(refund.refundedPence);
  const how = refund.byHand ? 'given back to you by hand' : paypal ? 'refunded to your PayPal account' : 'refunded to your card (banks usually take 5 to 10 days to show it)';
  const given = refund.full ? `REFUNDED: all of this order, ${amount}, was ${how}.` : `PART REFUNDED: ${amount} of this order was ${how}.`;
  return failed ? `${given} ${failed}` : given;
}
