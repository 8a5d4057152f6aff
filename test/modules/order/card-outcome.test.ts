import { cardOutcomeOf } from '../../../modules/order';

const orderId = '00000000-0000-4000-8000-000000000001';
const ended = (reason: string) => ({ type: 'CardAttemptEnded', data: { orderId, attempt: 2, reason, endedAt: '2026-11-20T19:00:00.000Z' } });

describe('what the checkout’s private channel is told of an order event', () => {
  it('a card attempt ended, for any reason: the checkout is told its order, and asks the server what became of it', () => {
    expect(['failed', 'unavailable', 'cancelled', 'lapsed'].map((reason) => cardOutcomeOf(ended(reason)))).toEqual(Array(4).fill({ orderId }));
  });

  it('an order placed by its card payment tells the checkout; a phone order and other events tell nothing', () => {
    expect(cardOutcomeOf({ type: 'OrderSubmitted', data: { orderId, paymentMethod: 'CARD', status: 'NEW', cardAttempt: 3 } })).toEqual({ orderId });
    expect(cardOutcomeOf({ type: 'OrderSubmitted', data: { orderId, paymentMethod: 'PHONE', status: 'AWAITING-PAYMENT' } })).toBeUndefined();
    expect(cardOutcomeOf({ type: 'CardAttemptStarted', data: { orderId, attempt: 1 } })).toBeUndefined();
  });
});
