import { DomainError } from '../../../src/core/errors';
import { formatPence } from '../../../src/shared/money';
import type { RecordRefundFailed, RefundOrder } from './commands';
import type { OrderEvent, OrderPaymentMethod } from './events';
import type { KitchenStatus, OrderState, Placed } from './state';

export const NOT_PAID_FOR_REFUND = 'Only a paid order can be refunded';
export const REFUNDED_IN_FULL = 'This order has been refunded in full';
export const NOTHING_CHOSEN = 'Choose the dishes to refund, or an amount';

/** What the customer paid for the order (items, postage, less the voucher): the most that can ever go back. */
export const paidPenceOf = (order: Placed): number => order.submitted.totalPence;

/** The refunds that gave money back: a refund the card's provider refused gave nothing. */
export const givenRefunds = (order: Placed) => order.refunds.filter((one) => !one.failed);

/** What refunds the card's provider refused did not give back. */
export const failedPenceOf = (order: Placed): number => order.refunds.filter((one) => one.failed).reduce((sum, one) => sum + one.amountPence, 0);

/** What has been given back so far. */
export const refundedPenceOf = (order: Placed): number => givenRefunds(order).reduce((sum, one) => sum + one.amountPence, 0);

/** What may still be given back from what was paid: never more than that, whatever was given back before. */
export const refundablePence = (paidPence: number, refundedPence: number): number => Math.max(0, paidPence - refundedPence);

/** What a placed order's refund turns on, as the order and its read model both know it. */
export interface RefundFacts {
  status: KitchenStatus;
  paymentMethod: OrderPaymentMethod;
  paidPence: number;
  refundedPence: number;
}

/** Why no money can go back on this order from the shop now, or null when some can. */
export function refundRefusal(facts: RefundFacts): string | null {
  if (facts.status === 'AWAITING-PAYMENT' || facts.status === 'CANCELLED') return NOT_PAID_FOR_REFUND;
  return refundablePence(facts.paidPence, facts.refundedPence) === 0 ? REFUNDED_IN_FULL : null;
}

/** What staff may still refund on this order now: 0 when it cannot be refunded from the shop at all. */
export const refundableNow = (facts: RefundFacts): number => (refundRefusal(facts) ? 0 : refundablePence(facts.paidPence, facts.refundedPence));

/** What may still be refunded on this order. */
export const refundablePenceOf = (order: Placed): number => refundablePence(paidPenceOf(order), refundedPenceOf(order));

/** The lines (indexes in the order's items) a refund has already covered: each line goes back once. */
export const refundedLinesOf = (order: Placed): Set<number> => new Set(givenRefunds(order).flatMap((one) => one.lines));

/**
 * The lines whose units went back on the menu with an earlier refund than `refundNo` (a refused one too: the
 * dishes were not cooked either way), which a later refund of the same line never gives back again.
 */
export function linesRestockedBefore(order: Placed, refundNo: number): Set<number> {
  return new Set(order.refunds.filter((one) => one.refundNo < refundNo && one.restocked).flatMap((one) => one.lines));
}

/** How the order stands for money given back: none, part or all of it. */
export type RefundStanding = 'NONE' | 'PART' | 'FULL';
export function refundStandingOf(order: Placed): RefundStanding {
  if (givenRefunds(order).length === 0) return 'NONE';
  return refundablePenceOf(order) === 0 ? 'FULL' : 'PART';
}

/** What the chosen lines cost, as the order charged them; a voucher may make what is left smaller, which caps it. */
function linesPence(order: Placed, lines: number[]): number {
  const refunded = refundedLinesOf(order);
  if (lines.length === 0) throw new DomainError('invalid', NOTHING_CHOSEN);
  if (new Set(lines).size !== lines.length) throw new DomainError('invalid', 'Each dish can be chosen once');
  let sum = 0;
  for (const index of lines) {
    const item = order.items[index];
    if (!item) throw new DomainError('invalid', 'That dish is not on this order');
    if (refunded.has(index)) throw new DomainError('conflict', `${item.name} was refunded already`);
    sum += item.unitPricePence * item.quantity;
  }
  return sum;
}

/**
 * Staff give money back for a paid order (issue 35): whole lines (at their price, capped at what is left) or an
 * amount, never more than is left. Lines refunded before the ticket was printed were never cooked: their units go
 * back on the menu. A phone order's money is handed back by staff ("refunded by hand").
 */
export function refundOrder(command: RefundOrder, state: OrderState): OrderEvent[] {
  if (state.status === 'none') throw new DomainError('not_found', 'There is no such order');
  if (state.status === 'checkout') throw new DomainError('conflict', NOT_PAID_FOR_REFUND);
  const order = state;
  if (order.refunds.some((one) => one.requestId === command.requestId)) return []; // the same request again: made once
  const facts = { status: order.status, paymentMethod: order.submitted.paymentMethod, paidPence: paidPenceOf(order), refundedPence: refundedPenceOf(order) };
  const refusal = refundRefusal(facts);
  if (refusal) throw new DomainError('conflict', refusal);
  const left = refundablePence(facts.paidPence, facts.refundedPence);
  const byLines = 'lines' in command.part;
  const lines = 'lines' in command.part ? [...command.part.lines].sort((a, b) => a - b) : [];
  const asked = 'lines' in command.part ? Math.min(linesPence(order, lines), left) : command.part.amountPence;
  if (!Number.isInteger(asked) || asked <= 0) throw new DomainError('invalid', 'Refund an amount of at least 1p');
  if (asked > left) throw new DomainError('conflict', `You can refund at most ${formatPence(left)} on this order`);
  return [
    {
      type: 'OrderRefunded',
      data: {
        orderId: command.orderId,
        refundNo: order.refunds.length + 1,
        requestId: command.requestId,
        amountPence: asked,
        lines,
        restocked: byLines && order.printedAt === null,
        byHand: order.submitted.paymentMethod === 'PHONE' || command.byHand === true,
        full: asked === left,
        reason: command.reason,
        note: command.note,
        refundedAt: command.now,
        tradingDay: command.tradingDay,
      },
    },
  ];
}

/**
 * The card's provider refused a staff refund (issue 35): it gave nothing, so its amount and its lines may be
 * refunded again (by card, or by hand). Told twice, or of a refund given by hand, it changes nothing.
 */
export function refundFailed(command: RecordRefundFailed, state: OrderState): OrderEvent[] {
  if (state.status === 'none' || state.status === 'checkout') return [];
  const refund = state.refunds.find((one) => one.refundNo === command.refundNo);
  if (!refund || refund.failed || refund.byHand) return [];
  const after: Placed = { ...state, refunds: state.refunds.map((one) => (one === refund ? { ...one, failed: true } : one)) };
  const standing = refundStandingOf(after);
  return [{ type: 'OrderRefundFailed', data: { orderId: command.orderId, refundNo: refund.refundNo, amountPence: refund.amountPence, standing, failedAt: command.now } }];
}
