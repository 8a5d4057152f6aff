import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { ContactInbox, InboxMessage } from '../../modules/contact';

interface Row {
  message_id: string;
  received_at: string;
  name: string;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string;
  handled_at: string | null;
  handled_by: string | null;
}

/** The inbox's queries (the contact module's `ContactInbox` port); who handled a message is their login's address. */
export function contactInbox(pool: DatabasePool): ContactInbox {
  return {
    async newest(limit: number): Promise<InboxMessage[]> {
      const rows = (await pool.any(sql.unsafe`
        select m.message_id, to_json(m.received_at) #>> '{}' as received_at, m.name, m.email, m.phone, m.subject, m.message,
               to_json(m.handled_at) #>> '{}' as handled_at, u.email as handled_by
          from contact_messages m left join users u on u.id = m.handled_by
         order by m.received_at desc, m.message_id
         limit ${limit}`)) as Row[];
      return rows.map((row) => ({
        messageId: row.message_id,
        receivedAt: new Date(row.received_at).toISOString(),
        name: row.name,
        email: row.email,
        phone: row.phone,
        subject: row.subject,
        message: row.message,
        handledAt: row.handled_at === null ? null : new Date(row.handled_at).toISOString(),
        handledBy: row.handled_at === null ? null : (row.handled_by ?? 'a member of staff'),
      }));
    },
    async unhandled(): Promise<number> {
      return (await pool.oneFirst(sql.unsafe`select count(*)::int from contact_messages where handled_at is null`)) as number;
    },
  };
}

/** The contact messages sent with this address, found by its keyed hash (never by plaintext), for the sender's own download. */
export async function contactMessagesFrom(pool: DatabasePool, emailHash: string): Promise<Array<Record<string, unknown>>> {
  const rows = await pool.any(sql.unsafe`
    select to_json(m.received_at) #>> '{}' as received_at, m.name, m.email, m.phone, m.subject, m.message
      from contact_messages m
      join pii.lookups l on l.subject_id = 'contact:' || m.message_id::text and l.kind = 'email'
     where l.hash = ${emailHash}
     order by m.received_at desc, m.message_id`);
  return rows.map((row) => ({ ...row }));
}
