import type { CommandContext } from '../../../src/core/decider';
import type { OrderState } from '../core/decider';
import type { OrderPaymentMethod } from '../core/events';
import { orderView } from '../core/view';
import type { Placing } from '../placing';
import { refuseWithoutOrder, type OrderAccess } from './order-access';
import type { CheckoutSession, SubmitFacts } from './submit-facts';

export interface PhoneCompletionDeps {
  stateOf: OrderAccess['stateOf'];
  submitFacts: SubmitFacts;
  placing: Pick<Placing, 'place' | 'inBasketTurn'>;
}

/** The customer presses the button to order (a phone order, or any order not paid by card): the placing sequence. */
export function createPhoneCompletion({ stateOf, submitFacts, placing }: PhoneCompletionDeps) {
  /** complete(), in the basket's turn: the placing sequence (placing.ts). */
  async function completeNow(orderId: string | undefined, state: OrderState, method: OrderPaymentMethod, context: CommandContext, session: CheckoutSession) {
    const command = await submitFacts(orderId, state, method, context.now, session);
    if (!orderId || state.status === 'none') refuseWithoutOrder(command);
    // The confirmation mail goes from the outbox (see customer-mail.ts) once OrderSubmitted is stored.
    return orderView(await placing.place(state, command, context))!;
  }

  return {
    /**
     * Places the order: the basket's held units become sold (all or none), the order is submitted, the
     * basket is done and the confirmation goes out. Safe to repeat: a retry changes nothing and answers the same.
     */
    async complete(orderId: string | undefined, method: OrderPaymentMethod, context: CommandContext, session: CheckoutSession) {
      const now = async () => completeNow(orderId, await stateOf(orderId), method, context, session);
      return orderId ? placing.inBasketTurn(orderId, now, now) : now();
    },
  };
}
