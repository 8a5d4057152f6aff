import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { cartSubject, guestOrderSubject, idInSubject, parseSubjectId, type SubjectId } from '../../src/personal-data';
import type { Services } from '../../src/services';
import { erasureDecider, refuseErasure } from './decider';
import { erasureStream, type ErasureReason } from './events';
import type { OrderOwner, PrivacyPorts } from './ports';

/** Whom to forget: everyone found by an email or a phone number (by keyed hash), or one order. */
export type ErasureTarget = { email: string } | { phone: string } | { orderId: string };

export interface ErasureOutcome {
  /** The subjects erased now or before (orders, baskets, logins, contact messages). */
  subjects: SubjectId[];
  orderIds: string[];
}

/** The ids inside the subjects of one kind. */
const idsOf = (subjects: readonly string[], kind: 'customer' | 'guest_order' | 'contact') =>
  subjects.map((subject) => idInSubject(subject, kind)).filter((id): id is string => id !== undefined);

/**
 * Forgets people: each subject's key is destroyed (events sealed under it then read as "[erased]"), a
 * PersonalDataErased event tells the read models, and mails and sessions are cleaned. Safe to repeat.
 */
export function createErasure(services: Services, ports: PrivacyPorts) {
  const { personalData, commands } = services;

  async function subjectsOf(target: ErasureTarget): Promise<{ subjects: SubjectId[]; orders: OrderOwner[]; userIds: string[] }> {
    const found =
      'orderId' in target
        ? [guestOrderSubject(target.orderId)]
        : await personalData.subjectsByLookup('email' in target ? 'email' : 'phone', 'email' in target ? target.email : target.phone);
    const userIds = idsOf(found, 'customer');
    const orderIds = idsOf(found, 'guest_order');
    const orders = await ports.orders({ orderIds, userIds });
    if ('orderId' in target && orders.length === 0) throw new DomainError('not_found', 'No such order');
    const subjects = new Set<SubjectId>(found);
    for (const order of orders) {
      subjects.add(guestOrderSubject(order.orderId));
      subjects.add(cartSubject(order.cartId));
    }
    return { subjects: [...subjects].sort(), orders, userIds };
  }

  async function eraseSubjects(subjects: readonly SubjectId[], reason: ErasureReason, context: CommandContext): Promise<void> {
    // The key first (no event sealed under it reads again, so none can refill a blanked read model), then the
    // event, then the lookups: a crash before the last step leaves the person findable, and asking again finishes.
    for (const subject of subjects) {
      await personalData.eraseSubject(subject);
      // States the command handler keeps were folded with the key: the customer's order page would go on showing them.
      commands.forgetStates();
      await commands.handle(erasureStream(subject), erasureDecider, { type: 'RecordErasure', subject, reason }, context);
      await personalData.forgetLookups(subject);
    }
  }

  return {
    async erase(target: ErasureTarget, context: CommandContext): Promise<ErasureOutcome> {
      const { subjects, orders, userIds } = await subjectsOf(target);
      refuseErasure({ activeLogins: await ports.activeLogins(userIds) });
      const orderIds = orders.map((order) => order.orderId);
      // Mails before and after: finding a login's mails needs its address, which the erasure removes; a mail
      // the mail reactor queued meanwhile is caught by the second pass. A contact message's mail is about it.
      const recipients = await ports.emailsOf(userIds);
      const mailsAbout = [...orderIds, ...idsOf(subjects, 'contact')];
      await ports.forgetMails({ orderIds: mailsAbout, recipients });
      await ports.forgetLogins(userIds);
      await eraseSubjects(subjects, 'request', context);
      await ports.forgetOrders(orderIds);
      await ports.forgetMails({ orderIds: mailsAbout, recipients });
      return { subjects, orderIds };
    },

    /** The retention job's work: guest orders, baskets and contact messages older than `before`, in batches, until none is left. */
    async eraseExpiredGuests(before: Date, context: CommandContext, batch = 500): Promise<number> {
      let orders = 0;
      for (;;) {
        const subjects = (await ports.expiredGuestSubjects(before, batch)).map(parseSubjectId);
        if (subjects.length === 0) return orders;
        const orderIds = idsOf(subjects, 'guest_order');
        await eraseSubjects(subjects, 'retention', context);
        await ports.forgetOrders(orderIds);
        await ports.forgetMails({ orderIds: [...orderIds, ...idsOf(subjects, 'contact')], recipients: [] });
        orders += orderIds.length;
      }
    },
  };
}

export type Erasure = ReturnType<typeof createErasure>;
