import { CAPACITY_EVENT_TYPES, kitchenWindowStream, type CapacityEvent } from '../capacity';
import { CART_EVENT_TYPES, cartStream, type CartEvent } from '../cart';
import { ORDER_EVENT_TYPES, orderStream, type OrderEvent } from '../order';
import { PAYMENT_EVENT_TYPES, paymentStream, type PaymentEvent } from '../payment';
import { PRIVACY_EVENT_TYPES, erasureStream, type PrivacyEvent } from '../privacy';
import { STOCK_EVENT_TYPES, stockStream, type StockEvent } from '../stock';
import { VOUCHER_EVENT_TYPES, voucherStream, type VoucherEvent } from '../voucher';
import { DomainError } from '../../src/core/errors';
import type { EventStore, StoredEvent } from '../../src/eventstore/types';
import type { MailRecord } from '../../src/mail/outbox';
import { ERASED, guestOrderSubject, cartSubject, type PersonalDataDeclarations } from '../../src/personal-data';
import { PROCESS_EVENT_TYPES, type ProcessEvent } from '../../src/process';
import { londonDateTimeText } from '../../src/shared/london-time';
import { orderRef } from '../../src/shared/order';
import { MASKED, type OrderFound, type OrderTimeline, type TimelineEntry, type TimelineLink, type TimelineWho } from '../../src/shared/order-timeline';
import type { Role } from '../../src/shared/roles';
import {
  describeCapacityEvent,
  describeCartEvent,
  describeMail,
  describeOrderEvent,
  describePaymentEvent,
  describePrivacyEvent,
  describeProcessEvent,
  describeStockEvent,
  describeVoucherEvent,
  type DishName,
} from './describe';

/** A mail about the order from the mail outbox; `mailId` is the id of the event it tells about. */
export type MailAbout = MailRecord;

/** What the timeline reads besides the event store; the composition root fills each from its owner. */
export interface TimelineSources {
  store: EventStore;
  /** Every module's personal fields of its events (the declarations the sealing store seals). */
  personalFields: PersonalDataDeclarations;
  /** The process streams that wrote under one of these correlation ids (the audit log's). */
  processStreamsOf(correlationIds: readonly string[]): Promise<string[]>;
  /** The mails about one order (the mail outbox). */
  mailsAbout(orderId: string): Promise<MailAbout[]>;
  /** The logins by id: a staff account's email and role, or a customer's role. */
  accountsById(ids: readonly string[]): Promise<ReadonlyMap<string, { email: string; role: Role }>>;
  /** Orders whose short reference is this one (the orders read model). */
  ordersByRef(ref: string): Promise<OrderFound[]>;
}

const typesOf = (types: readonly string[]) => new Set<string>(types);
const ORDER_TYPES = typesOf(ORDER_EVENT_TYPES);
const CART_TYPES = typesOf(CART_EVENT_TYPES);
const STOCK_TYPES = typesOf(STOCK_EVENT_TYPES);
const PAYMENT_TYPES = typesOf(PAYMENT_EVENT_TYPES);
const VOUCHER_TYPES = typesOf(VOUCHER_EVENT_TYPES);
const CAPACITY_TYPES = typesOf(CAPACITY_EVENT_TYPES);
const PRIVACY_TYPES = typesOf(PRIVACY_EVENT_TYPES);
const PROCESS_TYPES = typesOf(PROCESS_EVENT_TYPES);

/** The words of one event, by the family its type belongs to (the one home of them: ./describe.ts). */
export function wordsOf(event: StoredEvent, dish: DishName): string {
  if (ORDER_TYPES.has(event.type)) return describeOrderEvent(event as unknown as OrderEvent);
  if (CART_TYPES.has(event.type)) return describeCartEvent(event as unknown as CartEvent);
  if (STOCK_TYPES.has(event.type)) return describeStockEvent(event as unknown as StockEvent, dish);
  if (PAYMENT_TYPES.has(event.type)) return describePaymentEvent(event as unknown as PaymentEvent);
  if (VOUCHER_TYPES.has(event.type)) return describeVoucherEvent(event as unknown as VoucherEvent);
  if (CAPACITY_TYPES.has(event.type)) return describeCapacityEvent(event as unknown as CapacityEvent);
  if (PRIVACY_TYPES.has(event.type)) return describePrivacyEvent(event as unknown as PrivacyEvent);
  if (PROCESS_TYPES.has(event.type)) return describeProcessEvent(event as unknown as ProcessEvent, /^process-([a-zA-Z0-9]+)-/.exec(event.stream)?.[1] ?? '');
  return `Event ${event.type}`;
}

type Data = Record<string, unknown>;

/**
 * The streams an order touched and, of each, the events that are about it: the order's own, its basket's and its
 * payment's whole; of the stock lines, the voucher and the kitchen windows only those naming the order or its
 * basket; the erasures of its data; and the processes that ran under the order's correlation ids.
 */
function streamsOf(orderId: string, own: StoredEvent[]) {
  let cartId: string | undefined;
  const products = new Set<number>();
  const vouchers = new Set<string>();
  const windows = new Set<string>();
  for (const event of own) {
    const data = event.data as Data;
    if (event.type === 'OrderPlaced') cartId = data.cartId as string;
    if (Array.isArray(data.items)) for (const item of data.items as Array<{ productId: number }>) products.add(item.productId);
    if (event.type === 'VoucherApplied') vouchers.add(data.voucherId as string);
    if (typeof data.window === 'string') windows.add(data.window);
  }
  const whole = [paymentStream(orderId), erasureStream(guestOrderSubject(orderId)), ...(cartId ? [cartStream(cartId), erasureStream(cartSubject(cartId))] : [])];
  const aboutIt = [...[...products].map(stockStream), ...[...vouchers].map(voucherStream), ...[...windows].map(kitchenWindowStream)];
  const isAboutIt = (event: StoredEvent) => {
    const data = event.data as Data;
    return data.orderId === orderId || (cartId !== undefined && data.cartId === cartId);
  };
  return { whole, aboutIt, isAboutIt };
}

/**
 * Who made the event happen, from its actor: a staff login by its email and role, the customer (a guest's
 * session or their login), the store clock (a process's timer, and what the process asked for on it), or a
 * process of the shop.
 */
export function whoOf(
  event: StoredEvent,
  accounts: ReadonlyMap<string, { email: string; role: Role }>,
  clockCauses: ReadonlySet<string>,
): TimelineWho {
  const { actor, causationId } = event.metadata;
  if (actor.startsWith('customer:')) return { kind: 'customer', label: 'The customer' };
  if (actor === 'system') {
    return clockCauses.has(causationId) ? { kind: 'clock', label: 'The store clock' } : { kind: 'process', label: 'A process of the shop' };
  }
  const account = accounts.get(actor);
  if (!account) return { kind: 'process', label: `A login no longer here (${actor.slice(0, 8)})` };
  if (account.role === 'customer') return { kind: 'customer', label: 'The customer' };
  return { kind: 'staff', label: `${account.email} (${account.role})` };
}

/** The inputs and commands a timer of a process caused: events caused by them were the clock's doing. */
export function clockCausesOf(events: StoredEvent[]): Set<string> {
  const causes = new Set<string>();
  for (const event of events) {
    if (event.type !== 'ProcessInputHandled') continue;
    const input = (event.data as { input: { kind: string; inputId: string } }).input;
    if (input.kind === 'timer') causes.add(input.inputId);
  }
  for (const event of events) {
    if (event.type === 'ProcessCommandIssued' && causes.has(event.metadata.causationId)) causes.add((event.data as { commandId: string }).commandId);
  }
  return causes;
}

/**
 * The ties between entries: the payment that paid the order, the refund of the card behind a staff refund, what
 * a process heard, what a process's command did, and the mail about an event.
 */
export function linksBetween(events: StoredEvent[], mails: MailAbout[]): Map<string, TimelineLink[]> {
  const links = new Map<string, TimelineLink[]>();
  const tie = (from: string, to: string, label: string) => links.set(from, [...(links.get(from) ?? []), { id: to, label }]);
  const ids = new Set(events.map((event) => event.id));
  const succeeded = events.filter((event) => event.type === 'PaymentSucceeded');
  const refundNoOf = (event: StoredEvent) => (event.data as { refundNo?: number }).refundNo;
  const commands = new Map<string, string>();
  for (const event of events) if (event.type === 'ProcessCommandIssued') commands.set((event.data as { commandId: string }).commandId, event.id);
  for (const event of events) {
    if (event.type === 'OrderPaid') {
      for (const payment of succeeded) {
        tie(event.id, payment.id, 'The payment that paid it');
        tie(payment.id, event.id, 'The order it paid');
      }
    }
    if (event.type === 'OrderRefunded' || event.type === 'OrderRefundFailed') {
      for (const card of events.filter((other) => ['RefundDue', 'PaymentRefunded', 'RefundFailed'].includes(other.type) && refundNoOf(other) === refundNoOf(event))) {
        tie(event.id, card.id, 'The card refund');
        tie(card.id, event.id, 'The refund staff gave');
      }
    }
    if (event.type === 'ProcessInputHandled') {
      const input = (event.data as { input: { kind: string; inputId: string } }).input;
      if (input.kind === 'event' && ids.has(input.inputId)) tie(event.id, input.inputId, 'The event the process heard');
    }
    const command = commands.get(event.metadata.causationId);
    if (command && command !== event.id) tie(event.id, command, 'The process command behind it');
  }
  for (const mail of mails) {
    if (!ids.has(mail.mailId)) continue;
    tie(mail.mailId, `mail-${mail.mailId}`, 'The mail about it');
    tie(`mail-${mail.mailId}`, mail.mailId, 'What the mail tells about');
  }
  return links;
}

/** An event's data with its personal fields masked; an erased field still reads "[erased]". */
export function maskedData(type: string, data: unknown, personalFields: PersonalDataDeclarations): unknown {
  const declared = personalFields[type];
  if (!declared || typeof data !== 'object' || data === null) return data;
  const masked: Data = { ...(data as Data) };
  for (const name of Object.keys(declared.erasedAs)) {
    if (!(name in masked)) continue;
    const value = masked[name];
    if (value === null || value === '' || value === ERASED || value === declared.erasedAs[name]) continue;
    masked[name] = MASKED;
  }
  return masked;
}

export function createTimeline(sources: TimelineSources) {
  const readStream = async (stream: string) => (await sources.store.read(stream)).events;

  return {
    /** Orders by their short reference, for the search box. */
    find: (ref: string) => sources.ordersByRef(ref),

    /** The order's whole story in commit order; personal fields masked unless `showPersonal` (an admin after step-up). */
    async of(orderId: string, { showPersonal }: { showPersonal: boolean }): Promise<OrderTimeline> {
      const own = await readStream(orderStream(orderId));
      if (own.length === 0) throw new DomainError('not_found', 'There is no such order');
      const { whole, aboutIt, isAboutIt } = streamsOf(orderId, own);
      const read = await Promise.all([...whole.map(readStream), ...aboutIt.map(async (stream) => (await readStream(stream)).filter(isAboutIt))]);
      const payment = read[0];
      const correlations = [...new Set([...own, ...payment].map((event) => event.metadata.correlationId))];
      const processStreams = (await sources.processStreamsOf(correlations)).filter((stream) => stream.startsWith('process-'));
      const correlated = new Set(correlations);
      const processes = await Promise.all(processStreams.map(async (stream) => (await readStream(stream)).filter((event) => correlated.has(event.metadata.correlationId))));
      const byId = new Map<string, StoredEvent>();
      for (const event of [...own, ...read.flat(), ...processes.flat()]) byId.set(event.id, event);
      const events = [...byId.values()].sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));

      const [mails, accounts] = await Promise.all([
        sources.mailsAbout(orderId),
        sources.accountsById([...new Set(events.map((event) => event.metadata.actor).filter((actor) => /^[0-9a-f-]{36}$/i.test(actor)))]),
      ]);
      const names = new Map<string, string>();
      for (const event of own) {
        const items = (event.data as { items?: Array<{ productId: number; variantId: number | null; name: string; variantName: string }> }).items;
        for (const item of items ?? []) names.set(`${item.productId}/${item.variantId}`, item.variantName ? `${item.name}, ${item.variantName}` : item.name);
      }
      const dish: DishName = (productId, variantId) => names.get(`${productId}/${variantId}`) ?? `Dish ${productId}`;
      const clockCauses = clockCausesOf(events);
      const links = linksBetween(events, mails);
      const data = (event: StoredEvent) => (showPersonal ? event.data : maskedData(event.type, event.data, sources.personalFields));

      const entries: TimelineEntry[] = [];
      const mailAfter = new Map(mails.map((mail) => [mail.mailId, mail]));
      const mailEntry = (mail: MailAbout): TimelineEntry => ({
        id: `mail-${mail.mailId}`,
        kind: 'mail',
        stream: 'mail',
        type: 'Mail',
        at: mail.queuedAt,
        time: londonDateTimeText(mail.queuedAt),
        who: { kind: 'process', label: 'The mail sender' },
        words: describeMail(mail),
        links: links.get(`mail-${mail.mailId}`) ?? [],
        raw: { kind: mail.kind, subject: mail.subject, recipient: showPersonal || mail.recipient === '' ? mail.recipient : MASKED, queuedAt: mail.queuedAt, sentAt: mail.sentAt, failedAt: mail.failedAt },
      });
      for (const event of events) {
        entries.push({
          id: event.id,
          kind: 'event',
          stream: event.stream,
          type: event.type,
          at: event.metadata.at,
          time: londonDateTimeText(event.metadata.at),
          who: whoOf(event, accounts, clockCauses),
          words: wordsOf(event, dish),
          links: links.get(event.id) ?? [],
          raw: { stream: event.stream, revision: String(event.revision), position: event.position, type: event.type, data: data(event), metadata: event.metadata },
        });
        const mail = mailAfter.get(event.id);
        if (mail) {
          entries.push(mailEntry(mail));
          mailAfter.delete(event.id);
        }
      }
      for (const mail of mailAfter.values()) entries.push(mailEntry(mail));
      return { orderId, ref: orderRef(orderId), personal: showPersonal ? 'shown' : 'masked', entries };
    },
  };
}

export type Timeline = ReturnType<typeof createTimeline>;
