export {
  ORDER_EVENT_SCHEMAS,
  ORDER_UPCASTERS,
  ORDER_PERSONAL_DATA,
  ORDER_EVENT_TYPES,
  orderStream,
  type OrderEvent,
  type OrderPlaced,
  type OrderSubmitted,
  type CustomerNotified,
} from './events';
export { orderDecider, evolveOrder, orderStatusAfter, BASKET_CHANGED_SINCE_SAVED, type OrderState, type KitchenStatus } from './decider';
export type { KitchenEvent } from './state';
export { createCheckout, type Checkout } from './checkout';
export { checkoutRoutes } from './routes';
export { voucherUseRoutes } from './voucher-routes';
export { createKitchen, type Kitchen } from './kitchen';
export type { KitchenOrders } from './kitchen-orders';
export type { UnpaidOrders } from './unpaid-orders';
export { unpaidLapseProcess } from './unpaid-lapse';
export { unprintedAlarmActions, unprintedAlarmProcess } from './unprinted-alarm';
export { checkoutProcess, CHECKOUT_FINISH_MINUTES } from './checkout-process';
export { voucherStepUndoProcess } from './voucher-step-undo';
export { kitchenRoutes } from './kitchen-routes';
export { customerMailReactor } from './customer-mail';
export { countsInTally, isAllVirtual, itemsTotalPence, KITCHEN_STATUSES, needsAddress, orderRef, orderTotalPence } from '../../src/shared/order';
export { cardRoutes, STRIPE_WEBHOOK_PATH } from './card-routes';
export { cardOutcomeOf } from './card-outcome';
export { cardAttemptProcess, cardPaymentProcess, cardRefundProcess } from './card-process';
