import type { CommandContext } from '../../src/core/decider';
import type { CommandHandler } from '../../src/core/handle-command';
import { cartDecider } from './decider';
import { cartStream } from './events';

/** The basket became this order: it is done, and the customer's next basket is a new one. Safe to repeat. */
export function checkOut(commands: CommandHandler, cartId: string, orderId: string, context: CommandContext) {
  return commands.handle(cartStream(cartId), cartDecider, { type: 'CheckOutCart', cartId, orderId }, context);
}
