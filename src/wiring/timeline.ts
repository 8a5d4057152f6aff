import type { UserRepository } from '../identity/users';
import { mailsAbout } from '../mail/outbox';
import type { Services } from '../services';
import { ordersByRef, streamCategories, streamsCorrelatedWith, streamsOfCategory } from '../../projections';
import { createStreamBrowser, createTimeline } from '../../modules/timeline';
import { shopPersonalData } from './event-store';

/** An order's timeline (issue 40 item 1): the event store, and what it reads of the audit log, the outbox, logins and orders. */
export function wireTimeline(deps: { services: Services; users: UserRepository }) {
  const { services, users } = deps;
  return createTimeline({
    store: services.store,
    personalFields: shopPersonalData(),
    processStreamsOf: (correlationIds) => streamsCorrelatedWith(services.pool, correlationIds),
    mailsAbout: (orderId) => mailsAbout(services.pool, orderId),
    accountsById: (ids) => users.byIds(ids),
    ordersByRef: (ref) => ordersByRef(services.pool, ref),
  });
}

/** The stream browser (issue 40 item 2): the event store, and the audit log for the categories and streams. */
export function wireStreamBrowser(services: Services) {
  return createStreamBrowser({
    store: services.store,
    personalFields: shopPersonalData(),
    index: {
      categories: () => streamCategories(services.pool),
      streams: (category, after, limit) => streamsOfCategory(services.pool, category, after, limit),
    },
  });
}
