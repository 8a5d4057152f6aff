import type { CardOutcomeMessage } from '../../../src/shared/order-channel';
import type { CardAttemptEnded, CardAttemptEndReason, OrderSubmitted } from '../core/events';

const OUTCOME_OF_END: Record<CardAttemptEndReason, CardOutcomeMessage['outcome']> = {
  failed: 'failed',
  unavailable: 'failed',
  cancelled: 'cancelled',
  lapsed: 'cancelled',
};

/**
 * What the customer's checkout is told of an order event (issue 17, its private live channel): a card attempt's
 * end, or the order placed by its card payment. Other events tell it nothing.
 */
export function cardOutcomeOf(event: { type: string; data: unknown }): CardOutcomeMessage | undefined {
  if (event.type === 'CardAttemptEnded') {
    const { orderId, attempt, reason } = event.data as CardAttemptEnded['data'];
    return { orderId, attempt, outcome: OUTCOME_OF_END[reason] };
  }
  if (event.type === 'OrderSubmitted') {
    const { orderId, cardAttempt } = event.data as OrderSubmitted['data'];
    return cardAttempt ? { orderId, attempt: cardAttempt, outcome: 'paid' } : undefined;
  }
  return undefined;
}
