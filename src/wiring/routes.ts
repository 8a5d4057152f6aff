import type Router from '@koa/router';
import type { Context } from 'koa';
import type { Config } from '../config';
import type { Clock } from '../core/clock';
import { DomainError } from '../core/errors';
import type { EventStore } from '../eventstore/types';
import type { DatabasePool } from '../db/pool';
import { commandContext } from '../http/command-context';
import { cspReportRoutes } from '../http/csp-report-routes';
import { cspReportLog } from '../http/csp-reports';
import { healthRoutes } from '../http/health';
import { logRoutes } from '../http/log-routes';
import { metricsRoutes } from '../metrics/serve';
import { verifyRoutes, type VerifyJob } from '../operations/verify-job';
import type { ShopMetrics } from '../metrics/shop-metrics';
import { sessionIdOf } from '../http/session';
import { createHumanCheck, humanCheckRoutes, postgresSolvedChallenges } from '../human-check';
import { knownDevices } from '../identity/known-device';
import { createLoginThrottle } from '../identity/login-throttle';
import { identityRoutes, loginCompleter, publicUser } from '../identity/routes';
import type { User, UserRepository } from '../identity/users';
import { type Limits, type LiveStreamLimits } from '../limits';
import type { LiveHub } from '../live/hub';
import { channelAuthRoutes, staffChannelAuthoriser } from '../live/auth-routes';
import type { LiveKeyRing } from '../live/live-keys';
import { liveKeysRoutes } from '../live/live-keys-routes';
import { liveRoutes } from '../live/routes';
import type { Services } from '../services';
import { uploadRoutes } from '../uploads';
import { accountOrders, cardRefundRoutes, contactInbox, nightReportRoutes, takingsRoutes, menuRoutes, settingsRoutes, stockLevels, storeLogRoutes, type MenuCache } from '../../projections';
import { accountRoutes, customerAccountRoutes, type Accounts, type CustomerAccounts, type CustomerDeps, type HumanCheckVerifier } from '../../modules/account';
import { basketRoutes, sessionBasketTotals, type Basket } from '../../modules/cart';
import { catalogueRoutes, menuCsvRoutes, stockStatusRoutes } from '../../modules/catalog';
import { contactRoutes, createContact } from '../../modules/contact';
import { contentRoutes } from '../../modules/content';
import { deliveryRoutes } from '../../modules/delivery';
import { accountOrderRoutes, cardRoutes, createReorder, checkoutRoutes, orderTimeRoutes, kitchenRoutes, orderChannelAuthoriser, orderStatusRoutes, refundRoutes, voucherUseRoutes } from '../../modules/order';
import { paymentRoutes } from '../../modules/payment';
import { privacyRoutes } from '../../modules/privacy';
import { stockRoutes } from '../../modules/stock';
import { streamBrowserRoutes, timelineRoutes } from '../../modules/timeline';
import { storeSettingsRoutes, storeStatusRoutes } from '../../modules/store';
import { voucherRoutes, type createVouchers } from '../../modules/voucher';
import type { wireCatalog } from './catalog';
import type { WiredContent } from './content';
import type { WiredDelivery } from './delivery';
import type { wireMedia } from './media';
import type { wireOrder } from './order';
import type { wirePrivacy } from './privacy';
import type { wireStock } from './stock';
import { wirePublicApi } from './public-api';
import { wireStreamBrowser, wireTimeline } from './timeline';
import { wireSoldOut } from './night-report';

/** The parts the routes serve, as the composition root made them. */
export interface RoutedParts {
  config: Config;
  clock: Clock;
  /** Prometheus metrics (issue 40 item 7), served at /metrics with METRICS_TOKEN. */
  metrics: ShopMetrics;
  /** Seconds behind per projection (src/projections/lag.ts): /readyz and the metrics read the same figures. */
  projectionLags: () => Promise<Map<string, number>>;
  services: Services;
  pool: DatabasePool;
  store: EventStore;
  users: UserRepository;
  limits: Limits;
  linkKey: string;
  hub: LiveHub;
  /** The caps on open live streams, counted across instances (src/wiring/instances.ts). */
  streams: LiveStreamLimits;
  /** The live channel's keys (issue 30 item 1): they sign private channels' tokens and gate the store's opening. */
  liveKeys: LiveKeyRing;
  menu: MenuCache;
  accounts: Accounts;
  /** Customers' own accounts (issue 33), made with the human check made here. */
  customersWith: (humanCheck: HumanCheckVerifier, erase: CustomerDeps['erase']) => CustomerAccounts;
  basket: Basket;
  delivery: WiredDelivery;
  vouchers: ReturnType<typeof createVouchers>;
  order: ReturnType<typeof wireOrder>;
  stock: ReturnType<typeof wireStock>;
  privacy: ReturnType<typeof wirePrivacy>['privacy'];
  catalog: ReturnType<typeof wireCatalog>;
  content: WiredContent;
  /** The media library (issue 39 item 4). */
  media: ReturnType<typeof wireMedia>;
  /** The admins' verified replay of the read models (issue 40 item 3). */
  verify: VerifyJob;
}

/** Every route of the shop, each module's through its door; the human check (the login's and the contact form's) and the login throttle made here. */
export function shopRoutes(parts: RoutedParts): Router[] {
  const { config, clock, services, pool, limits, linkKey, menu, basket, delivery, vouchers, order, catalog } = parts;
  const production = config.NODE_ENV === 'production';
  const { checkout } = order;
  const humanCheck = createHumanCheck({
    secret: linkKey,
    work: { cost: config.HUMAN_CHECK_COST, maxNumber: config.HUMAN_CHECK_MAX_NUMBER },
    now: clock,
    solved: postgresSolvedChallenges(pool),
  });
  const throttle = createLoginThrottle({ limits, humanCheck, now: clock });
  const afterLogin = async (ctx: Context, user: User) => {
    await parts.accounts.recordLogin(user.id, commandContext(ctx, clock));
    const cartId = ctx.session?.cartId;
    if (typeof cartId === 'string') await basket.assignToUser(cartId, user.id, commandContext(ctx, clock));
  };
  const completeLogin = loginCompleter({ clock, afterLogin });
  const signIn = async (ctx: Context, accountId: string) => {
    const user = await parts.users.findById(accountId);
    if (!user) throw new DomainError('forbidden', 'This login is disabled: ask your manager');
    await completeLogin(ctx, publicUser(user), user.passwordVersion);
  };
  return [
    healthRoutes({ pool, store: parts.store, projectionLags: parts.projectionLags }),
    metricsRoutes({ metrics: parts.metrics, token: config.METRICS_TOKEN }),
    identityRoutes({
      users: parts.users,
      throttle,
      devices: knownDevices({ production }),
      clock,
      limits,
      checkLoginCode: (accountId, code, at) => parts.accounts.checkLoginCode(accountId, code, at),
      afterLogin,
    }),
    liveRoutes({
      hub: parts.hub,
      streams: parts.streams,
      sessionOf: (ctx) => sessionIdOf(ctx, production),
      keys: parts.liveKeys,
    }),
    channelAuthRoutes({ keys: parts.liveKeys, authorisers: [orderChannelAuthoriser, staffChannelAuthoriser] }),
    liveKeysRoutes({ keys: parts.liveKeys, clock }),
    accountRoutes({ accounts: parts.accounts, clock, limits, signIn }),
    customerAccountRoutes({ customers: parts.customersWith(humanCheck, async (email, context) => void (await parts.privacy.erase({ email }, context))), clock }),
    privacyRoutes({ privacy: parts.privacy, clock }),
    paymentRoutes({
      publishableKey: config.STRIPE_PUBLISHABLE_KEY,
      fakeApiUrl: config.FAKE_CARD_PAYMENTS ? config.STRIPE_API_URL : undefined,
      paypalClientId: config.PAYPAL_CLIENT_ID,
      fakePayPalUrl: config.FAKE_PAYPAL ? config.PAYPAL_BASE_URL : undefined,
    }),
    cardRoutes({ checkout, clock }),
    orderStatusRoutes({ services, clock, linkKey, keys: parts.liveKeys }),
    accountOrderRoutes({ orders: accountOrders(pool), reorder: createReorder({ services, catalogue: menu }) }),
    cardRefundRoutes({ pool, clock, settings: services.settings }),
    takingsRoutes({ pool, settings: services.settings, clock }),
    nightReportRoutes({ pool, settings: services.settings, clock, soldOut: wireSoldOut(services) }),
    menuRoutes({ menu }),
    settingsRoutes({ settings: services.settings }),
    basketRoutes({ basket, settings: services.settings, clock, limits, beforeReopen: (cartId, context) => checkout.leaveCardPayment(cartId, context) }),
    deliveryRoutes({ delivery: delivery.service, basketTotals: (ctx) => sessionBasketTotals(basket, ctx), settings: services.settings, checks: delivery.checks }),
    checkoutRoutes({ checkout, clock, limits, checks: delivery.checks }),
    orderTimeRoutes({ checkout, clock }),
    voucherUseRoutes({ checkout, vouchers, clock, limits }),
    voucherRoutes({ vouchers, clock }),
    storeSettingsRoutes({ services, clock, delivery: delivery.service, liveKeys: parts.liveKeys }),
    kitchenRoutes({ kitchen: order.kitchen, orders: order.orders, settings: services.settings, clock, menu, linkKey }),
    refundRoutes({ refunds: order.refunds, clock }),
    timelineRoutes({ timeline: wireTimeline({ services, users: parts.users }), clock }),
    streamBrowserRoutes({ browser: wireStreamBrowser(services) }),
    verifyRoutes({ job: parts.verify }),
    storeStatusRoutes({ services, clock, delivery: delivery.service, liveKeys: parts.liveKeys }),
    storeLogRoutes({ pool, clock, settings: services.settings }),
    stockStatusRoutes({ services, menu, clock }),
    stockRoutes({ services, dishes: menu, levels: () => stockLevels(pool), daily: parts.stock.dailyStock, clock }),
    logRoutes({ limits, now: clock }),
    cspReportRoutes({ reports: cspReportLog(pool), limits, now: clock }),
    humanCheckRoutes({ humanCheck, limits, now: clock }),
    contactRoutes({ contact: createContact({ services, humanCheck, limits }), inbox: contactInbox(pool), clock }),
    uploadRoutes({ store: catalog.photos, receive: catalog.receivePhoto }),
    catalogueRoutes({ catalogue: catalog.catalogue, clock }),
    menuCsvRoutes({ transfer: catalog.menuTransfer, clock }),
    contentRoutes({ pages: parts.content.pages, dishes: parts.content.dishes, clock }),
    parts.media.routes(),
    ...wirePublicApi({ config, clock, services, pool, users: parts.users, limits, menu, order, delivery: delivery.service, liveKeys: parts.liveKeys, linkKey }),
  ];
}
