export { PAYMENT_PROVIDERS, WebhookSignatureError, type CardGateway, type CardIntent, type CardIntentStatus, type CardRefund, type CardWebhookEvent, type PaymentProvider, type WebhookHeader } from './card-gateway';
export { PAYPAL_DECLINED, paypalGateway, type PayPalGatewayOptions } from './paypal-gateway';
export { stripeGateway, type StripeGatewayOptions } from './stripe-gateway';
export { PAYMENT_EVENT_SCHEMAS, PAYMENT_EVENT_TYPES, PAYMENT_UPCASTERS, paymentStream, refundKey, type PaymentEvent, type RefundDue, type RefundFailed, type RefundReason } from './events';
export { ALREADY_PAID, ATTEMPT_OPEN, NO_CARD_PAYMENT, nextAttempt, paymentDecider, refundReason, type PaymentCommand } from './decider';
export type { PaymentState, Attempt } from './state';
export { paymentRoutes } from './routes';
export { createPayments, outcomeOf, RefundPending, refundFailureText, type AttemptOutcome, type OrderAwaits, type Payments } from './payments';
