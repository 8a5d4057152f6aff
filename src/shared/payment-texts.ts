/** Spec §8 "Checkout and payment" texts that both the server and the web app say. */

export const NO_PAYMENT_METHODS = 'No payment method(s) have been set up for this site - you cannot complete your order right now';

/** The spec's text, its spelling included. */
export const CARD_UNAVAILABLE =
  'Unable to proceeed with credit card payment right now, please pick another payment method (if possible) or try later';

export const PAYPAL_UNAVAILABLE = 'Unable to proceed with PayPal payment right now, please pick another payment method (if possible) or try later';

const DECLINED = 'Your bank declined the card';
/** Stripe's decline codes (the bank's reasons) as customers read them; any other is the general refusal. */
const DECLINE_REASONS: Record<string, string> = {
  insufficient_funds: `${DECLINED}: there is not enough money on it.`,
  expired_card: `${DECLINED}: it has expired.`,
  incorrect_cvc: `${DECLINED}: the security code (CVC) is not right.`,
  incorrect_number: `${DECLINED}: the card number is not right.`,
  card_velocity_exceeded: `${DECLINED}: it has reached its spending limit.`,
  withdrawal_count_limit_exceeded: `${DECLINED}: it has reached its spending limit.`,
  lost_card: `${DECLINED}; please use another card.`,
  stolen_card: `${DECLINED}; please use another card.`,
};

/**
 * A declined card's reason as a sentence (issue 38): the bank's decline code when it gave one, else the
 * provider's own message, else a plain refusal; never a bare code such as 'insufficient_funds'.
 */
export function declineText(error: { message?: string | null; decline_code?: string | null } | null | undefined): string {
  const reason = error?.decline_code ? DECLINE_REASONS[error.decline_code] : undefined;
  if (reason) return reason;
  const message = error?.message?.trim();
  return message ? message : `${DECLINED}; please try another card or pay another way.`;
}
