/** Spec §8 "Checkout and payment" texts that both the server and the web app say. */

export const NO_PAYMENT_METHODS = 'No payment method(s) have been set up for this site - you cannot complete your order right now';

/** The spec's text, its spelling included. */
export const CARD_UNAVAILABLE =
  'Unable to proceeed with credit card payment right now, please pick another payment method (if possible) or try later';

export const PAYPAL_UNAVAILABLE = 'Unable to proceed with PayPal payment right now, please pick another payment method (if possible) or try later';
