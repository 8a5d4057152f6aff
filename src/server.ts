import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { systemClock, type Clock } from './core/clock';
import type { DatabasePool } from './db/pool';
import type { EventStore } from './eventstore/types';
import { sessionKeys } from './http/session';
import { createSessionSweeper } from './http/session-sweeper';
import { createUserRepository } from './identity/users';
import { createLimits } from './limits';
import { ShopMetrics } from './metrics/shop-metrics';
import { LiveHub } from './live/hub';
import { LiveKeyRing } from './live/live-keys';
import { projectionLagReader } from './projections/lag';
import type { ProjectionRunner } from './projections/runner';
import type { InstanceRegistry } from './instances';
import type { ProcessManager } from './process';
import type { Services } from './services';
import { withFakeCardPayments } from './fake-stripe/beside-the-shop';
import { withFakePayPal } from './fake-paypal/beside-the-shop';
import { MenuCache, storedBaskets, voucherReadModel } from '../projections';
import type { Accounts } from '../modules/account';
import { createBasket } from '../modules/cart';
import { PAYPAL_WEBHOOK_PATH, STRIPE_WEBHOOK_PATH } from '../modules/order';
import type { createHoldSweeper } from '../modules/stock';
import { createStoreClock } from '../modules/store';
import { createVouchers } from '../modules/voucher';
import { wireAccounts } from './wiring/accounts';
import { seedTheDemoMenu, wireCatalog } from './wiring/catalog';
import { wireContent } from './wiring/content';
import { wireDelivery } from './wiring/delivery';
import { startHousekeeping } from './wiring/housekeeping';
import { startInstance } from './wiring/instances';
import { serveHttp } from './wiring/http';
import { wireMetrics } from './wiring/metrics';
import { startMail } from './wiring/mail';
import { wireMedia } from './wiring/media';
import { wireOrder } from './wiring/order';
import { shopOrigins } from './wiring/origins';
import { pageSources } from './wiring/page-sources';
import { startRetention, wirePrivacy } from './wiring/privacy';
import { startProcesses } from './wiring/processes';
import { catchUp, startReadModels } from './wiring/read-models';
import { wireVerify } from './wiring/operations';
import type { VerifyJob } from './operations/verify-job';
import { shopRoutes } from './wiring/routes';
import { createServices } from './wiring/services';
import { wireStock } from './wiring/stock';
import { openStorage } from './wiring/storage';
import { createStops } from './wiring/stops';
import { openTheStore, storeProcesses } from './wiring/store';

// The event store's opening, versioning and sealing, which the command-line tools use too.
export { openEventStore, openEventStoreAdapter, openPersonalData, shopEventVersioning, shopPersonalData, withholdImportedKeys } from './wiring/event-store';

export interface Shop {
  url: string;
  port: number;
  databaseUrl: string;
  pool: DatabasePool;
  store: EventStore;
  hub: LiveHub;
  /** This process's row among the shop's instances on the database (issue 42). */
  instance: InstanceRegistry;
  runners: ProjectionRunner[];
  config: Config;
  services: Services;
  holdSweeper: ReturnType<typeof createHoldSweeper>;
  /** Deletes expired sessions in batches; runs every few minutes, and tests call sweep(). */
  sessionSweeper: ReturnType<typeof createSessionSweeper>;
  storeClock: ReturnType<typeof createStoreClock>;
  /** Every "finish this later, or after a crash, exactly once" (src/process); tests move the clock and call runDue(). */
  processes: ProcessManager;
  logger: Logger;
  /** Staff logins (modules/account); tests register people through it. */
  accounts: Accounts;
  /** Prometheus metrics (issue 40 item 7): the registry /metrics serves. */
  metrics: ShopMetrics;
  /** The metrics' own port on 127.0.0.1 (METRICS_PORT), when set. */
  metricsPort?: number;
  /** The admins' verified replay of the read models (issue 40 item 3); tests wait for it. */
  verify: VerifyJob;
  /** Resolves once every mail for the events stored so far is queued and the sender has tried it. */
  mailSettled(): Promise<void>;
  /** Resolves once every customer sign-up answered so far has stored its account or mailed its owner (issue 33). */
  accountsSettled(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartOptions {
  clock?: Clock;
  logger?: Logger;
  /** Where the built web app is; defaults to web/dist. */
  webRoot?: string;
  /**
   * `npm start`: the demo shop seeded on a first start gets demo hours around the clock and opens, so a
   * newcomer can order at once. Test shops start closed with the default hours unless their settings say.
   */
  openDemoShop?: boolean;
}

/**
 * The composition root: starts everything the shop needs, in order, each part wired in its own file under
 * src/wiring/, and returns a handle that stops it all in reverse.
 */
export async function startShop(givenConfig: Config, options: StartOptions = {}): Promise<Shop> {
  const { config: cardConfig, fake: fakeStripe } = await withFakeCardPayments(givenConfig);
  const { config, fake: fakePayPal } = await withFakePayPal(cardConfig);
  const logger = options.logger ?? pino({ level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] });
  const clock = options.clock ?? systemClock;
  const stops = createStops(logger);
  if (fakeStripe) stops.add(() => fakeStripe.close());
  if (fakePayPal) stops.add(() => fakePayPal.close());

  try {
    const metrics = new ShopMetrics();
    const opened = await openStorage(config, clock, logger, stops);
    // Every append the shop makes goes through this store, so each is counted.
    const storage = { ...opened, store: metrics.countAppends(opened.store) };
    const { pool, store, databaseUrl } = storage;
    const users = createUserRepository(pool);
    const readModels = startReadModels(config, storage, logger, stops);
    const services = createServices(config, storage, readModels, clock, logger);
    const seededDemoMenu = await seedTheDemoMenu(config, services, clock, logger);
    const menu = new MenuCache(pool, clock, readModels.named('menu'));
    const keys = sessionKeys(config.SESSION_KEYS, config.dataDir);
    const origins = shopOrigins(config);
    const mail = startMail({ config, pool, store, services, menu, readModels, users, logger, linkKey: keys[0], origin: origins.public }, stops);
    const limits = createLimits(pool, config.limits, keys[0]);
    const instance = await startInstance({ config, pool, clock, logger, secret: keys[0], services }, stops);
    const { staffPresence } = instance;
    // Made now, since ending a person's sessions disconnects their live streams; started below.
    const hub = new LiveHub({ pool, databaseUrl, pollIntervalMs: config.PROJECTION_POLL_MS, staffPresence });
    const { accounts, credentials, customersWith, customersSettled } = await wireAccounts({ config, services, users, limits, linkKey: keys[0], origin: origins.public, mail, hub, clock, logger });
    // A sign-up answered just before the stop finishes its work before the pool closes.
    stops.add(customersSettled);
    await catchUp(store, readModels.runners, logger);

    const basket = createBasket(services, menu, storedBaskets(pool), { shares: config.holdShares, secret: keys[0] });
    const stock = wireStock(services);
    const delivery = wireDelivery(config, services);
    const vouchers = createVouchers(services, voucherReadModel(pool));
    const order = wireOrder({ config, services, basket, delivery: delivery.service, menu, vouchers, users, mail, staffPresence, logger });
    const { privacy, processes: privacyProcesses } = wirePrivacy({ config, services, vouchers, credentials, hub });
    const processes = await startProcesses(
      [...order.processes, ...storeProcesses(services), ...privacyProcesses, ...stock.processes],
      { services, readModels, clock, logger },
      stops,
    );
    await startRetention(privacy, clock, logger);
    const liveKeys = new LiveKeyRing(pool, clock, config.liveKeys);
    await openTheStore(services, liveKeys, { seededDemoMenu, openDemoShop: options.openDemoShop ?? false, fakeCardPayments: config.FAKE_CARD_PAYMENTS, fakePayPal: config.FAKE_PAYPAL }, clock, logger);
    const storeClock = createStoreClock(services);

    await hub.start();
    stops.add(() => hub.stop());
    const sessionSweeper = createSessionSweeper(pool);
    startHousekeeping({ pool, databaseUrl, clock, instanceId: instance.registry.id, logger, sessionSweeper, holdSweeper: stock.holdSweeper, storeClock, storeClockTickMs: config.STORE_CLOCK_TICK_SECONDS * 1000 }, stops);

    const catalog = wireCatalog({ config, services, menu, dailyStock: stock.dailyStock });
    const content = await wireContent({ services, catalogue: catalog.catalogue, menu, clock, logger });
    const media = wireMedia({ services, receivePhoto: catalog.receivePhoto, clock });
    const projectionLags = projectionLagReader({ store, pool, runners: readModels.runners, waker: readModels.waker, clock });
    const verify = wireVerify({ config, pool, store, clock, logger, instanceId: instance.registry.id }, stops);
    const routers = shopRoutes({
      config, clock, metrics, projectionLags, services, pool, store, users, limits, linkKey: keys[0], hub, streams: instance.streams, liveKeys, menu, accounts, customersWith, basket, delivery, vouchers, order, stock, privacy, catalog, content, media, verify,
    });
    const port = await serveHttp({ config, logger, notices: storage.notices, pool, users, sessionKeys: keys, origins, webRoot: options.webRoot, pageSources: pageSources(services.settings, menu, clock, content.readModel), routers, observe: metrics.observeRequests }, stops);
    const metricsPort = await wireMetrics({ config, logger, metrics, pool, hub, processes, projectionLags }, stops);
    const url = origins.listeningOn(port);
    logger.info({ url }, 'shop is listening');
    if (fakeStripe) {
      fakeStripe.sendWebhooksTo(`http://127.0.0.1:${port}${STRIPE_WEBHOOK_PATH}`);
      logger.info({ fakeStripe: fakeStripe.url }, 'card payments go to the local fake Stripe (FAKE_CARD_PAYMENTS)');
    }
    if (fakePayPal) {
      fakePayPal.sendWebhooksTo(`http://127.0.0.1:${port}${PAYPAL_WEBHOOK_PATH}`);
      logger.info({ fakePayPal: fakePayPal.url }, 'PayPal payments go to the local fake PayPal (FAKE_PAYPAL)');
    }
    return {
      url, port, metrics, metricsPort, databaseUrl, pool, store, hub, instance: instance.registry, runners: readModels.runners, accounts, config, services,
      holdSweeper: stock.holdSweeper, sessionSweeper, storeClock, processes, logger, verify, mailSettled: mail.settled, accountsSettled: customersSettled, stop: stops.stopAll,
    };
  } catch (error) {
    await stops.stopAll();
    throw error;
  }
}
