import type { ReleaseReason } from '../voucher';
import type { CancelReason, CardAttemptEndReason } from './events';

/**
 * Why an order's voucher use goes back, as the voucher's stream records it (issue 19 item 2), for each way an
 * order lets go of it: a declined card (or a provider that could not be reached) failed; a customer who went
 * elsewhere cancelled; an attempt or an unpaid order nobody finished lapsed.
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
