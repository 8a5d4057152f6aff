import { sql } from 'slonik';
import type { Logger } from 'pino';
import type { DatabasePool, DatabaseTransactionConnection } from '../db/pool';
import type { MailMessage, Mailer } from './mailer';

/** A mail to send once, identified by the event it tells about. */
export interface OutboxMail {
  mailId: string;
  kind: string;
  /** What the mail tells about, for erasure: an order's id, or a contact message's. */
  orderId: string | null;
  message: MailMessage;
}

/** Queues mails in the caller's transaction; a mail already queued (same id) is left as it is. */
export async function queueMails(tx: DatabaseTransactionConnection, mails: OutboxMail[]): Promise<void> {
  if (mails.length === 0) return;
  await tx.query(sql.unsafe`
    insert into mail_outbox (mail_id, kind, order_id, recipient, subject, body_text, reply_to)
    select * from ${sql.unnest(
      mails.map(({ mailId, kind, orderId, message }) => [mailId, kind, orderId, message.to, message.subject, message.text, message.replyTo ?? null]),
      ['uuid', 'text', 'uuid', 'text', 'text', 'text', 'text'],
    )}
    on conflict (mail_id) do nothing`);
}

/** Mails waiting to be sent: neither sent nor failed yet (the outbox depth /metrics shows). */
export async function outboxDepth(pool: DatabasePool): Promise<number> {
  return (await pool.oneFirst(sql.unsafe`
    select count(*)::int from mail_outbox where sent_at is null and failed_at is null`)) as number;
}

/** A mail about one order, as the outbox holds it (an order's timeline lists them; `mailId` is the event's id). */
export interface MailRecord {
  mailId: string;
  kind: string;
  recipient: string;
  subject: string;
  queuedAt: string;
  sentAt: string | null;
  failedAt: string | null;
}

const instantOrNull = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | number).toISOString());

/** The mails queued about one order, oldest first; the mail's body is not read. */
export async function mailsAbout(pool: DatabasePool, orderId: string): Promise<MailRecord[]> {
  const rows = await pool.any(sql.unsafe`
    select mail_id, kind, recipient, subject, queued_at, sent_at, failed_at from mail_outbox where order_id = ${orderId} order by queued_at, mail_id`);
  return rows.map((row) => ({
    mailId: row.mail_id as string,
    kind: row.kind as string,
    recipient: row.recipient as string,
    subject: row.subject as string,
    queuedAt: instantOrNull(row.queued_at)!,
    sentAt: instantOrNull(row.sent_at),
    failedAt: instantOrNull(row.failed_at),
  }));
}

/** Forgets mail sent more than 30 days ago and mail that failed more than 90 days ago (housekeeping). */
export async function deleteOldMail(pool: DatabasePool): Promise<number> {
  const result = await pool.query(sql.unsafe`
    delete from mail_outbox
     where sent_at < now() - interval '30 days' or failed_at < now() - interval '90 days'`);
  return result.rowCount ?? 0;
}

export interface MailSenderOptions {
  logger: Logger;
  /** How long a taken mail is left to this sender before another (or a restart) may try it. */
  leaseSeconds?: number;
  /** Seconds to wait before each retry after a transient failure; the last one repeats. */
  retryDelaysSeconds?: readonly number[];
  /** Attempts after which a mail that keeps failing is marked failed. */
  maxAttempts?: number;
  /** How often the sender looks for due mail when nothing wakes it (retries fall due by time). */
  pollIntervalMs?: number;
  batchSize?: number;
}

interface DueMail {
  mail_id: string;
  recipient: string;
  subject: string;
  body_text: string;
  reply_to: string | null;
  attempts: number;
}

/**
 * Delivers queued mail: takes due rows (skipping rows another sender holds), sends them, and records each
 * outcome. A mail server refusing a message for good (5xx) marks it failed; anything else is retried later.
 * Delivery is at least once: a crash between sending and recording sends the mail again, with the same
 * Message-ID, which mail clients show once.
 */
export class MailSender {
  private stopped = false;
  private wakeUp?: () => void;
  private woken = false;
  private loop?: Promise<void>;
  private readonly idleWaiters = new Set<() => void>();

  constructor(
    private readonly pool: DatabasePool,
    private readonly mailer: Mailer,
    private readonly options: MailSenderOptions,
  ) {}

  start(): void {
    this.loop ??= this.run();
  }

  /** Something was queued: look now. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeUp?.();
    await this.loop;
  }

  /** Resolves once the sender has looked after everything due so far (for tests and shutdown). */
  idle(): Promise<void> {
    return new Promise((resolve) => {
      this.idleWaiters.add(resolve);
      this.wake();
    });
  }

  /** Sends one batch of due mail; answers how many it took. */
  async deliverDue(): Promise<number> {
    const { leaseSeconds = 60, batchSize = 20 } = this.options;
    const due = (await this.pool.any(sql.unsafe`
      update mail_outbox o set attempts = o.attempts + 1, next_attempt_at = now() + ${leaseSeconds} * interval '1 second'
        from (select mail_id from mail_outbox
               where sent_at is null and failed_at is null and next_attempt_at <= now()
               order by next_attempt_at limit ${batchSize} for update skip locked) due
       where o.mail_id = due.mail_id
      returning o.mail_id, o.recipient, o.subject, o.body_text, o.reply_to, o.attempts`)) as DueMail[];
    const outcomes = await Promise.all(due.map((mail) => this.send(mail)));
    const sent = due.filter((_, index) => outcomes[index] === undefined).map((mail) => mail.mail_id);
    if (sent.length > 0) {
      await this.pool.query(sql.unsafe`
        update mail_outbox set sent_at = now(), last_error = null where mail_id = any(${sql.array(sent, 'uuid')})`);
    }
    for (const [index, error] of outcomes.entries()) {
      if (error !== undefined) await this.recordFailure(due[index], error);
    }
    return due.length;
  }

  private async send(mail: DueMail): Promise<unknown> {
    try {
      await this.mailer.send({
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body_text,
        ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
        messageId: `<${mail.mail_id}@takeaway-shop>`,
      });
      return undefined;
    } catch (error) {
      return error ?? new Error('mail failed');
    }
  }

  private async recordFailure(mail: DueMail, error: unknown): Promise<void> {
    const { retryDelaysSeconds = [10, 60, 300, 1800], maxAttempts = 20 } = this.options;
    const code = (error as { responseCode?: number }).responseCode;
    const refused = typeof code === 'number' && code >= 500 && code < 600;
    const message = String((error as Error).message ?? error).slice(0, 500);
    // Never the error itself: a mail server's refusal carries the address (nodemailer's `rejected`, `response`),
    // and a log line cannot be erased. The message stays in the outbox row, which erasure blanks.
    const logged = { mailId: mail.mail_id, attempts: mail.attempts, code: (error as { code?: string }).code, responseCode: code };
    if (refused || mail.attempts >= maxAttempts) {
      this.options.logger.error(logged, 'mail failed for good');
      await this.pool.query(sql.unsafe`
        update mail_outbox set failed_at = now(), last_error = ${message} where mail_id = ${mail.mail_id}`);
      return;
    }
    const delay = retryDelaysSeconds[Math.min(mail.attempts, retryDelaysSeconds.length) - 1] ?? 0;
    this.options.logger.warn({ ...logged, retryInSeconds: delay }, 'mail failed; will retry');
    await this.pool.query(sql.unsafe`
      update mail_outbox set next_attempt_at = now() + ${delay} * interval '1 second', last_error = ${message}
       where mail_id = ${mail.mail_id}`);
  }

  private async run(): Promise<void> {
    const { pollIntervalMs = 5000, batchSize = 20 } = this.options;
    while (!this.stopped) {
      this.woken = false;
      let taken = 0;
      try {
        taken = await this.deliverDue();
      } catch (error) {
        this.options.logger.error({ err: error }, 'mail outbox failed; retrying');
      }
      if (taken === batchSize || this.woken) continue;
      for (const resolve of this.idleWaiters) resolve();
      this.idleWaiters.clear();
      if (this.stopped) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollIntervalMs);
        this.wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wakeUp = undefined;
    }
    for (const resolve of this.idleWaiters) resolve();
  }
}
