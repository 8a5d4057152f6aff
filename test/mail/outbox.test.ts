import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { sql } from 'slonik';
import { createMailer } from '../../src/mail/mailer';
import { deleteOldMail, MailSender, queueMails, type OutboxMail } from '../../src/mail/outbox';
import { suiteDatabase } from '../support/database';
import { startFakeSmtp } from '../support/fake-smtp';

/** The outbox through the real SMTP adapter (nodemailer) to a local SMTP server. */
describe('mail outbox', () => {
  const { pool } = suiteDatabase();
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  let sender: MailSender;
  beforeEach(async () => {
    smtp = await startFakeSmtp();
    const mailer = createMailer({ smtpUrl: smtp.url, dataDir: os.tmpdir(), from: 'Shop <orders@shop.test>' });
    sender = new MailSender(pool, mailer, { logger: pino({ level: 'silent' }), retryDelaysSeconds: [0], maxAttempts: 3 });
  });
  afterEach(async () => {
    await smtp.close();
  });

  const mail = (to: string): OutboxMail => ({
    mailId: randomUUID(),
    kind: 'order-confirmation',
    orderId: randomUUID(),
    message: { to, subject: 'Your order', text: `Hello ${to}` },
  });
  const row = (mailId: string) =>
    pool.one(sql.unsafe`select attempts, sent_at is not null as sent, failed_at is not null as failed, last_error from mail_outbox where mail_id = ${mailId}`);

  it('delivers a queued mail once, with the mail id as its Message-ID; queueing it again changes nothing', async () => {
    const queued = mail('sam@example.com');
    await pool.transaction((tx) => queueMails(tx, [queued]));
    await pool.transaction((tx) => queueMails(tx, [{ ...queued, message: { ...queued.message, subject: 'Changed' } }]));

    expect(await sender.deliverDue()).toBe(1);
    expect(await sender.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].to).toEqual(['<sam@example.com>']);
    expect(smtp.received[0].data).toContain(`Message-ID: <${queued.mailId}@takeaway-shop>`);
    expect(smtp.received[0].data).toContain('Subject: Your order');
    expect(await row(queued.mailId)).toEqual({ attempts: 1, sent: true, failed: false, last_error: null });
  });

  it('retries a mail the server turned away for now, and delivers it on the next attempt', async () => {
    const queued = mail('ali@example.com');
    await pool.transaction((tx) => queueMails(tx, [queued]));
    smtp.reply('451 4.3.0 try again later');

    expect(await sender.deliverDue()).toBe(1);
    expect(smtp.received).toHaveLength(0);
    expect(await row(queued.mailId)).toMatchObject({ attempts: 1, sent: false, failed: false });
    expect((await row(queued.mailId)).last_error).toContain('451');

    expect(await sender.deliverDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(await row(queued.mailId)).toEqual({ attempts: 2, sent: true, failed: false, last_error: null });
  });

  it('marks failed, and never retries, a mail the server refuses for good', async () => {
    const queued = mail('nobody@example.com');
    await pool.transaction((tx) => queueMails(tx, [queued]));
    smtp.reply('550 5.1.1 no such mailbox');

    expect(await sender.deliverDue()).toBe(1);
    expect(await sender.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect(await row(queued.mailId)).toMatchObject({ attempts: 1, sent: false, failed: true });
  });

  it('gives up on a mail that keeps failing after the last attempt', async () => {
    const queued = mail('flaky@example.com');
    await pool.transaction((tx) => queueMails(tx, [queued]));
    smtp.reply('451 busy', '451 busy', '451 busy');
    for (let attempt = 0; attempt < 3; attempt++) expect(await sender.deliverDue()).toBe(1);
    expect(await sender.deliverDue()).toBe(0);
    expect(await row(queued.mailId)).toMatchObject({ attempts: 3, sent: false, failed: true });
  });

  it('leaves a mail another sender has taken alone until its lease runs out', async () => {
    const queued = mail('lease@example.com');
    await pool.transaction((tx) => queueMails(tx, [queued]));
    // A sender that took the mail and stopped before recording anything.
    await pool.query(sql.unsafe`update mail_outbox set attempts = 1, next_attempt_at = now() + interval '1 minute' where mail_id = ${queued.mailId}`);
    expect(await sender.deliverDue()).toBe(0);
    await pool.query(sql.unsafe`update mail_outbox set next_attempt_at = now() - interval '1 second' where mail_id = ${queued.mailId}`);
    expect(await sender.deliverDue()).toBe(1);
    expect(await row(queued.mailId)).toMatchObject({ attempts: 2, sent: true });
  });

  it('without SMTP_URL writes each mail as an .eml file under DATA_DIR/mail', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-files-'));
    try {
      const files = new MailSender(pool, createMailer({ dataDir, from: 'Shop <orders@shop.test>' }), { logger: pino({ level: 'silent' }) });
      const queued = mail('file@example.com');
      await pool.transaction((tx) => queueMails(tx, [queued]));
      expect(await files.deliverDue()).toBe(1);
      const written = fs.readdirSync(path.join(dataDir, 'mail')).map((name) => fs.readFileSync(path.join(dataDir, 'mail', name), 'utf8'));
      expect(written).toHaveLength(1);
      expect(written[0]).toContain('To: file@example.com');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('forgets mail sent over 30 days ago and mail failed over 90 days ago, and keeps the rest', async () => {
    const mails = ['old-sent', 'new-sent', 'old-failed', 'new-failed', 'waiting'].map((label) => ({ label, ...mail(`${label}@example.com`) }));
    await pool.transaction((tx) => queueMails(tx, mails));
    const set = (label: string, change: ReturnType<typeof sql.fragment>) =>
      pool.query(sql.unsafe`update mail_outbox set ${change} where mail_id = ${mails.find((m) => m.label === label)!.mailId}`);
    await set('old-sent', sql.fragment`sent_at = now() - interval '31 days'`);
    await set('new-sent', sql.fragment`sent_at = now() - interval '29 days'`);
    await set('old-failed', sql.fragment`failed_at = now() - interval '91 days'`);
    await set('new-failed', sql.fragment`failed_at = now() - interval '89 days'`);

    expect(await deleteOldMail(pool)).toBe(2);
    const left = await pool.anyFirst(sql.unsafe`
      select recipient from mail_outbox where mail_id = any(${sql.array(mails.map((m) => m.mailId), 'uuid')}) order by recipient`);
    expect(left).toEqual(['new-failed@example.com', 'new-sent@example.com', 'waiting@example.com']);
    await pool.query(sql.unsafe`delete from mail_outbox where mail_id = any(${sql.array(mails.map((m) => m.mailId), 'uuid')})`);
  });
});
