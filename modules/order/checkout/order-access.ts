import type { CommandContext } from '../../../src/core/decider';
import { DomainError } from '../../../src/core/errors';
import type { CommandHandler } from '../../../src/core/handle-command';
import type { OrderCommand } from '../core/commands';
import { NO_ORDER, orderDecider, type OrderState } from '../core/decider';
import { orderStream } from '../core/events';

/** The order's stream as the checkout reads and changes it: load its state, handle a command on it. */
export function createOrderAccess(commands: CommandHandler) {
  const load = (orderId: string) => commands.load(orderStream(orderId), orderDecider);
  const stateOf = async (orderId: string | undefined): Promise<OrderState> => (orderId ? load(orderId) : orderDecider.initialState);
  const handle = (orderId: string, command: OrderCommand, context: CommandContext, options?: { newStream?: boolean }) =>
    commands.handle(orderStream(orderId), orderDecider, command, context, options);
  const handleFor = (orderId: string | undefined, command: OrderCommand, context: CommandContext) =>
    orderId ? handle(orderId, command, context) : refuseWithoutOrder(command);
  return { load, stateOf, handle, handleFor };
}

export type OrderAccess = ReturnType<typeof createOrderAccess>;

/** Without an order id there is no order: the decider says why, as it would for an id with no order. */
export function refuseWithoutOrder(command: OrderCommand): never {
  orderDecider.decide(command, orderDecider.initialState);
  throw new DomainError('not_found', NO_ORDER);
}
