import type { Logger } from 'pino';
import type { Config } from '../config';
import type { DatabasePool } from '../db/pool';
import type { EventStore } from '../eventstore/types';
import { createMailer } from '../mail/mailer';
import { MailSender, queueMails, type OutboxMail } from '../mail/outbox';
import type { Services } from '../services';
import type { MenuCache } from '../../projections';
import { contactMailReactor } from '../../modules/contact';
import { customerMailReactor, orderStatusLink } from '../../modules/order';
import type { UserRepository } from '../identity/users';
import type { ReadModelRunners } from './read-models';
import type { Stops } from './stops';

/** The outbox's sender and the reactors that queue the customers' order mails and the contact messages; stopped with the shop. */
export function startMail(
  deps: {
    config: Config;
    pool: DatabasePool;
    store: EventStore;
    services: Services;
    menu: MenuCache;
    readModels: ReadModelRunners;
    users: UserRepository;
    logger: Logger;
    /** Signs the confirmation mail's link to the order's status page, built on `origin` (issue 31). */
    linkKey: string;
    origin: () => string;
  },
  stops: Stops,
) {
  const { config, pool, store, logger } = deps;
  const sender = new MailSender(pool, createMailer({ smtpUrl: config.SMTP_URL, dataDir: config.dataDir, from: config.MAIL_FROM }), { logger, leaseSeconds: config.MAIL_LEASE_SECONDS });
  const statusLink = (orderId: string, placedAt: string) => orderStatusLink(deps.origin(), orderId, deps.linkKey, placedAt);
  const reactor = deps.readModels.runnerFor(customerMailReactor(deps.services, deps.menu, statusLink));
  // The contact form's messages go to the shop's contact address, or to every manager while it is unset (issue 34).
  const contactReactor = deps.readModels.runnerFor(
    contactMailReactor({ services: deps.services, managerEmails: () => deps.users.activeEmailsWithRoles(['manager', 'admin']) }),
  );
  for (const each of [reactor, contactReactor]) {
    each.onApplied(() => sender.wake());
    deps.readModels.keep(each);
  }
  sender.start();
  stops.add(() => sender.stop());
  return {
    /** Queues mails (one transaction) and wakes the sender. */
    async queue(mails: OutboxMail[]): Promise<void> {
      await pool.transaction((tx) => queueMails(tx, mails));
      sender.wake();
    },
    /** Resolves once every mail for the events stored so far is queued and the sender has tried it. */
    async settled(): Promise<void> {
      const head = await store.lastCommittedPosition();
      await Promise.all([reactor.waitFor(head, 10_000), contactReactor.waitFor(head, 10_000)]);
      await sender.idle();
    },
  };
}

export type ShopMail = ReturnType<typeof startMail>;
