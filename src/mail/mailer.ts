import fs from 'node:fs';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where an answer goes (a contact-form message: the visitor's address); the From stays the shop's. */
  replyTo?: string;
  /** `<id@host>`; the same mail sent twice keeps one id, so mail clients show it once. */
  messageId?: string;
}

/** Sends mail; the only way the shop talks to customers' inboxes. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP_URL when set (the production adapter); otherwise every message is written as an .eml file under
 * DATA_DIR/mail, built by nodemailer exactly as it would be sent.
 */
export function createMailer(options: { smtpUrl?: string; dataDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = onFirstSend(() => nodemailerModule().createTransport(smtpUrl));
    return {
      async send(message) {
        await transport().sendMail({ from: options.from, ...message });
      },
    };
  }
  const directory = path.join(options.dataDir, 'mail');
  const transport = onFirstSend(() => nodemailerModule().createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  let directoryMade: Promise<unknown> | undefined;
  return {
    async send(message) {
      const info = await transport().sendMail({ from: options.from, ...message });
      directoryMade ??= fs.promises.mkdir(directory, { recursive: true }).catch((error: unknown) => {
        directoryMade = undefined; // try again with the next message
        throw error;
      });
      await directoryMade;
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[<>@]/g, '').slice(0, 40)}.eml`;
      // Not writeFileSync: the request that sends the mail must not stop every other one while the disk works.
      await fs.promises.writeFile(path.join(directory, name), info.message as Buffer);
    },
  };
}

/** nodemailer (a large module tree) is loaded at the first mail, not by every process that could send one. */
const nodemailerModule = () => require('nodemailer') as typeof nodemailer;

function onFirstSend<T extends Transporter<unknown>>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}
