import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import pino, { type Logger } from 'pino';
import type { Config } from './config';
import { systemClock, type Clock } from './core/clock';
import { openDatabase } from './db/open-database';
import { assertDurable } from './db/durability';
import { analyzeGrownTables } from './db/planner-statistics';
import { createDatabasePool, type DatabasePool } from './db/pool';
import { createPostgresEventStore } from './eventstore/postgres';
import type { EventStore } from './eventstore/types';
import { createApp } from './http/app';
import { healthRoutes } from './http/health';
import { endSessionsOf, sessionIdOf, sessionKeys } from './http/session';
import { createSessionSweeper, SESSION_SWEEP_INTERVAL_MS } from './http/session-sweeper';
import { ensureAdmin } from './identity/bootstrap';
import { createLoginThrottle } from './identity/login-throttle';
import { knownDevices } from './identity/known-device';
import { createHumanCheck, humanCheckRoutes, postgresSolvedChallenges } from './human-check';
import { createLimits, createLiveStreamCaps, LIVE_STREAMS_PER_SESSION } from './limits';
import { identityRoutes } from './identity/routes';
import { createUserRepository } from './identity/users';
import { createCredentials } from './identity/credentials';
import { LiveHub } from './live/hub';
import { StaffPresence } from './live/staff-presence';
import { liveRoutes } from './live/routes';
import { ProjectionRunner } from './projections/runner';
import type { Projection } from './projections/types';
import { startStoreWaker } from './projections/waker';
import { accountList, allProjections, cardRefundRoutes, erasureRecords, kitchenOrders, unpaidOrders, voucherReadModel, MenuCache, menuRoutes, productsWithExpiredHolds, productsWithParLevels, stockLevels, SettingsCache, settingsRoutes, storeLogRoutes, storedBaskets } from '../projections';
import { CommandHandler } from './core/handle-command';
import type { Services } from './services';
import { basketRoutes, CART_EVENT_SCHEMAS, CART_PERSONAL_DATA, createBasket, forgetOldBasketHolders, sessionBasketTotals } from '../modules/cart';
import { CATALOG_EVENT_SCHEMAS, CATALOG_UPCASTERS, catalogueRoutes, createCatalogue, createMenuTransfer, menuCsvRoutes, seedDemoMenu, stockStatusRoutes } from '../modules/catalog';
import { createDailyStock, createHoldSweeper, dailyStockProcess, STOCK_EVENT_SCHEMAS, stockRoutes, stockRowProblem } from '../modules/stock';
import { commandContext } from './http/command-context';
import { createMailer } from './mail/mailer';
import { deleteOldMail, MailSender, queueMails } from './mail/outbox';
import { ACCOUNT_EVENT_SCHEMAS, ACCOUNT_PERSONAL_DATA, accountRoutes, createAccounts, type Accounts } from '../modules/account';
import { createDeliveryService, deliveryCheckCookie, deliveryRoutes, httpGeocoder, tableGeocoder } from '../modules/delivery';
import { cardAttemptProcess, cardPaymentProcess, cardRefundProcess, cardRoutes, STRIPE_WEBHOOK_PATH, checkoutProcess, checkoutRoutes, voucherUseRoutes, createCheckout, createKitchen, customerMailReactor, kitchenRoutes, ORDER_EVENT_SCHEMAS, ORDER_PERSONAL_DATA, ORDER_UPCASTERS, unpaidLapseProcess, unprintedAlarmActions, unprintedAlarmProcess, voucherStepUndoProcess } from '../modules/order';
import { changeSettings, closeAtClosingTime, createStoreClock, dateOpening, readOpeningHours, readSettings, STORE_EVENT_SCHEMAS, STORE_UPCASTERS, storeHoursProcess, storeSettingsRoutes, storeStatusRoutes } from '../modules/store';
import { versionedEventStore, type EventVersioning } from './eventstore/versioned-store';
import { logRoutes } from './http/log-routes';
import { cspReportRoutes } from './http/csp-report-routes';
import { cspReportLog } from './http/csp-reports';
import { CSP_REPORT_PATH } from './http/script-inventory';
import { PROCESS_EVENT_SCHEMAS, ProcessManager } from './process';
import type { PageSources } from './http/html-page';
import { firstShownDishes } from './shared/menu';
import { createPhotoStore, UPLOAD_PATH, uploadRoutes } from './uploads';
import { withFakeCardPayments } from './fake-stripe/beside-the-shop';
import { createPayments, PAYMENT_EVENT_SCHEMAS, paymentRoutes, stripeGateway } from '../modules/payment';
import { createPrivacy, guestRetentionProcess, PRIVACY_EVENT_SCHEMAS, privacyRoutes } from '../modules/privacy';
import { forgetMails } from './mail/forget';
import { PersonalData, personalDataMasterKey, sealingEventStore, type PersonalDataDeclarations } from './personal-data';
import { createVouchers, VOUCHER_EVENT_SCHEMAS, voucherRoutes } from '../modules/voucher';

export interface Shop {
  url: string;
  port: number;
  databaseUrl: string;
  pool: DatabasePool;
  store: EventStore;
  hub: LiveHub;
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
  /** Resolves once every mail for the events stored so far is queued and the sender has tried it. */
  mailSettled(): Promise<void>;
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

/** The personal-data door, with the configured master key (or the one generated into DATA_DIR). */
export function openPersonalData(config: Config, pool: DatabasePool, clock: Clock = systemClock): PersonalData {
  return new PersonalData({ pool, masterKey: personalDataMasterKey(config.PERSONAL_DATA_MASTER_KEY, config.dataDir), now: () => clock().getTime() });
}

/** Every module's event schemas and upcasters: the event versioning the store port applies to reads and appends. */
export function shopEventVersioning(): EventVersioning {
  const schemas = { ...CART_EVENT_SCHEMAS, ...CATALOG_EVENT_SCHEMAS, ...ORDER_EVENT_SCHEMAS, ...STOCK_EVENT_SCHEMAS, ...STORE_EVENT_SCHEMAS, ...PROCESS_EVENT_SCHEMAS, ...ACCOUNT_EVENT_SCHEMAS, ...PRIVACY_EVENT_SCHEMAS, ...PAYMENT_EVENT_SCHEMAS, ...VOUCHER_EVENT_SCHEMAS };
  return { schemas: new Map(Object.entries(schemas)), upcasters: { ...STORE_UPCASTERS, ...ORDER_UPCASTERS, ...CATALOG_UPCASTERS } };
}

/** The configured adapter, behind the shop's event versioning; appends are checked against the schemas outside production. */
export async function openEventStore(
  config: Config,
  databaseUrl: string,
  personalData: PersonalData,
  options: { pollIntervalMs?: number; maxConnections?: number } = {},
): Promise<EventStore> {
  const adapter =
    config.EVENT_STORE === 'esdb'
      ? (await import('./eventstore/esdb')).createEsdbEventStore(config.EVENTSTORE_CONNECTION_STRING!)
      : createPostgresEventStore({ url: databaseUrl, ...options });
  const sealed = sealingEventStore(adapter, personalData, shopPersonalData());
  return versionedEventStore(sealed, shopEventVersioning(), { validate: config.NODE_ENV !== 'production' });
}

/** Every module's personal fields of its events: what the store seals (issue 15, docs/personal-data.md). */
export function shopPersonalData(): PersonalDataDeclarations {
  return { ...ORDER_PERSONAL_DATA, ...CART_PERSONAL_DATA, ...ACCOUNT_PERSONAL_DATA };
}

/** Starts everything the shop needs, in order, and returns a handle that stops it all in reverse. */
export async function startShop(givenConfig: Config, options: StartOptions = {}): Promise<Shop> {
  const { config, fake: fakeStripe } = await withFakeCardPayments(givenConfig);
  const logger = options.logger ?? pino({ level: config.LOG_LEVEL, redact: ['req.headers.cookie', 'req.headers.authorization'] });
  const clock = options.clock ?? systemClock;
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of stops.reverse()) await step().catch((error) => logger.error({ err: error }, 'stop step failed'));
  };

  if (fakeStripe) stops.push(() => fakeStripe.close());

  try {
    const database = await openDatabase(config, logger);
    stops.push(() => database.close());
    const databaseUrl = database.url;
    if (config.NODE_ENV === 'production' && config.EVENT_STORE === 'postgres') await assertDurable(databaseUrl);

    // The nested-acquire guard only where the suite runs: it costs every promise a hook (src/db/pool.ts), and
    // `npm start` and the benches (production, or development for the fake card provider) measure the shop's speed.
    const pool = await createDatabasePool(databaseUrl, { refuseNestedAcquire: config.NODE_ENV === 'test' });
    stops.push(() => pool.end());
    // Before the read models catch up, so that a restored database (which has no statistics) is planned well.
    await analyzeGrownTables(pool);
    const personalData = openPersonalData(config, pool, clock);
    await personalData.assertMasterKey();
    const store = await openEventStore(config, databaseUrl, personalData, { pollIntervalMs: config.PROJECTION_POLL_MS, maxConnections: 20 });
    stops.push(() => store.close());

    const users = createUserRepository(pool);

    const waker = startStoreWaker(store);
    stops.push(() => waker.stop());
    const projectionRunner = (projection: Projection) =>
      new ProjectionRunner(projection, {
        store,
        pool,
        databaseUrl,
        waker,
        pollIntervalMs: config.PROJECTION_POLL_MS,
        onError: (name, error) => logger.error({ err: error, projection: name }, 'projection failed; retrying'),
      });
    const runners = allProjections().map(projectionRunner);
    for (const runner of runners) runner.start();
    stops.push(async () => {
      await Promise.all(runners.map((runner) => runner.stop()));
    });

    const runnerByName = new Map(runners.map((runner) => [runner.projection.name, runner]));
    const commands = new CommandHandler(store);
    waker.onEvent((event) => {
      commands.noteStored(event);
      // Someone was erased, perhaps by another instance: their key stops opening here at once, not when its cache
      // entry expires, and no kept state may go on showing them (forgotten once the key is marked in the cache).
      const erased = event.type === 'PersonalDataErased' ? PRIVACY_EVENT_SCHEMAS.PersonalDataErased.safeParse(event) : undefined;
      if (erased?.success) {
        personalData.noteErased(erased.data.data.subject).then(
          () => commands.forgetStates(),
          (error: unknown) => logger.warn({ err: error }, 'could not note an erasure in the key cache; its entry expires within a minute'),
        );
      }
    });
    const services: Services = {
      store,
      commands,
      pool,
      settings: new SettingsCache(pool, clock, runnerByName.get('settings')!),
      clock,
      basketHoldMinutes: config.BASKET_HOLD_MINUTES,
      personalData,
      readModels: {
        // Read-your-writes is bounded: a command that succeeded is never turned into an error because a read
        // model is slow; its answer may then be a moment behind.
        waitFor: async (name, position) => {
          if (!position) return;
          await runnerByName.get(name)!.waitFor(position, 10_000).catch((error) => logger.warn({ err: error, projection: name }, 'read model behind'));
        },
        checkpoint: (name) => runnerByName.get(name)!.checkpoint,
      },
    };
    const seededDemoMenu = config.DEMO_MENU && (await seedDemoMenu(services.commands, { actor: 'system', now: clock().toISOString(), correlationId: 'demo-menu' }));
    if (seededDemoMenu) logger.info('seeded the demo menu');
    const mailSender = new MailSender(pool, createMailer({ smtpUrl: config.SMTP_URL, dataDir: config.dataDir, from: config.MAIL_FROM }), { logger });
    const menuCache = new MenuCache(pool, clock, runnerByName.get('menu')!);
    const mailRunner = projectionRunner(customerMailReactor(services, menuCache));
    mailRunner.onApplied(() => mailSender.wake());
    runners.push(mailRunner);
    mailRunner.start();
    mailSender.start();
    stops.push(() => mailSender.stop());
    const keys = sessionKeys(config.SESSION_KEYS, config.dataDir);
    const limits = createLimits(config.limits);
    let origin = config.publicOrigin;
    let hub: LiveHub | undefined;
    const credentials = createCredentials(pool);
    const accounts = createAccounts({
      services,
      credentials,
      list: accountList(pool),
      limits,
      linkKey: keys[0],
      origin: () => origin,
      queueMail: async ({ mailId, to, subject, text }) => {
        await pool.transaction((tx) => queueMails(tx, [{ mailId, kind: 'invitation', orderId: null, message: { to, subject, text } }]));
        mailSender.wake();
      },
      endSessions: async (accountId) => {
        await endSessionsOf(pool, accountId);
        hub?.disconnect(accountId);
      },
      siteName: async () => String((await readSettings(services.settings, ['site_name'])).site_name),
      legacyUser: async (id) => (await users.withoutStream(id))[0] ?? null,
    });
    const system = (correlationId: string) => ({ actor: 'system', now: clock().toISOString(), correlationId });
    // Users stored before accounts were event-sourced get their stream (once), then the first start's admin.
    for (const user of await users.withoutStream()) await accounts.adopt(user, system('adopt-account'));
    await ensureAdmin(users, {
      email: config.ADMIN_EMAIL,
      password: config.ADMIN_PASSWORD,
      announce: (message) => logger.warn(message),
      register: (input) => accounts.register(input, system('first-admin')),
    });
    const mailSettled = async () => {
      await mailRunner.waitFor(await store.lastCommittedPosition(), 10_000);
      await mailSender.idle();
    };
    // Serve once the read models include everything already stored (the demo menu on a first start).
    const head = await store.lastCommittedPosition();
    await Promise.all(
      runners.map((runner) =>
        runner.waitFor(head, 30_000).catch(() => logger.warn({ projection: runner.projection.name }, 'serving before this read model caught up')),
      ),
    );
    const basket = createBasket(services, menuCache, storedBaskets(pool), { shares: config.holdShares, secret: keys[0] });
    const holdSweeper = createHoldSweeper(services, (now) => productsWithExpiredHolds(pool, now));
    const geocoder = config.POSTCODE_LOOKUP === 'http' ? httpGeocoder(config.POSTCODES_URL) : tableGeocoder(pool);
    const delivery = createDeliveryService(services.settings, geocoder);
    const vouchers = createVouchers(services, voucherReadModel(pool));
    const staffPresence = new StaffPresence(clock);
    const gateway = config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET
      ? stripeGateway({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, apiUrl: config.STRIPE_API_URL })
      : null;
    // The payment module asks the order whether it still waits for an attempt; the checkout is made just below.
    const payments = createPayments({ services, gateway, orderAwaits: (orderId, attempt) => checkout.awaitsCard(orderId, attempt) });
    const checkout = createCheckout({
      services, basket, delivery, catalogue: menuCache, unpaidOrders: unpaidOrders(pool, (kind, value) => personalData.lookupHash(kind, value)), vouchers, payments, logger, staffPresence,
    });
    const orders = kitchenOrders(pool, services.settings);
    const kitchen = createKitchen(services, orders, vouchers);
    const storeHours = storeHoursProcess({
      closeAtClosingTime: async (closesAt, context) => void (await closeAtClosingTime(commands, closesAt, context)),
    });
    const dailyStock = createDailyStock(services, () => productsWithParLevels(pool));
    const erasureReads = erasureRecords(pool);
    const privacy = createPrivacy(
      services,
      {
        ...erasureReads,
        forgetMails: async (about) => void (await forgetMails(pool, config.dataDir, about)),
        forgetOrders: (orderIds) => vouchers.forgetOrders(orderIds),
        forgetLogins: async (userIds) => {
          await credentials.forget(userIds);
          for (const userId of userIds) {
            await endSessionsOf(pool, userId);
            hub?.disconnect(userId);
          }
        },
      },
      { retentionDays: config.GUEST_PII_RETENTION_DAYS },
    );
    const unprintedAlarm = unprintedAlarmActions({
      services,
      managerEmails: () => users.activeEmailsWithRoles(['manager', 'admin']),
      queueMails: async (mails) => {
        await pool.transaction((tx) => queueMails(tx, mails.map(({ mailId, orderId, to, subject, text }) => ({ mailId, kind: 'unprinted-alarm', orderId, message: { to, subject, text } }))));
        mailSender.wake();
      },
      raised: (ref) => logger.warn({ orderRef: ref }, 'order still unprinted: the managers were mailed'),
    });
    const processes = new ProcessManager([checkoutProcess(checkout.processActions), voucherStepUndoProcess(checkout.processActions), cardAttemptProcess(checkout.cardActions), cardRefundProcess(checkout.cardActions), cardPaymentProcess(checkout.cardActions), unpaidLapseProcess(kitchen.lapseActions), unprintedAlarmProcess(unprintedAlarm), storeHours, guestRetentionProcess(privacy.retentionActions), dailyStockProcess(dailyStock.actions)], {
      store,
      pool,
      commands,
      clock,
      logger,
      runner: projectionRunner,
    });
    await processes.start();
    stops.push(() => processes.stop());
    await privacy.scheduleRetention({ actor: 'system', now: clock().toISOString(), correlationId: 'guest-retention' });
    const backfilled = await privacy.backfillLookups();
    if (backfilled > 0) logger.info({ lookups: backfilled }, 'looked up people stored before sealing existed');
    // After the processes start: a kind's first start begins at the head of $all, and this opening must
    // start the storeHours process that closes it at 23:59.
    // A store an older version left open has no closing time: it gets the next one (once; then nothing).
    await dateOpening(commands, { actor: 'system', now: clock().toISOString(), correlationId: 'date-opening' });
    if (seededDemoMenu && options.openDemoShop) {
      const context = { actor: 'system', now: clock().toISOString(), correlationId: 'demo-hours' };
      // No staff screen is watching a newcomer's first card order: the demo shop offers card without one.
      const { position } = await changeSettings(commands, { open_time: '00:00', close_time: '23:59', order_status: 'open', card_unattended_minutes: 0 }, context);
      await services.readModels.waitFor('settings', position);
      logger.info('opened the demo shop, 00:00-23:59 every day');
    }
    if (options.openDemoShop && config.FAKE_CARD_PAYMENTS) {
      // The demo shop with the fake card provider offers card, so a newcomer can pay by card at once.
      const offered = (await readSettings(services.settings, ['payment_methods'])).payment_methods;
      if (!offered.includes('card')) {
        const context = { actor: 'system', now: clock().toISOString(), correlationId: 'demo-card' };
        const { position } = await changeSettings(commands, { payment_methods: [...offered, 'card'] }, context);
        await services.readModels.waitFor('settings', position);
      }
    }
    const storeClock = createStoreClock(services);

    const liveHub = new LiveHub({ pool, databaseUrl, pollIntervalMs: config.PROJECTION_POLL_MS, staffPresence });
    hub = liveHub;
    await liveHub.start();
    stops.push(() => liveHub.stop());

    // Often, because a young shop's tables can double within seconds on its first evening; the check is one
    // read of Postgres's table statistics (see planner-statistics.ts).
    let analyzingNow = false;
    const analyzing = setInterval(() => {
      if (analyzingNow) return;
      analyzingNow = true;
      void analyzeGrownTables(pool)
        .catch((error) => logger.warn({ err: error }, 'analyzing grown tables failed'))
        .finally(() => (analyzingNow = false));
    }, 2000);
    analyzing.unref();
    const housekeeping = setInterval(() => {
      void deleteOldMail(pool).catch(() => undefined);
      void forgetOldBasketHolders(pool, clock()).catch(() => undefined);
    }, 60 * 60 * 1000);
    housekeeping.unref();
    const sessionSweeper = createSessionSweeper(pool);
    const sweepingSessions = setInterval(() => {
      void sessionSweeper.sweep().catch((error) => logger.error({ err: error }, 'session sweep failed'));
    }, SESSION_SWEEP_INTERVAL_MS);
    sweepingSessions.unref();
    const sweeping = setInterval(() => {
      void holdSweeper.sweep().catch((error) => logger.error({ err: error }, 'hold sweep failed'));
    }, 60 * 1000);
    sweeping.unref();
    const ticking = setInterval(() => {
      void storeClock.tick().catch((error) => logger.error({ err: error }, 'store clock failed'));
    }, 60 * 1000);
    ticking.unref();
    stops.push(async () => {
      clearInterval(housekeeping);
      clearInterval(sweepingSessions);
      clearInterval(analyzing);
      clearInterval(sweeping);
      clearInterval(ticking);
    });

    // Without PUBLIC_ORIGIN the shop is reached on this machine, at the port it listens on (known once listening).
    let ownOrigins: readonly string[] = [config.publicOrigin];
    const production = config.NODE_ENV === 'production';
    const photoStore = createPhotoStore(path.join(config.dataDir, 'uploads'));
    const catalogue = createCatalogue({ services, menu: menuCache, photos: photoStore });
    const menuTransfer = createMenuTransfer({
      services,
      menu: menuCache,
      catalogue,
      photos: photoStore,
      parLevels: {
        read: () => stockLevels(pool),
        set: (productId, variantId, parLevel, context) => dailyStock.setParLevel(productId, variantId, parLevel, context),
        problem: stockRowProblem,
      },
    });
    const humanCheck = createHumanCheck({
      secret: keys[0],
      work: { cost: config.HUMAN_CHECK_COST, maxNumber: config.HUMAN_CHECK_MAX_NUMBER },
      now: clock,
      solved: postgresSolvedChallenges(pool),
    });
    const throttle = createLoginThrottle({ limits, humanCheck, now: clock });
    const checkedPostcodes = deliveryCheckCookie({ production });
    const app = createApp({
      logger,
      pool,
      users,
      sessionKeys: keys,
      publicOrigin: config.publicOrigin,
      ownOrigins: () => ownOrigins,
      production,
      trustedProxyHops: config.trustedProxyHops,
      webRoot: options.webRoot,
      pageSources: pageSources(services.settings, menuCache),
      multipartPaths: [UPLOAD_PATH],
      signedWebhookPaths: [STRIPE_WEBHOOK_PATH],
      reportPaths: [CSP_REPORT_PATH],
      stripeApiUrl: config.STRIPE_API_URL,
      routers: [
        healthRoutes({ pool, store, runners }),
        identityRoutes({
          users,
          throttle,
          devices: knownDevices({ production }),
          clock,
          limits,
          checkLoginCode: (accountId, code, at) => accounts.checkLoginCode(accountId, code, at),
          afterLogin: async (ctx, user) => {
            await accounts.recordLogin(user.id, commandContext(ctx, clock));
            const cartId = ctx.session?.cartId;
            if (typeof cartId === 'string') await basket.assignToUser(cartId, user.id, commandContext(ctx, clock));
          },
        }),
        liveRoutes({
          hub: liveHub,
          streams: createLiveStreamCaps({ perAddress: config.LIVE_STREAMS_PER_ADDRESS, perSession: LIVE_STREAMS_PER_SESSION }),
          sessionOf: (ctx) => sessionIdOf(ctx, production),
          linkKey: keys[0],
          clock,
        }),
        accountRoutes({ accounts, clock, limits }),
        privacyRoutes({ privacy, clock }),
        paymentRoutes({ publishableKey: config.STRIPE_PUBLISHABLE_KEY, fakeApiUrl: config.FAKE_CARD_PAYMENTS ? config.STRIPE_API_URL : undefined }),
        cardRoutes({ checkout, clock, linkKey: keys[0] }),
        cardRefundRoutes({ pool, clock, settings: services.settings }),
        menuRoutes({ menu: menuCache }),
        settingsRoutes({ settings: services.settings }),
        basketRoutes({ basket, settings: services.settings, clock, limits, beforeReopen: (cartId, context) => checkout.leaveCardPayment(cartId, context) }),
        deliveryRoutes({ delivery, basketTotals: (ctx) => sessionBasketTotals(basket, ctx), settings: services.settings, checks: checkedPostcodes }),
        checkoutRoutes({ checkout, clock, limits, checks: checkedPostcodes }),
        voucherUseRoutes({ checkout, vouchers, clock, limits }),
        voucherRoutes({ vouchers, clock }),
        storeSettingsRoutes({ services, clock, delivery }),
        kitchenRoutes({ kitchen, orders, settings: services.settings, clock, menu: menuCache, linkKey: keys[0] }),
        storeStatusRoutes({ services, clock, delivery }),
        storeLogRoutes({ pool, clock, settings: services.settings }),
        stockStatusRoutes({ services, menu: menuCache, clock }),
        stockRoutes({ services, dishes: menuCache, levels: () => stockLevels(pool), daily: dailyStock, clock }),
        logRoutes({ limits, now: clock }),
        cspReportRoutes({ reports: cspReportLog(pool), limits, now: clock }),
        humanCheckRoutes({ humanCheck, limits, now: clock }),
        uploadRoutes({ store: photoStore }),
        catalogueRoutes({ catalogue, clock }),
        menuCsvRoutes({ transfer: menuTransfer, clock }),
      ],
    });
    const server = http.createServer(
      {
        // A client that sends its request slowly (or a body shorter than its Content-Length) is cut off, not waited for.
        requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
        headersTimeout: Math.min(config.HEADERS_TIMEOUT_SECONDS, config.REQUEST_TIMEOUT_SECONDS) * 1000,
        connectionsCheckingInterval: Math.min(config.REQUEST_TIMEOUT_SECONDS * 1000, 5000) / 2,
      },
      app.callback(),
    );
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.PORT, config.HOST, resolve);
    });
    stops.push(
      () =>
        new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        }),
    );
    const port = (server.address() as AddressInfo).port;
    if (!config.PUBLIC_ORIGIN) ownOrigins = ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${port}`);
    const url = `http://localhost:${port}`;
    if (!config.PUBLIC_ORIGIN) origin = url;
    logger.info({ url }, 'shop is listening');
    if (fakeStripe) {
      fakeStripe.sendWebhooksTo(`http://127.0.0.1:${port}${STRIPE_WEBHOOK_PATH}`);
      logger.info({ fakeStripe: fakeStripe.url }, 'card payments go to the local fake Stripe (FAKE_CARD_PAYMENTS)');
    }
    return { url, port, databaseUrl, pool, store, hub: liveHub, runners, accounts, config, services, holdSweeper, sessionSweeper, storeClock, processes, logger, mailSettled, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The pages' heads read the settings and the catalogue from their in-memory copies. */
function pageSources(settings: Services['settings'], menu: MenuCache): PageSources {
  return {
    async shop() {
      const [values, hours] = await Promise.all([readSettings(settings, ['site_name', 'full_address', 'phone_no_display']), readOpeningHours(settings)]);
      return {
        siteName: String(values.site_name),
        address: String(values.full_address),
        phone: String(values.phone_no_display),
        week: hours.week,
        specialDays: hours.specialDays,
      };
    },
    async product(id) {
      const product = await menu.product(id);
      return product && { name: product.name, short_desc: product.short_desc, image: product.image };
    },
    async firstDishImage() {
      const [first] = firstShownDishes(await menu.catalogue(), 1);
      return first?.image ? { src: first.image, srcset: first.image_srcset } : null;
    },
  };
}
