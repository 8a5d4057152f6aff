import type { PaymentMethod } from '../order/order';

/** Spec §9: phone, credit card, PayPal. PayPal is not built yet and shows as coming soon. */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  phone: 'Pay by phone',
  card: 'Credit card',
  paypal: 'PayPal',
};

export function isPaymentReady(method: PaymentMethod): boolean {
  return method === 'phone' || method === 'card';
}
