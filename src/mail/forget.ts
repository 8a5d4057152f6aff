import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'slonik';
import type { DatabasePool } from '../db/pool';

const ERASED = '[erased]';

/**
 * Erasure (issue 15): the mails about these orders (or contact messages, issue 34), or to these addresses, keep their row (its id is what
 * makes each mail go once) with every personal part blanked; one not yet sent is never sent; and the .eml
 * copies of the local mailer (named after the mail id) are deleted.
 */
export async function forgetMails(pool: DatabasePool, dataDir: string, about: { orderIds: readonly string[]; recipients: readonly string[] }): Promise<number> {
  const mailIds = await pool.anyFirst<string>(sql.unsafe`
    update mail_outbox
       set recipient = ${ERASED}, subject = ${ERASED}, body_text = ${ERASED}, reply_to = null, last_error = null,
           failed_at = case when sent_at is null then coalesce(failed_at, now()) else failed_at end
     where order_id = any(${sql.array(about.orderIds, 'uuid')}) or lower(recipient) = any(${sql.array(about.recipients.map((to) => to.toLowerCase()), 'text')})
     returning mail_id`);
  if (mailIds.length === 0) return 0;
  const directory = path.join(dataDir, 'mail');
  const files = await fs.promises.readdir(directory).catch(() => [] as string[]);
  const ids = mailIds.map((id) => id.replace(/-/g, ''));
  await Promise.all(
    files
      .filter((file) => ids.some((id) => file.replace(/-/g, '').includes(id)))
      .map((file) => fs.promises.rm(path.join(directory, file), { force: true })),
  );
  return mailIds.length;
}
