import type { OrderState } from '../../../modules/order';
import { releaseReasonOfCancellation, releaseReasonOfCardAttempt, RELEASED_ON_ABANDONED_CHECKOUT, reservedUseAfterCheckout } from '../../../modules/order/core/voucher-release';

describe("why an order's voucher use goes back", () => {
  it('names a card attempt that failed, could not reach the provider, was left or lapsed', () => {
    expect(releaseReasonOfCardAttempt('failed')).toBe('failed');
    expect(releaseReasonOfCardAttempt('unavailable')).toBe('failed');
    expect(releaseReasonOfCardAttempt('cancelled')).toBe('cancelled');
    expect(releaseReasonOfCardAttempt('lapsed')).toBe('lapsed');
  });

  it('names an unpaid order that lapsed apart from one staff cancelled', () => {
    expect(releaseReasonOfCancellation('lapsed')).toBe('lapsed');
    expect(releaseReasonOfCancellation('unpaid')).toBe('cancelled');
  });
});

describe('a reserved use once the checkout\'s wait is over (the voucher step\'s undo)', () => {
  const voucherId = '66666666-6666-4666-8666-666666666666';
  const voucher = { voucherId, code: 'FLYER', description: '10% off', benefit: { kind: 'percent' as const, percent: 10 } };
  const order = (status: string, more: object = {}) => ({ status, orderId: 'o', cartId: 'c', voucher, cardAttempt: null, ...more }) as unknown as OrderState;

  it('goes back, as abandoned, for an order never placed', () => {
    expect(reservedUseAfterCheckout(order('checkout'), voucherId)).toBe('release');
    expect(reservedUseAfterCheckout({ status: 'none' }, voucherId)).toBe('release');
    expect(RELEASED_ON_ABANDONED_CHECKOUT).toBe('abandoned');
  });

  it('stays with an order placed with it, whatever became of the order since: its payment, cancel or lapse decides', () => {
    for (const status of ['AWAITING-PAYMENT', 'NEW', 'PRINTED', 'COMPLETE', 'CANCELLED']) expect(reservedUseAfterCheckout(order(status), voucherId)).toBe('keep');
  });

  it('goes back for an order placed without it (the voucher removed or changed after the crash)', () => {
    expect(reservedUseAfterCheckout(order('NEW', { voucher: null }), voucherId)).toBe('release');
    expect(reservedUseAfterCheckout(order('NEW', { voucher: { ...voucher, voucherId: '77777777-7777-4777-8777-777777777777' } }), voucherId)).toBe('release');
  });

  it('waits while a card attempt is open: money may be moving, and the attempt\'s end releases it', () => {
    expect(reservedUseAfterCheckout(order('checkout', { cardAttempt: { attempt: 1, amountPence: 315 } }), voucherId)).toBe('awaitCard');
  });
});
