import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';

// One mail service for every feature. With SMTP_URL it sends through that server;
// without, each message is written as an .eml file to DATA_DIR/outbox/ and logged,
// so a fresh install works and nothing is silently dropped.

export interface OutgoingMail {
  from: string;
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
}

export interface SentMail {
  messageId: string;
  /** Path of the .eml file when written to the outbox. */
  file?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

type Log = (msg: string, data?: Record<string, unknown>) => void;

export function createMailer(opts: { smtpUrl: string | null; dataDir: string; log?: Log }): Mailer {
  const log: Log = opts.log ?? (() => {});
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        const info = await transport.sendMail(mail);
        log('mail sent', { to: mail.to, subject: mail.subject, messageId: info.messageId });
        return { messageId: String(info.messageId) };
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      await fs.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer);
      log('mail written to outbox', { to: mail.to, subject: mail.subject, file });
      return { messageId: String(info.messageId), file };
    },
    close: () => transport.close(),
  };
}
