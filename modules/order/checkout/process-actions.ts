import type { CommandContext } from '../../../src/core/decider';
import { DomainError } from '../../../src/core/errors';
import { RELEASED_ON_ABANDONED_CHECKOUT } from '../core/voucher-release';
import type { Placing } from '../placing';
import type { OrderAccess } from './order-access';
import { NO_SESSION, type SubmitFacts } from './submit-facts';
import { USE_AWAITS_CARD } from './voucher-step-undo';

export interface ProcessActionsDeps {
  load: OrderAccess['load'];
  submitFacts: SubmitFacts;
  placing: Pick<Placing, 'place' | 'finishPlaced' | 'undoPlacing' | 'releaseVoucherUse' | 'inBasketTurn'>;
}

/** The checkout process's requests (checkout-process.ts, voucher-step-undo.ts), each safe to repeat. */
export function createProcessActions({ load, submitFacts, placing }: ProcessActionsDeps) {
  /**
   * The checkout process's finish, in the basket's turn: an order placed is finished forward; one in checkout is
   * placed when `forward` and the decider and the stock accept it now, else its sale and voucher step are undone.
   */
  async function finishNow(orderId: string, forward: boolean, context: CommandContext): Promise<void> {
    const state = await load(orderId);
    if (state.status === 'none') return;
    if (state.status !== 'checkout') return placing.finishPlaced(state, context);
    // Frozen for a card attempt: money may be moving, so only the provider's answer ends it (card-process.ts).
    if (state.cardAttempt) return;
    if (forward && state.paymentMethod) {
      const command = await submitFacts(orderId, state, state.paymentMethod, context.now, NO_SESSION);
      const placed = await placing.place(state, command, context).then(
        () => true,
        (error: unknown) => {
          if (error instanceof DomainError) return false;
          throw error;
        },
      );
      if (placed) return;
    }
    await placing.undoPlacing(await load(orderId), context);
  }

  return {
    /**
     * A checkout cut off after selling: finish placing the order when `forward` and the decider still accepts it
     * with the payment method the customer chose; otherwise give whatever is still sold back into the basket,
     * with a fresh hold, so the customer who comes back finds it there.
     */
    async finish(orderId: string, forward: boolean, context: CommandContext): Promise<void> {
      await placing.inBasketTurn(orderId, () => finishNow(orderId, forward, context), async () => undefined);
    },

    /**
     * The voucher step's undo (voucher-step-undo.ts): a use reserved for this order whose checkout was cut off
     * goes back, unless the order was placed with it; refused while a card attempt owns it. In the basket's
     * turn, so a checkout still going in this process finishes first.
     */
    async undoVoucherStep(orderId: string, voucherId: string, context: CommandContext): Promise<void> {
      const undo = async () => {
        const fate = await placing.releaseVoucherUse(orderId, await load(orderId), voucherId, RELEASED_ON_ABANDONED_CHECKOUT, context);
        if (fate === 'awaitCard') throw new DomainError('conflict', USE_AWAITS_CARD);
      };
      await placing.inBasketTurn(orderId, undo, undo);
    },
  };
}
