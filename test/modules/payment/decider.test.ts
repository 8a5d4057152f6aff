import { ALREADY_PAID, ATTEMPT_OPEN, NO_CARD_PAYMENT, PAYMENT_UPCASTERS, paymentDecider, type PaymentCommand, type PaymentEvent } from '../../../modules/payment';
import { specFor } from '../../support/given-when-then';

const spec = specFor(paymentDecider);
const orderId = '55555555-5555-4555-8555-555555555555';
const at = '2026-11-20T18:00:00.000Z';
const started = (attempt: number, amountPence = 1710): PaymentEvent => ({
  type: 'PaymentStarted',
  data: { orderId, attempt, intentId: `pi_${attempt}`, amountPence, startedAt: at, provider: 'stripe' },
});
const base = (attempt: number) => ({ orderId, attempt, intentId: `pi_${attempt}`, at });
const succeeded = (attempt: number, amountPence = 1710): PaymentEvent => ({ type: 'PaymentSucceeded', data: { ...base(attempt), amountPence } });
const cancelled = (attempt: number): PaymentEvent => ({ type: 'PaymentCancelled', data: { ...base(attempt), provider: 'stripe' } });
const refundDue = (attempt: number, reason: 'attempt_cancelled' | 'already_paid' | 'amount_changed', amountPence = 1710): PaymentEvent => ({
  type: 'RefundDue',
  data: { ...base(attempt), amountPence, reason, refundNo: 0, key: `refund-pi_${attempt}` },
});
const start = (attempt: number): PaymentCommand => ({ type: 'StartAttempt', orderId, attempt, provider: 'stripe', intentId: `pi_${attempt}`, amountPence: 1710, at });
const outcome = (attempt: number, result: 'succeeded' | 'failed' | 'canceled', overrides: Partial<Extract<PaymentCommand, { type: 'RecordOutcome' }>> = {}): PaymentCommand => ({
  type: 'RecordOutcome',
  intentId: `pi_${attempt}`,
  outcome: result,
  amountPence: 1710,
  message: result === 'failed' ? 'Your card was declined.' : '',
  orderAwaits: true,
  at,
  ...overrides,
});

describe('payment decider (issue 17)', () => {
  it('starts attempts in turn, one open at a time, and none once the order is paid', () => {
    spec([]).when(start(1)).then([started(1)]);
    spec([started(1)]).when(start(2)).thenFails(ATTEMPT_OPEN, 'conflict');
    spec([started(1), cancelled(1)]).when(start(2)).then([started(2)]);
    // An attempt whose intent was never made (the provider down) leaves a gap; an older number is refused.
    spec([started(1), cancelled(1)]).when(start(3)).then([started(3)]);
    spec([started(1), cancelled(1), started(3), cancelled(3)]).when(start(2)).thenFails('is not after the last one', 'conflict');
    spec([started(1)]).when(start(1)).then([]);
    spec([started(1), succeeded(1)]).when(start(2)).thenFails(ALREADY_PAID, 'conflict');
  });

  it('gives back money recorded as the payment when the order would not take it, once', () => {
    spec([started(1), succeeded(1)]).when({ type: 'GiveBack', intentId: 'pi_1', at }).then([refundDue(1, 'attempt_cancelled')]);
    spec([started(1), succeeded(1), refundDue(1, 'attempt_cancelled')]).when({ type: 'GiveBack', intentId: 'pi_1', at }).then([]);
    spec([started(1)]).when({ type: 'GiveBack', intentId: 'pi_1', at }).then([]);
    // Given back, the order may be paid by a later attempt.
    spec([started(1), succeeded(1), refundDue(1, 'attempt_cancelled')]).when(start(2)).then([started(2)]);
  });

  it('pays the order only with the money of the attempt it waits for, for the amount it was made for', () => {
    spec([started(1)]).when(outcome(1, 'succeeded')).then([succeeded(1)]);
    spec([started(1)]).when(outcome(1, 'succeeded', { amountPence: 1 })).then([refundDue(1, 'amount_changed', 1)]);
    spec([started(1)]).when(outcome(1, 'succeeded', { orderAwaits: false })).then([refundDue(1, 'attempt_cancelled')]);
    spec([started(1), cancelled(1)]).when(outcome(1, 'succeeded')).then([refundDue(1, 'attempt_cancelled')]);
    spec([started(1), cancelled(1), started(2), succeeded(2)]).when(outcome(1, 'succeeded')).then([refundDue(1, 'already_paid')]);
  });

  it('takes provider events twice, late and out of order without a second change', () => {
    spec([started(1), succeeded(1)]).when(outcome(1, 'succeeded')).then([]);
    spec([started(1), succeeded(1)]).when(outcome(1, 'failed')).then([]);
    spec([started(1), succeeded(1)]).when(outcome(1, 'canceled')).then([]);
    spec([started(1), cancelled(1)]).when(outcome(1, 'canceled')).then([]);
    spec([started(1), refundDue(1, 'attempt_cancelled')]).when(outcome(1, 'succeeded')).then([]);
    spec([]).when(outcome(9, 'succeeded')).thenFails('No card attempt', 'not_found');
  });

  it('notes a declined card and leaves the attempt open for another try', () => {
    const failed: PaymentEvent = { type: 'PaymentFailed', data: { ...base(1), message: 'Your card was declined.' } };
    spec([started(1)]).when(outcome(1, 'failed')).then([failed]);
    spec([started(1), failed]).when(outcome(1, 'succeeded')).then([succeeded(1)]);
    spec([started(1), failed]).when(start(2)).thenFails(ATTEMPT_OPEN, 'conflict');
  });

  it('keeps the provider’s last refusal of an attempt, since its cancelled intent no longer says why', () => {
    const declined = (message: string): PaymentEvent => ({ type: 'PaymentFailed', data: { ...base(1), message } });
    const fold = (events: PaymentEvent[]) => events.reduce(paymentDecider.evolve, paymentDecider.initialState);
    expect(fold([started(1)]).attempts[0].failure).toBeNull();
    expect(fold([started(1), declined('Your card was declined.'), cancelled(1)]).attempts[0].failure).toBe('Your card was declined.');
    expect(fold([started(1), declined('Your card was declined.'), declined('Your card has insufficient funds.')]).attempts[0].failure).toBe('Your card has insufficient funds.');
    expect(fold([started(1), started(2), declined('Your card was declined.')]).attempts[1].failure).toBeNull();
  });

  it('records a refund once, and only of money that had to go back', () => {
    const refunded: PaymentEvent = { type: 'PaymentRefunded', data: { ...base(1), refundId: 're_1', refundNo: 0 } };
    const record = (attempt = 1): PaymentCommand => ({ type: 'RecordRefund', attempt, refundNo: 0, refundId: 're_1', outcome: 'succeeded', message: '', at });
    spec([started(1), refundDue(1, 'attempt_cancelled')]).when(record()).then([refunded]);
    spec([started(1), refundDue(1, 'attempt_cancelled'), refunded]).when(record()).then([]);
    spec([started(1), succeeded(1)]).when(record()).then([]);
    // Two attempts whose money both came back each have their own whole refund, number 0: neither hides the other.
    const twice = [started(1), refundDue(1, 'attempt_cancelled'), refunded, started(2), refundDue(2, 'already_paid')];
    spec(twice).when(record(2)).then([{ type: 'PaymentRefunded', data: { ...base(2), refundId: 're_1', refundNo: 0 } }]);
  });

  describe('refunds staff give (issue 35)', () => {
    const part = (refundNo: number, amountPence: number): PaymentCommand => ({ type: 'RefundPart', orderId, refundNo, amountPence, at });
    const staffDue = (refundNo: number, amountPence: number, attempt = 1): PaymentEvent => ({
      type: 'RefundDue',
      data: { ...base(attempt), amountPence, reason: 'staff', refundNo, key: `order-${orderId}-refund-${refundNo}` },
    });
    const failedRefund = (refundNo: number): PaymentEvent => ({ type: 'RefundFailed', data: { ...base(1), refundId: 're_9', refundNo, message: 'The card was closed' } });

    it('gives back part of the paid attempt’s money, with an idempotency key of its own, and the order stays paid', () => {
      spec([started(1), succeeded(1)]).when(part(1, 500)).then([staffDue(1, 500)]);
      spec([started(1), cancelled(1), started(2), succeeded(2)]).when(part(1, 500)).then([staffDue(1, 500, 2)]);
      const state = [started(1), succeeded(1), staffDue(1, 500)].reduce(paymentDecider.evolve, paymentDecider.initialState);
      expect(state.paidBy).toBe(1);
    });

    it('refuses more than is left of the payment, and lets a part and then the rest go back', () => {
      spec([started(1), succeeded(1)]).when(part(1, 1711)).thenFails('This refund is more than is left of the card payment', 'conflict');
      spec([started(1), succeeded(1), staffDue(1, 1000)]).when(part(2, 710)).then([staffDue(2, 710)]);
      spec([started(1), succeeded(1), staffDue(1, 1000)]).when(part(2, 711)).thenFails('This refund is more than is left of the card payment', 'conflict');
      // A refund the provider could not make gave nothing back: its amount can go back another time.
      spec([started(1), succeeded(1), staffDue(1, 1710), failedRefund(1)]).when(part(2, 1710)).then([staffDue(2, 1710)]);
    });

    it('makes a repeat of the same refund number nothing, and needs a paid card attempt', () => {
      spec([started(1), succeeded(1), staffDue(1, 500)]).when(part(1, 500)).then([]);
      spec([started(1)]).when(part(1, 500)).thenFails(NO_CARD_PAYMENT, 'conflict');
      spec([]).when(part(1, 500)).thenFails(NO_CARD_PAYMENT, 'conflict');
    });

    it('records what the provider says of a staff refund, once: refunded, or failed with its reason', () => {
      const record = (outcome: 'succeeded' | 'failed'): PaymentCommand => ({ type: 'RecordRefund', attempt: 1, refundNo: 1, refundId: 're_9', outcome, message: 'The card was closed', at });
      spec([started(1), succeeded(1), staffDue(1, 500)]).when(record('succeeded')).then([{ type: 'PaymentRefunded', data: { ...base(1), refundId: 're_9', refundNo: 1 } }]);
      spec([started(1), succeeded(1), staffDue(1, 500)]).when(record('failed')).then([failedRefund(1)]);
      spec([started(1), succeeded(1), staffDue(1, 500), failedRefund(1)]).when(record('succeeded')).then([]);
    });

    it('reads refunds recorded before refunds had numbers as number 0, under the key they were sent with', () => {
      const old = { type: 'RefundDue', data: { ...base(1), amountPence: 1710, reason: 'already_paid' } };
      expect(PAYMENT_UPCASTERS.RefundDue(old).data).toMatchObject({ refundNo: 0, key: 'refund-pi_1' });
      expect(PAYMENT_UPCASTERS.PaymentRefunded({ type: 'PaymentRefunded', data: { ...base(1), refundId: 're_1' } }).data).toMatchObject({ refundNo: 0 });
    });

    it("reads attempts recorded before PayPal (issue 36) as Stripe's, and leaves a PayPal attempt as it is", () => {
      const old = { type: 'PaymentStarted', data: { orderId, attempt: 1, intentId: 'pi_1', amountPence: 1710, startedAt: at } };
      expect(PAYMENT_UPCASTERS.PaymentStarted(old).data).toEqual({ ...old.data, provider: 'stripe' });
      const paypal = { type: 'PaymentStarted', data: { ...old.data, intentId: '5O190127TN364715T', provider: 'paypal' } };
      expect(PAYMENT_UPCASTERS.PaymentStarted(paypal)).toBe(paypal);
    });
  });
});
