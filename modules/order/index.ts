/**
 * The order module: from a basket at the checkout to an order the kitchen cooks. Its parts:
 * - core/: the order's events, commands, state, deciders and rules (pure; no I/O);
 * - placing.ts: the one sequence that places an order, each step beside its undo (phone, card and the
 *   checkout process call it);
 * - checkout/: the customer's checkout (routes, the phone completion, voucher uses, the checkout process that
 *   finishes or undoes a checkout left half way);
 * - card/: card payments (the freeze, the provider's answers, the webhook, the card processes);
 * - kitchen/: the staff side of placed orders (marking paid, printing, the ticket, the unpaid and unprinted
 *   timers);
 * - mail/: the mails to the customer (placed, ready), through the outbox;
 * - status/: where the customer's order is (issue 31): its steps for the order-complete page and the status page
 *   the confirmation mail's signed link opens (the steps themselves are core/order-progress.ts);
 * - account/: a signed-in customer's own past orders for the account page (issue 33), from the read model's port.
 * This file is the module's only door.
 */
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
  type OrderRefunded,
  type OrderRefundFailed,
  type OrderPaymentMethod,
} from './core/events';
export { orderDecider, evolveOrder, orderStatusAfter, BASKET_CHANGED_SINCE_SAVED, type OrderState, type KitchenStatus } from './core/decider';
export type { KitchenEvent } from './core/state';
export { createCheckout, type Checkout } from './checkout/checkout';
export { checkoutRoutes } from './checkout/routes';
export { orderTimeRoutes } from './checkout/time-routes';
export { voucherUseRoutes } from './checkout/voucher-routes';
export { createKitchen, type Kitchen } from './kitchen/kitchen';
export type { KitchenOrders } from './kitchen/kitchen-orders';
export type { UnpaidOrders } from './checkout/unpaid-orders';
export { unpaidLapseProcess } from './kitchen/unpaid-lapse';
export { scheduledReleaseProcess } from './kitchen/scheduled-release';
export { windowReturnProcess } from './kitchen/window-return';
export { unprintedAlarmActions, unprintedAlarmProcess } from './kitchen/unprinted-alarm';
export { checkoutProcess, CHECKOUT_FINISH_MINUTES } from './checkout/checkout-process';
export { voucherStepUndoProcess } from './checkout/voucher-step-undo';
export { kitchenRoutes } from './kitchen/kitchen-routes';
export { createStaffRefunds, type StaffRefunds } from './kitchen/staff-refunds';
export { refundFollowUpProcess } from './kitchen/refund-follow-up';
export { refundFailedProcess } from './kitchen/refund-failed';
export { refundRoutes } from './kitchen/refund-routes';
export { customerMailReactor } from './mail/customer-mail';
export { countsInTally, isAllVirtual, itemsTotalPence, KITCHEN_STATUSES, needsAddress, orderRef, orderTotalPence } from '../../src/shared/order';
export { cardRoutes, orderChannelAuthoriser, PAYPAL_WEBHOOK_PATH, STRIPE_WEBHOOK_PATH } from './card/card-routes';
export { cardOutcomeOf } from './card/card-outcome';
export { orderProgress, progressNewsOf } from './core/order-progress';
export { refundableNow } from './core/refunds';
export { orderStatusRoutes } from './status/status-routes';
export { orderStatusLink } from './status/status-link';
export { cardAttemptProcess, cardPaymentProcess, cardRefundProcess } from './card/card-process';
export { accountOrderRoutes } from './account/account-routes';
export { createReorder, type Reorder } from './account/reorder';
export { createGuestOrderJoin, type GuestOrderJoin } from './account/join-guest-orders';
export { orderSummaryOf, type AccountOrderRow, type AccountOrders } from './account/account-orders';
