export { WebhookSignatureError, type CardGateway, type CardIntent, type CardIntentStatus, type CardRefund, type CardWebhookEvent } from './card-gateway';
export { stripeGateway, type StripeGatewayOptions } from './stripe-gateway';
