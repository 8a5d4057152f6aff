import type { ChooseOrderTime } from './commands';
import { inCheckout, notFrozen } from './decide-checkout';
import type { OrderEvent } from './events';
import { assertStoreOpen } from './rules';
import type { OrderState } from './state';
import { assertSlotStands } from './time-rules';

/** The customer chooses as soon as possible (null) or one of the slots offered now. */
export function chooseOrderTime(command: ChooseOrderTime, state: OrderState): OrderEvent[] {
  assertStoreOpen(command.storeOpen);
  const order = notFrozen(inCheckout(state));
  assertSlotStands({ scheduledFor: command.scheduledFor }, command.slots, command.bookable);
  if (order.scheduledFor === command.scheduledFor) return [];
  return [{ type: 'OrderTimeChosen', data: { orderId: command.orderId, scheduledFor: command.scheduledFor } }];
}
