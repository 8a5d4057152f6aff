import type { Decider } from '../../../src/core/decider';
import type { OrderCommand } from './commands';
import { applyVoucher, chooseTakeawayMethod, choosePaymentMethod, giveDeliveryDetails, placeOrder, removeVoucher, submitOrder } from './decide-checkout';
import { endCardAttempt, placeCardOrder, startCardAttempt } from './decide-card';
import { cancelUnpaidOrder, completeOrder, lapseUnpaidOrder, markPaid, notifyCustomer, printOrder, releaseScheduledOrder } from './decide-kitchen';
import { chooseOrderTime } from './decide-time';
import type { OrderEvent } from './events';
import { refundFailed, refundOrder } from './refunds';
import { evolveOrder, type OrderState } from './state';

export { ALREADY_PLACED, BASKET_CHANGED_SINCE_SAVED, CARD_PAYMENT_OPEN, NO_ORDER, refusePlacing } from './decide-checkout';
export { CARD_ATTEMPT_GONE } from './decide-card';
export { missingForPayment } from './rules';
export { evolveOrder, orderStatusAfter, postageOf, totalOf, voucherDeductionOf, type OrderState, type KitchenStatus } from './state';
export type { OrderCommand } from './commands';

/** One small function per command, joined here. */
export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  switch (command.type) {
    case 'PlaceOrder':
      return placeOrder(command, state);
    case 'ChooseTakeawayMethod':
      return chooseTakeawayMethod(command, state);
    case 'GiveDeliveryDetails':
      return giveDeliveryDetails(command, state);
    case 'ChoosePaymentMethod':
      return choosePaymentMethod(command, state);
    case 'SubmitOrder':
      return submitOrder(command, state);
    case 'ApplyVoucher':
      return applyVoucher(command, state);
    case 'RemoveVoucher':
      return removeVoucher(command, state);
    case 'StartCardAttempt':
      return startCardAttempt(command, state);
    case 'PlaceCardOrder':
      return placeCardOrder(command, state);
    case 'EndCardAttempt':
      return endCardAttempt(command, state);
    case 'MarkPaid':
      return markPaid(command, state);
    case 'PrintOrder':
      return printOrder(command, state);
    case 'NotifyCustomer':
      return notifyCustomer(command, state);
    case 'CompleteOrder':
      return completeOrder(command, state);
    case 'CancelUnpaidOrder':
      return cancelUnpaidOrder(command, state);
    case 'LapseUnpaidOrder':
      return lapseUnpaidOrder(command, state);
    case 'RefundOrder':
      return refundOrder(command, state);
    case 'RecordRefundFailed':
      return refundFailed(command, state);
    case 'ChooseOrderTime':
      return chooseOrderTime(command, state);
    case 'ReleaseScheduledOrder':
      return releaseScheduledOrder(command, state);
    case 'JoinToAccount':
      // Only a placed guest order: one in checkout is the basket's session's, and one with an account keeps it.
      return state.status !== 'none' && state.status !== 'checkout' && state.userId === null
        ? [{ type: 'OrderJoinedToAccount', data: { orderId: command.orderId, userId: command.userId } }]
        : [];
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: { status: 'none' },
  evolve: evolveOrder,
  decide: decideOrder,
};
