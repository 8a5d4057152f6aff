import type { CommandContext } from '../../../src/core/decider';
import { DomainError } from '../../../src/core/errors';
import type { Position } from '../../../src/eventstore/types';
import type { Services } from '../../../src/services';
import type { KitchenOrder } from '../../../src/shared/order';
import type { Payments } from '../../payment';
import { createStockHandlers } from '../../stock';
import { readOpeningHours, tradingDayOf } from '../../store';
import type { Vouchers } from '../../voucher';
import type { RefundOrder } from '../core/commands';
import { orderDecider } from '../core/decider';
import { orderStream } from '../core/events';
import { linesRestockedBefore } from '../core/refunds';
import { voucherReleasedByRefund } from '../core/voucher-release';

/** What staff ask for: whole lines, or an amount; a reason from the short list and their own note. */
export type StaffRefundRequest = Pick<RefundOrder, 'requestId' | 'part' | 'reason' | 'note' | 'byHand'>;

/**
 * Staff refunds (issue 35): the order decides the refund (core/refunds.ts), then what follows it is done, each
 * step safe to repeat: the refunded lines' units go back on the menu when the ticket was not printed yet (the
 * give-back a cancellation uses), the voucher's use goes back once all the money has, and a card order's money
 * becomes due back through the payment module's one refund path. The orderRefund process repeats these steps a
 * minute later, in case the request died half way.
 */
export function createStaffRefunds(deps: {
  services: Services;
  payments: Payments;
  vouchers: Vouchers;
  orderOf: (orderId: string, after?: Position) => Promise<KitchenOrder>;
}) {
  const { services, payments, vouchers } = deps;
  const stock = createStockHandlers(services.commands);
  const load = (orderId: string) => services.commands.load(orderStream(orderId), orderDecider);

  /** The steps after a refund was recorded; each changes nothing the second time. */
  async function follow(orderId: string, refundNo: number, context: CommandContext): Promise<Position[]> {
    const order = await load(orderId);
    if (order.status === 'none' || order.status === 'checkout') return [];
    const refund = order.refunds.find((one) => one.refundNo === refundNo);
    if (!refund) return [];
    const restockedBefore = linesRestockedBefore(order, refundNo);
    const restock = refund.restocked ? refund.lines.filter((index) => !restockedBefore.has(index)).map((index) => order.items[index]) : [];
    const given = await Promise.all(restock.map((item) => stock.cancelSale(item.productId, item.variantId, orderId, { orderSold: item.quantity, basket: null }, context)));
    const voucherId = voucherReleasedByRefund(order);
    if (voucherId) await vouchers.release(voucherId, orderId, 'refunded', context);
    // Card and PayPal money goes back through the payment module's one refund path, to the provider that took it.
    if (order.submitted.paymentMethod !== 'PHONE' && !refund.byHand && !refund.failed) await payments.refundPart(orderId, refundNo, refund.amountPence, context);
    return given.flatMap((one) => (one.position ? [one.position] : []));
  }

  return {
    follow,

    /** The card's provider refused refund `refundNo`: the order learns it gave nothing back. */
    async recordFailure(orderId: string, refundNo: number, context: CommandContext): Promise<void> {
      await services.commands.handle(orderStream(orderId), orderDecider, { type: 'RecordRefundFailed', orderId, refundNo, now: context.now }, context);
    },

    /** A manager refunds a paid order; answers the order as the kitchen screen shows it, refund included. */
    async refund(orderId: string, request: StaffRefundRequest, context: CommandContext): Promise<KitchenOrder> {
      const tradingDay = tradingDayOf(new Date(context.now), await readOpeningHours(services.settings));
      const result = await services.commands.handle(orderStream(orderId), orderDecider, { type: 'RefundOrder', orderId, ...request, now: context.now, tradingDay }, context);
      // A repeated request decides nothing new: it is the refund its key made, answered again.
      const made = result.state.status === 'none' || result.state.status === 'checkout' ? undefined : result.state.refunds.find((one) => one.requestId === request.requestId);
      if (!made) throw new DomainError('conflict', 'This refund was not made');
      const positions = await follow(orderId, made.refundNo, context);
      // The menu shows the dishes back before this answers, as a cancellation's does.
      for (const position of positions) await services.readModels.waitFor('menu', position);
      // A repeat appended nothing: the order is answered once the first request's refund is in the read model.
      return deps.orderOf(orderId, result.position ?? (await services.store.lastCommittedPosition()));
    },
  };
}

export type StaffRefunds = ReturnType<typeof createStaffRefunds>;
