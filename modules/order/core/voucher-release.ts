import type { ReleaseReason } from '../../voucher';
import type { CancelReason, CardAttemptEndReason } from './events';
import { refundStandingOf } from './refunds';
import type { OrderState, Placed } from './state';

/**
 * Why an order's voucher use goes back, as the voucher's stream records it (issue 19 item 2), for each way an
 * order lets go of it: a declined card (or a provider that could not be reached) failed; a customer who went
 * elsewhere cancelled; an attempt or an unpaid order nobody finished lapsed; a checkout cut off (a crash) after
 * the use was reserved, and never placed, was abandoned.
 */
export function releaseReasonOfCardAttempt(reason: CardAttemptEndReason): ReleaseReason {
  switch (reason) {
    case 'failed':
    case 'unavailable':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    case 'lapsed':
      return 'lapsed';
  }
}

/** A cancelled order's use: lapsed when nobody paid in time, else cancelled (by staff). */
export function releaseReasonOfCancellation(reason: CancelReason | null): ReleaseReason {
  return reason === 'lapsed' ? 'lapsed' : 'cancelled';
}

/** A checkout that could not sell its dishes or place its order gives the use back as failed. */
export const RELEASED_ON_FAILED_SALE: ReleaseReason = 'failed';

/** A checkout cut off after its use was reserved, its order never placed (voucher-step-undo.ts). */
export const RELEASED_ON_ABANDONED_CHECKOUT: ReleaseReason = 'abandoned';

/**
 * What becomes of a use of `voucherId` reserved for this order, once the checkout's wait is over (the voucher
 * step's undo): an order placed with this voucher keeps it (its payment, cancellation or lapse decides); an order
 * frozen for a card attempt keeps it while money may be moving (the attempt's end releases it); any other order,
 * never placed or placed without this voucher, lets it go.
 */
export function reservedUseAfterCheckout(order: OrderState, voucherId: string): 'keep' | 'awaitCard' | 'release' {
  if (order.status === 'none') return 'release';
  if (order.status === 'checkout') return order.cardAttempt ? 'awaitCard' : 'release';
  return order.voucher?.voucherId === voucherId ? 'keep' : 'release';
}

/**
 * The voucher whose use goes back with a staff refund (issue 35): once all the order's money has gone back, the
 * use no longer buys anything; a part refund keeps it. Null when the order had no voucher or money is left.
 */
export function voucherReleasedByRefund(order: Placed): string | null {
  return order.voucher && refundStandingOf(order) === 'FULL' ? order.voucher.voucherId : null;
}
