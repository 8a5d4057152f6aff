import type { CommandContext } from '../../../src/core/decider';
import { DomainError } from '../../../src/core/errors';
import type { OrderCommand } from '../core/commands';
import type { Services } from '../../../src/services';
import { readSettings } from '../../store';
import type { KitchenOrder } from '../../../src/shared/order';
import type { KitchenOrders } from './kitchen-orders';
import { orderDecider } from '../core/decider';
import { orderStream } from '../core/events';
import { createStockHandlers } from '../../stock';
import type { Vouchers } from '../../voucher';
import { releaseReasonOfCancellation } from '../core/voucher-release';
import { afterPaid } from '../placing';

/** What the kitchen does with placed orders: take the phone payment (or cancel an unpaid one), print, notify, complete. */
export function createKitchen(services: Services, orders: KitchenOrders, vouchers: Vouchers) {
  const stock = createStockHandlers(services.commands);
  const handle = (orderId: string, command: OrderCommand, context: CommandContext) =>
    services.commands.handle(orderStream(orderId), orderDecider, command, context);

  /**
   * Gives back every unit a cancelled (or lapsed) order sold, exactly what it sold, once: a repeat, from a
   * retry or from the unpaid-lapse process after a crash, gives nothing more. Answers the stock positions.
   */
  async function returnUnits(orderId: string, context: CommandContext) {
    const state = await services.commands.load(orderStream(orderId), orderDecider);
    if (state.status !== 'CANCELLED') throw new DomainError('conflict', 'Only a cancelled order gives its dishes back');
    // The voucher's use goes back with the dishes (issue 19 item 2): released once, however often this runs.
    if (state.voucher) await vouchers.release(state.voucher.voucherId, orderId, releaseReasonOfCancellation(state.cancelledBecause), context);
    return Promise.all(
      state.items.map((item) => stock.cancelSale(item.productId, item.variantId, orderId, { orderSold: item.quantity, basket: null }, context)),
    );
  }

  async function order(orderId: string, after?: Parameters<Services['readModels']['waitFor']>[1]): Promise<KitchenOrder> {
    await services.readModels.waitFor('orders', after);
    const found = await orders.placed(orderId, services.clock());
    if (!found) throw new DomainError('not_found', 'There is no such order');
    return found;
  }

  return {
    order,

    /** The order is due by a time that depends on the store's status at that moment. */
    async markPaid(orderId: string, context: CommandContext) {
      const settings = await readSettings(services.settings, ['order_status', 'open_delivery_minutes', 'busy_delivery_minutes', 'slammed_delivery_minutes', 'scheduled_lead_minutes']);
      const command = { type: 'MarkPaid' as const, orderId, now: context.now, storeStatus: settings.order_status, deliveryMinutes: settings, leadMinutes: settings.scheduled_lead_minutes };
      const result = await handle(orderId, command, context);
      await afterPaid(vouchers, result.state, context); // the placing sequence's step 4 (placing.ts)
      return order(orderId, result.position);
    },

    async print(orderId: string, via: 'browser' | 'bluetooth' | 'marked', context: CommandContext) {
      const result = await handle(orderId, { type: 'PrintOrder', orderId, now: context.now, via }, context);
      return order(orderId, result.position);
    },

    /** Tells the customer the order is ready to collect or on its way (the mail goes from the outbox); once only. */
    async notify(orderId: string, context: CommandContext) {
      const result = await handle(orderId, { type: 'NotifyCustomer', orderId, now: context.now }, context);
      return order(orderId, result.position);
    },

    /**
     * A phone order nobody paid for: it is not cooked, and the units it sold go back on the menu. Safe to repeat:
     * a retry after a failure half way gives back only what is still sold.
     */
    async cancelUnpaid(orderId: string, context: CommandContext) {
      const result = await handle(orderId, { type: 'CancelUnpaidOrder', orderId, now: context.now }, context);
      if (result.state.status !== 'CANCELLED') throw new DomainError('conflict', 'Only an order still awaiting payment can be cancelled');
      const returned = await returnUnits(orderId, context);
      // The menu shows the dishes back before this answers.
      for (const { position } of returned) await services.readModels.waitFor('menu', position);
      return order(orderId, result.position);
    },

    /** The unpaid-lapse process's two requests (see unpaid-lapse.ts). */
    lapseActions: {
      async lapse(orderId: string, context: CommandContext) {
        await handle(orderId, { type: 'LapseUnpaidOrder', orderId, now: context.now }, context);
      },
      async returnUnits(orderId: string, context: CommandContext) {
        await returnUnits(orderId, context);
      },
    },

    /** The scheduled-release process's request (scheduled-release.ts): an order for later comes to the kitchen. */
    releaseActions: {
      async release(orderId: string, context: CommandContext) {
        await handle(orderId, { type: 'ReleaseScheduledOrder', orderId, now: context.now }, context);
      },
    },

    async complete(orderId: string, context: CommandContext) {
      const result = await handle(orderId, { type: 'CompleteOrder', orderId, now: context.now }, context);
      return order(orderId, result.position);
    },
  };
}

export type Kitchen = ReturnType<typeof createKitchen>;
