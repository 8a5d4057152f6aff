import type { LiveData } from '../../../src/shared/live-contract';
import type { CardAttemptEnded, OrderSubmitted } from '../core/events';

/**
 * What the customer's checkout is told of an order event (issue 17, its private live channel): that a card
 * attempt ended, or that its card payment placed the order. Only that the outcome is in: the checkout then asks
 * the server (`/complete-order`), whose answer alone it shows. Other events tell it nothing.
 */
export function cardOutcomeOf(event: { type: string; data: unknown }): LiveData<'order', 'CardOutcome'> | undefined {
  if (event.type === 'CardAttemptEnded') return { orderId: (event.data as CardAttemptEnded['data']).orderId };
  if (event.type === 'OrderSubmitted') {
    const { orderId, cardAttempt } = event.data as OrderSubmitted['data'];
    return cardAttempt ? { orderId } : undefined;
  }
  return undefined;
}
