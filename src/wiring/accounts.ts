import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Clock } from '../core/clock';
import { endSessionsOf } from '../http/session';
import { ensureAdmin } from '../identity/bootstrap';
import { createCredentials } from '../identity/credentials';
import type { UserRepository } from '../identity/users';
import type { Limits } from '../limits';
import type { LiveHub } from '../live/hub';
import type { Services } from '../services';
import { accountList, contactMessagesFrom, ordersWithDetails } from '../../projections';
import { createAccounts, createCustomerAccounts, type CustomerDeps, type HumanCheckVerifier } from '../../modules/account';
import { createGuestOrderJoin } from '../../modules/order';
import { readSettings } from '../../modules/store';
import type { ShopMail } from './mail';
import { systemContext } from './system-context';

/**
 * Staff accounts: users stored before accounts were event-sourced get their stream (once), then the first start's
 * admin is made.
 */
export async function wireAccounts(deps: {
  config: Config;
  services: Services;
  users: UserRepository;
  limits: Limits;
  linkKey: string;
  origin: () => string;
  mail: ShopMail;
  hub: LiveHub;
  clock: Clock;
  logger: Logger;
}) {
  const { config, services, users, clock } = deps;
  const pool = services.pool;
  const credentials = createCredentials(pool);
  const queueMail = (kind: string) => ({ mailId, to, subject, text }: { mailId: string; to: string; subject: string; text: string }) =>
    deps.mail.queue([{ mailId, kind, orderId: null, message: { to, subject, text } }]);
  const endSessions = async (accountId: string) => {
    await endSessionsOf(pool, accountId, services.notices);
    deps.hub.disconnect(accountId);
  };
  const siteName = async () => String((await readSettings(services.settings, ['site_name'])).site_name);
  const accounts = createAccounts({
    services,
    credentials,
    list: accountList(pool),
    limits: deps.limits,
    linkKey: deps.linkKey,
    origin: deps.origin,
    queueMail: queueMail('invitation'),
    endSessions,
    siteName,
    legacyUser: async (id) => (await users.withoutStream(id))[0] ?? null,
  });
  for (const user of await users.withoutStream()) await accounts.adopt(user, systemContext(clock, 'adopt-account'));
  await ensureAdmin(users, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
    announce: (message) => deps.logger.warn(message),
    register: (input) => accounts.register(input, systemContext(clock, 'first-admin')),
  });
  const guestOrders = createGuestOrderJoin(services);
  // A sign-up's work after its answer (modules/account/customers.ts): kept so tests and a stop can wait for it.
  const afterAnswers = new Set<Promise<void>>();
  const afterAnswer = (work: () => Promise<void>) => {
    const running: Promise<void> = work()
      .catch((error: unknown) => deps.logger.error({ err: error }, 'a customer sign-up failed after its answer'))
      .finally(() => afterAnswers.delete(running));
    afterAnswers.add(running);
  };
  /** Customers' own accounts (issue 33), given the human check the routes make and the privacy module's erasure. */
  const customersWith = (humanCheck: HumanCheckVerifier, erase: CustomerDeps['erase']) =>
    createCustomerAccounts({
      services,
      credentials,
      limits: deps.limits,
      humanCheck,
      linkKey: deps.linkKey,
      origin: deps.origin,
      queueMail: queueMail('account'),
      siteName,
      endSessions,
      afterAnswer,
      erase,
      joinGuestOrders: (accountId, email, context) => guestOrders.join(accountId, email, context),
      recordsOf: async (accountId, email) => ({
        orders: await ordersWithDetails(pool, accountId),
        contactMessages: await contactMessagesFrom(pool, services.personalData.lookupHash('email', email)),
      }),
    });
  /** Resolves once every sign-up answered so far has done its work (tests; the shop's stop). */
  const customersSettled = async () => void (await Promise.all(afterAnswers));
  return { accounts, credentials, customersWith, customersSettled };
}
