import type { Logger } from 'pino';
import type { Config } from '../config';
import type { UserRepository } from '../identity/users';
import type { StaffPresence } from '../live/staff-presence';
import type { Services } from '../services';
import { kitchenOrders, unpaidOrders, windowLoads, type MenuCache } from '../../projections';
import type { Basket } from '../../modules/cart';
import type { DeliveryService } from '../../modules/delivery';
import {
  cardAttemptProcess,
  cardPaymentProcess,
  cardRefundProcess,
  checkoutProcess,
  createCheckout,
  createKitchen,
  createStaffRefunds,
  refundFollowUpProcess,
  refundFailedProcess,
  scheduledReleaseProcess,
  unpaidLapseProcess,
  windowReturnProcess,
  unprintedAlarmActions,
  unprintedAlarmProcess,
  voucherStepUndoProcess,
} from '../../modules/order';
import { createPayments, paypalGateway, stripeGateway } from '../../modules/payment';
import type { createVouchers } from '../../modules/voucher';
import type { ShopMail } from './mail';

/**
 * Orders and their card payments: the checkout, the kitchen, the unprinted-order alarm, and the processes that
 * finish or undo their steps later.
 */
export function wireOrder(deps: {
  config: Config;
  services: Services;
  basket: Basket;
  delivery: DeliveryService;
  menu: MenuCache;
  vouchers: ReturnType<typeof createVouchers>;
  users: UserRepository;
  mail: ShopMail;
  staffPresence: StaffPresence;
  logger: Logger;
}) {
  const { config, services, vouchers, logger } = deps;
  const { pool, personalData } = services;
  const stripe = config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
    ? stripeGateway({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL })
    : undefined;
  const { PAYPAL_CLIENT_ID: clientId, PAYPAL_CLIENT_SECRET: clientSecret, PAYPAL_WEBHOOK_ID: webhookId, PAYPAL_BASE_URL: baseUrl } = config;
  const paypal = clientId && clientSecret && webhookId && baseUrl ? paypalGateway({ clientId, clientSecret, webhookId, baseUrl, timeoutMs: config.PAYPAL_TIMEOUT_MS }) : undefined;
  // The payment module asks the order whether it still waits for an attempt; the checkout is made just below.
  const payments = createPayments({ services, gateways: { stripe, paypal }, orderAwaits: (orderId, attempt) => checkout.awaitsCard(orderId, attempt) });
  const checkout = createCheckout({
    services,
    basket: deps.basket,
    delivery: deps.delivery,
    catalogue: deps.menu,
    unpaidOrders: unpaidOrders(pool, (kind, value) => personalData.lookupHash(kind, value)),
    vouchers,
    payments,
    logger,
    staffPresence: deps.staffPresence,
    windowLoads: windowLoads(pool),
  });
  const orders = kitchenOrders(pool, services.settings);
  const kitchen = createKitchen(services, orders, vouchers);
  const refunds = createStaffRefunds({ services, payments, vouchers, orderOf: kitchen.order });
  const unprintedAlarm = unprintedAlarmActions({
    services,
    managerEmails: () => deps.users.activeEmailsWithRoles(['manager', 'admin']),
    queueMails: (mails) => deps.mail.queue(mails.map(({ mailId, orderId, to, subject, text }) => ({ mailId, kind: 'unprinted-alarm', orderId, message: { to, subject, text } }))),
    raised: (ref) => logger.warn({ orderRef: ref }, 'order still unprinted: the managers were mailed'),
  });
  return {
    checkout,
    orders,
    kitchen,
    refunds,
    processes: [
      checkoutProcess(checkout.processActions),
      voucherStepUndoProcess(checkout.processActions),
      cardAttemptProcess(checkout.cardActions),
      cardRefundProcess(checkout.cardActions),
      cardPaymentProcess(checkout.cardActions),
      unpaidLapseProcess(kitchen.lapseActions),
      scheduledReleaseProcess(kitchen.releaseActions),
      windowReturnProcess(checkout.windowReturnActions),
      unprintedAlarmProcess(unprintedAlarm),
      refundFollowUpProcess(refunds),
      refundFailedProcess(refunds),
    ],
  };
}
