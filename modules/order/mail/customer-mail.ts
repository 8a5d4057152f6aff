import { ERASED } from '../../../src/personal-data';
import { queueMails, type OutboxMail } from '../../../src/mail/outbox';
import type { Projection } from '../../../src/projections/types';
import type { StoredEvent } from '../../../src/eventstore/types';
import type { Services } from '../../../src/services';
import { readSettings } from '../../store';
import type { MailMessage } from '../../../src/mail/mailer';
import type { RefundDue } from '../../payment';
import { dishAllergens, type CataloguePort } from '../../catalog';
import { cardRefundEmail, refundFailedEmail, staffRefundEmail, confirmationEmail, orderLapsedEmail, orderReadyEmail, type AllergensOf, type ShopContact } from './customer-emails';
import { orderDecider } from '../core/decider';
import { orderStream, type CustomerNotified, type OrderCancelled, type OrderRefunded, type OrderRefundFailed, type OrderSubmitted } from '../core/events';
import { orderView, type OrderView } from '../core/view';

/** Events older than this get no mail: a rebuild, or a first start over an old store, must not mail history. */
const TOO_OLD_TO_MAIL_MS = 24 * 60 * 60 * 1000;

/** What a mail may need besides the order and the shop: the event's own data, the dishes' allergens now, the order's status link. */
interface MailFacts {
  data: unknown;
  allergensOf: AllergensOf;
  statusLink: string;
}
type Compose = (view: OrderView, shop: ShopContact, facts: MailFacts) => MailMessage;
const MAIL_BY_EVENT: Record<string, { kind: string; compose: Compose }> = {
  OrderSubmitted: { kind: 'order-confirmation', compose: (view, shop, { allergensOf, statusLink }) => confirmationEmail(view, shop, allergensOf, statusLink) },
  CustomerNotified: { kind: 'order-ready', compose: (view, shop) => orderReadyEmail(view, shop) },
  // Staff cancelling an order speak to the customer themselves; a lapse is told by mail, once.
  OrderCancelled: { kind: 'order-lapsed', compose: (view, shop) => orderLapsedEmail(view, shop) },
  // The payment module's: card money that no food follows is being given back (issue 17).
  RefundDue: { kind: 'card-refund', compose: (view, shop, { data }) => cardRefundEmail(view, shop, data as RefundDue['data']) },
  // Staff gave money back (issue 35): one mail per refund, card or by hand (a staff refund's RefundDue mails nothing).
  OrderRefunded: { kind: 'order-refund', compose: (view, shop, { data }) => staffRefundEmail(view, shop, data as OrderRefunded['data']) },
  // The card's provider refused a staff refund: the customer hears the money has not gone back, and what now.
  OrderRefundFailed: { kind: 'order-refund-failed', compose: (view, shop, { data }) => refundFailedEmail(view, shop, data as OrderRefundFailed['data']) },
};

/**
 * A reactor, not a read model: for each placed order (and each time staff notify the customer) it queues the
 * customer's mail in the outbox, in the transaction that moves its checkpoint, so every such event gets its
 * mail exactly once however the shop stops. The request that placed the order no longer waits for mail, and
 * a mail server that is down delays the mail, not the order. It is not in allProjections(): nothing to replay.
 * The mails are composed before that transaction (`prepare`): the shop's settings, the catalogue and the order
 * are read through the pool, which the transaction must not ask for a second connection.
 */
export function customerMailReactor(
  services: Pick<Services, 'commands' | 'settings' | 'clock'>,
  menu: Pick<CataloguePort, 'catalogue'>,
  /** The signed link to the order's status page, good for 48 hours from `placedAt` (issue 31; status/status-link.ts). */
  statusLink: (orderId: string, placedAt: string) => string,
): Projection<OutboxMail[]> {
  async function shopContact(): Promise<ShopContact> {
    const settings = await readSettings(services.settings, ['site_name', 'phone_no_display', 'full_address']);
    return {
      siteName: String(settings.site_name ?? ''),
      phone: String(settings.phone_no_display ?? ''),
      address: typeof settings.full_address === 'string' ? settings.full_address : '',
    };
  }

  async function mailsFor(events: readonly StoredEvent[]): Promise<OutboxMail[]> {
    const now = services.clock().getTime();
    const recent = events.filter((event) => event.type in MAIL_BY_EVENT && now - Date.parse(event.metadata.at) < TOO_OLD_TO_MAIL_MS);
    if (recent.length === 0) return [];
    const [shop, catalogue] = await Promise.all([shopContact(), menu.catalogue()]);
    const allergensOf = (productId: number, variantId: number | null) => dishAllergens(catalogue, productId, variantId);
    const mails: OutboxMail[] = [];
    for (const event of recent) {
      const { orderId } = (event as StoredEvent<string, (OrderSubmitted | CustomerNotified | OrderCancelled)['data']>).data;
      if (event.type === 'OrderCancelled' && (event.data as OrderCancelled['data']).reason !== 'lapsed') continue;
      if (event.type === 'RefundDue' && (event.data as RefundDue['data']).reason === 'staff') continue;
      const view = orderView(await services.commands.load(orderStream(orderId), orderDecider));
      // An erased customer gets no mail: "[erased]" is no address.
      if (!view?.email || view.email === ERASED) continue;
      const { kind, compose } = MAIL_BY_EVENT[event.type];
      const facts = { data: event.data, allergensOf, statusLink: statusLink(orderId, event.metadata.at) };
      mails.push({ mailId: event.id, kind, orderId, message: compose(view, shop, facts) });
    }
    return mails;
  }

  function preparedMails(prepared: OutboxMail[] | undefined): OutboxMail[] {
    if (!prepared) throw new Error('customer_mail queues only the mails its prepare composed: apply it through the projection runner');
    return prepared;
  }

  return {
    name: 'customer_mail',
    eventTypes: Object.keys(MAIL_BY_EVENT),
    tables: [],
    prepare: mailsFor,
    async apply(event, { tx, prepared }) {
      await queueMails(tx, preparedMails(prepared).filter((mail) => mail.mailId === event.id));
    },
    async applyAll(_events, { tx, prepared }) {
      await queueMails(tx, preparedMails(prepared));
    },
  };
}
