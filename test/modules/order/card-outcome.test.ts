import { cardOutcomeOf } from '../../../modules/order';

const orderId = '00000000-0000-4000-8000-000000000001';
const ended = (reason: string) => ({ type: 'CardAttemptEnded', data: { orderId, attempt: 2, reason, endedAt: '2026-11-20T19:00:00.000Z' } });

describe('what the checkout’s private channel is told of an order event', () => {
  it('a card attempt ended: declined or unreachable is failed, cancelled or lapsed is cancelled', () => {
    expect(['failed', 'unavailable', 'cancelled', 'lapsed'].map((reason) => cardOutcomeOf(ended(reason))?.outcome)).toEqual(['failed', 'failed', 'cancelled', 'cancelled']);
    expect(cardOutcomeOf(ended('failed'))).toEqual({ orderId, attempt: 2, outcome: 'failed' });
  });

  it('an order placed by its card payment is paid; a phone order and other events tell nothing', () => {
    expect(cardOutcomeOf({ type: 'OrderSubmitted', data: { orderId, paymentMethod: 'CARD', status: 'NEW', cardAttempt: 3 } })).toEqual({ orderId, attempt: 3, outcome: 'paid' });
    expect(cardOutcomeOf({ type: 'OrderSubmitted', data: { orderId, paymentMethod: 'PHONE', status: 'AWAITING-PAYMENT' } })).toBeUndefined();
    expect(cardOutcomeOf({ type: 'CardAttemptStarted', data: { orderId, attempt: 1 } })).toBeUndefined();
  });
});
