import type { Services } from '../../../src/services';
import { deliveryMinutesFor } from '../../../src/shared/store-status';
import type { OrderProgress } from '../../../src/shared/order-progress';
import { readSettings } from '../../store';
import { orderDecider } from '../core/decider';
import { orderStream } from '../core/events';
import { orderProgress } from '../core/order-progress';

/** Where a placed order is (issue 31): its steps, with the wait the store's status quotes now for an order not yet paid. */
export function createOrderStatus(services: Pick<Services, 'commands' | 'settings'>) {
  return {
    async progress(orderId: string): Promise<OrderProgress | null> {
      const [state, settings] = await Promise.all([
        services.commands.load(orderStream(orderId), orderDecider),
        readSettings(services.settings, ['order_status', 'open_delivery_minutes', 'busy_delivery_minutes', 'slammed_delivery_minutes']),
      ]);
      return orderProgress(state, { waitMinutes: deliveryMinutesFor(settings.order_status, settings) });
    },

    /** The order belongs to this signed-in account (issue 33: placed while signed in, or joined to it). */
    async belongsTo(orderId: string, userId: string): Promise<boolean> {
      const state = await services.commands.load(orderStream(orderId), orderDecider);
      return state.status !== 'none' && state.userId === userId;
    },
  };
}

export type OrderStatus = ReturnType<typeof createOrderStatus>;
