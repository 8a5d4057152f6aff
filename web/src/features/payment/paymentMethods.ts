import type { PaymentMethod } from '../order/order';

/** Spec §9: phone, credit card, PayPal. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  phone: 'Pay by phone',
  card: 'Credit card',
  paypal: 'PayPal',
};
