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
  /** The outbox sets its own Message-ID and VERP envelope, so reports find the delivery. */
  messageId?: string;
  envelope?: { from: string; to: string };
  /** Files sent along (a receipt's PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
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

export const outboxDir = (dataDir: string): string => path.join(dataDir, 'outbox');

/**
 * What the server says once at start-up when no SMTP server is configured, so nobody
 * wonders where the mail went; null when mail is sent.
 */
export function outboxNotice(config: { smtpUrl: string | null; dataDir: string }): string | null {
  if (config.smtpUrl) return null;
  return `Sähköpostia ei lähetetä (SMTP_URL puuttuu): viestit kirjoitetaan tiedostoiksi hakemistoon ${outboxDir(config.dataDir)}, vain palvelimen käyttäjän luettaviksi.`;
}

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
  const outbox = outboxDir(opts.dataDir);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let tightened = false;
  return {
    async send(mail) {
      const info = await transport.sendMail(mail);
      // Mails hold reset links and members' data: only the server's user may read them.
      // An outbox made by an older version (0755) is tightened on first use.
      await fs.mkdir(outbox, { recursive: true, mode: 0o700 });
      if (!tightened) {
        await fs.chmod(outbox, 0o700);
        tightened = true;
      }
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outbox, `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600, flag: 'wx' });
      log('mail written to outbox', { to: mail.to, subject: mail.subject, file });
      return { messageId: String(info.messageId), file };
    },
    close: () => transport.close(),
  };
}
