import { releaseReasonOfCancellation, releaseReasonOfCardAttempt } from '../../../modules/order/voucher-release';

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
