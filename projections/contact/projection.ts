import { sql } from 'slonik';
import type { DatabaseTransactionConnection } from '../../src/db/pool';
import type { StoredEvent } from '../../src/eventstore/types';
import { ERASED, idInSubject } from '../../src/personal-data';
import type { Projection } from '../../src/projections/types';
import { CONTACT_EVENT_TYPES, CONTACT_READ_MODEL, type ContactEvent } from '../../modules/contact';
import type { PersonalDataErased } from '../../modules/privacy';

type ContactMessagesEvent = ContactEvent | PersonalDataErased;

const unhandledCount = async (tx: DatabaseTransactionConnection) =>
  (await tx.oneFirst(sql.unsafe`select count(*)::int from contact_messages where handled_at is null`)) as number;

/**
 * The staff inbox's read model: one row per message; an erased message keeps its row (when, handled) with its
 * personal columns '[erased]'. Each change tells the staff screens how many messages wait (`ContactInbox`).
 */
export const contactMessagesProjection: Projection = {
  name: CONTACT_READ_MODEL,
  eventTypes: [...CONTACT_EVENT_TYPES, 'PersonalDataErased'],
  tables: ['contact_messages'],
  async apply(stored: StoredEvent, { tx, publish }) {
    const event = { type: stored.type, data: stored.data } as ContactMessagesEvent;
    switch (event.type) {
      case 'ContactMessageReceived': {
        const { messageId, receivedAt, name, email, phone, subject, message } = event.data;
        await tx.query(sql.unsafe`
          insert into contact_messages (message_id, received_at, name, email, phone, subject, message)
          values (${messageId}, ${receivedAt}, ${name}, ${email}, ${phone}, ${subject}, ${message})
          on conflict (message_id) do nothing`);
        break;
      }
      case 'ContactMessageHandled':
        await tx.query(sql.unsafe`
          update contact_messages set handled_at = ${event.data.handledAt}, handled_by = ${isUuid(event.data.handledBy) ? event.data.handledBy : null}
           where message_id = ${event.data.messageId}`);
        break;
      case 'PersonalDataErased': {
        const messageId = idInSubject(event.data.subject, 'contact');
        if (messageId === undefined) return;
        await tx.query(sql.unsafe`
          update contact_messages set name = ${ERASED}, email = ${ERASED}, message = ${ERASED},
                 phone = case when phone is null then null else ${ERASED} end,
                 subject = case when subject is null then null else ${ERASED} end
           where message_id = ${messageId}`);
        return;
      }
      default: {
        const never: never = event;
        return never;
      }
    }
    await publish('orders', 'ContactInbox', { unhandled: await unhandledCount(tx) });
  },
};

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
