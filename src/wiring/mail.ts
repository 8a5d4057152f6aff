import type { Logger } from 'pino';
import type { Config } from '../config';
import type { DatabasePool } from '../db/pool';
import type { EventStore } from '../eventstore/types';
import { createMailer } from '../mail/mailer';
import { MailSender, queueMails, type OutboxMail } from '../mail/outbox';
import type { Services } from '../services';
import type { MenuCache } from '../../projections';
import { customerMailReactor, orderStatusLink } from '../../modules/order';
import type { ReadModelRunners } from './read-models';
import type { Stops } from './stops';

/** The outbox's sender and the reactor that queues the customers' order mails; stopped with the shop. */
export function startMail(
  deps: {
    config: Config;
    pool: DatabasePool;
    store: EventStore;
    services: Services;
    menu: MenuCache;
    readModels: ReadModelRunners;
    logger: Logger;
    /** Signs the confirmation mail's link to the order's status page, built on `origin` (issue 31). */
    linkKey: string;
    origin: () => string;
  },
  stops: Stops,
) {
  const { config, pool, store, logger } = deps;
  const sender = new MailSender(pool, createMailer({ smtpUrl: config.SMTP_URL, dataDir: config.dataDir, from: config.MAIL_FROM }), { logger });
  const statusLink = (orderId: string, placedAt: string) => orderStatusLink(deps.origin(), orderId, deps.linkKey, placedAt);
  const reactor = deps.readModels.runnerFor(customerMailReactor(deps.services, deps.menu, statusLink));
  reactor.onApplied(() => sender.wake());
  deps.readModels.keep(reactor);
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
      await reactor.waitFor(await store.lastCommittedPosition(), 10_000);
      await sender.idle();
    },
  };
}

export type ShopMail = ReturnType<typeof startMail>;
