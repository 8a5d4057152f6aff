import { uuidFromName } from '../../src/core/uuid';
import type { StoredEvent } from '../../src/eventstore/types';
import type { OutboxMail } from '../../src/mail/outbox';
import { ERASED } from '../../src/personal-data';
import type { Projection } from '../../src/projections/types';
import type { Services } from '../../src/services';
import { queueMails } from '../../src/mail/outbox';
import { readSettings } from '../store';
import type { ContactMessageReceived } from './events';

/** Messages older than this get no mail: a rebuild, or a first start over an old store, must not mail history. */
const TOO_OLD_TO_MAIL_MS = 24 * 60 * 60 * 1000;
const MAIL_NAMESPACE = '5d0c8e3a-7b4f-4e59-a1c2-9f6e3b2d7a10';

/**
 * The mail of one message to one address. Every header the visitor's words reach (Subject, Reply-To) is built
 * from single-line fields, which the door refused with any CR or LF; the visitor's address is the Reply-To,
 * never the From, so the shop's mail is never sent as someone else.
 */
export function contactMail(data: ContactMessageReceived['data'], to: string, siteName: string): OutboxMail['message'] {
  const lines = [
    `A message through the contact form of ${siteName}:`,
    '',
    `From: ${data.name}`,
    `Email: ${data.email}`,
    ...(data.phone !== null ? [`Phone: ${data.phone}`] : []),
    ...(data.subject !== null ? [`Subject: ${data.subject}`] : []),
    '',
    data.message,
    '',
    'Reply to this mail to answer; mark it handled in the staff inbox (/takeaway-inbox).',
  ];
  return { to, replyTo: data.email, subject: `Contact form: ${data.subject ?? `a message from ${data.name}`}`, text: lines.join('\n') };
}

/**
 * A reactor, like the customer mails': each message is mailed to the shop's contact address (the setting
 * `contact_email`) or, while that is unset, to every manager (as the unprinted-order alarm is), queued in the
 * outbox in the transaction that moves its checkpoint, so each message is mailed exactly once.
 */
export function contactMailReactor(deps: {
  services: Pick<Services, 'settings' | 'clock'>;
  /** The active managers' and admins' addresses. */
  managerEmails(): Promise<string[]>;
}): Projection<OutboxMail[]> {
  async function mailsFor(events: readonly StoredEvent[]): Promise<OutboxMail[]> {
    const now = deps.services.clock().getTime();
    const recent = events.filter((event) => event.type === 'ContactMessageReceived' && now - Date.parse(event.metadata.at) < TOO_OLD_TO_MAIL_MS);
    if (recent.length === 0) return [];
    const settings = await readSettings(deps.services.settings, ['contact_email', 'site_name']);
    const recipients = settings.contact_email ? [settings.contact_email] : await deps.managerEmails();
    const mails: OutboxMail[] = [];
    for (const event of recent) {
      const data = event.data as ContactMessageReceived['data'];
      if (data.email === ERASED) continue;
      for (const to of recipients) {
        mails.push({ mailId: uuidFromName(MAIL_NAMESPACE, `${event.id} ${to.toLowerCase()}`), kind: 'contact-message', orderId: data.messageId, message: contactMail(data, to, settings.site_name) });
      }
    }
    return mails;
  }

  const prepared = (mails: OutboxMail[] | undefined) => {
    if (!mails) throw new Error('contact_mail queues only the mails its prepare composed: apply it through the projection runner');
    return mails;
  };

  return {
    name: 'contact_mail',
    eventTypes: ['ContactMessageReceived'],
    tables: [],
    prepare: mailsFor,
    async apply(event, context) {
      const messageId = (event.data as ContactMessageReceived['data']).messageId;
      await queueMails(context.tx, prepared(context.prepared).filter((mail) => mail.orderId === messageId));
    },
    async applyAll(_events, context) {
      await queueMails(context.tx, prepared(context.prepared));
    },
  };
}
