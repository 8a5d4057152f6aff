import type { CommandContext } from '../../../src/core/decider';
import { DomainError } from '../../../src/core/errors';
import type { Payments } from '../../payment';
import type { CardCheckout } from '../card/card-checkout';
import { orderIdFor } from './order-id';

/** Said whether the attempt was the card's or PayPal's. */
export const CARD_ALREADY_PAID = 'Your payment went through just now: your order is placed';

export interface LeavingCardDeps {
  payments: Pick<Payments, 'ready'>;
  card: Pick<CardCheckout, 'cancelOpenCardAttempt'>;
}

/** A change the customer makes while a card attempt may be open: the attempt is cancelled first (card-checkout.ts). */
export function createLeavingCard({ payments, card }: LeavingCardDeps) {
  return {
    /** Back on the basket page with a card attempt open: it is cancelled before the basket may change. */
    async leaveCardPayment(cartId: string, context: CommandContext): Promise<void> {
      if (payments.ready) await card.cancelOpenCardAttempt(orderIdFor(cartId), context);
    },

    /**
     * Runs a change of the order that an open card attempt refuses: the decider's CARD_PAYMENT_OPEN, or, on a save,
     * the basket's own check, the attempt having sold the basket's units. Nearly every change finds no attempt open,
     * so the order is read for one only after a refusal: an open attempt is then cancelled and the change made once
     * more, as if the attempt had been cancelled first. Answers 'placed' instead when the attempt's money came.
     */
    async changeLeavingCard<T>(orderId: string, context: CommandContext, change: () => Promise<T>): Promise<T | 'placed'> {
      try {
        return await change();
      } catch (error) {
        if (!(error instanceof DomainError) || !payments.ready) throw error;
        const left = await card.cancelOpenCardAttempt(orderId, context);
        if (left === 'none') throw error;
        return left === 'placed' ? 'placed' : change();
      }
    },
  };
}

export type LeavingCard = ReturnType<typeof createLeavingCard>;
