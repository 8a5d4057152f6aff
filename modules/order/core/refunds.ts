import { DomainError } from '../../../src/core/errors';
import { formatPence } from '../../../src/shared/money';
import type { RefundOrder } from './commands';
import type { OrderEvent } from './events';
import type { OrderState, Placed } from './state';

export const NOT_PAID_FOR_REFUND = 'Only a paid order can be refunded';
export const REFUNDED_IN_FULL = 'This order has been refunded in full';
export const PAYPAL_REFUND_LATER = 'PayPal payments cannot be refunded from the shop yet: refund it in your PayPal account';
export const NOTHING_CHOSEN = 'Choose the dishes to refund, or an amount';

/** What the customer paid for the order (items, postage, less the voucher): the most that can ever go back. */
export const paidPenceOf = (order: Placed): number => order.submitted.totalPence;

/** What has been given back so far. */
export const refundedPenceOf = (order: Placed): number => order.refunds.reduce((sum, one) => sum + one.amountPence, 0);

/** What may still be refunded: never more than was paid, whatever was given back before. */
export const refundablePenceOf = (order: Placed): number => Math.max(0, paidPenceOf(order) - refundedPenceOf(order));

/** The lines (indexes in the order's items) a refund has already covered: each line goes back once. */
export const refundedLinesOf = (order: Placed): Set<number> => new Set(order.refunds.flatMap((one) => one.lines));

/** How the order stands for money given back: none, part or all of it. */
export type RefundStanding = 'NONE' | 'PART' | 'FULL';
export function refundStandingOf(order: Placed): RefundStanding {
  if (order.refunds.length === 0) return 'NONE';
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
  if (state.status === 'checkout' || state.status === 'AWAITING-PAYMENT' || state.status === 'CANCELLED') throw new DomainError('conflict', NOT_PAID_FOR_REFUND);
  const order = state;
  if (order.refunds.some((one) => one.requestId === command.requestId)) return []; // the same request again: made once
  if (order.submitted.paymentMethod === 'PAYPAL') throw new DomainError('conflict', PAYPAL_REFUND_LATER);
  const left = refundablePenceOf(order);
  if (left === 0) throw new DomainError('conflict', REFUNDED_IN_FULL);
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
        byHand: order.submitted.paymentMethod === 'PHONE',
        full: asked === left,
        reason: command.reason,
        note: command.note,
        refundedAt: command.now,
        tradingDay: command.tradingDay,
      },
    },
  ];
}
