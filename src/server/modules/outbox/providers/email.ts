import nodemailer from 'nodemailer';
import type { Config } from '../../../config';
import { publicBase } from '../../../lib/publicUrl';
import { systemFrom } from '../../mail/from';
import { createMailer, type OutgoingMail } from '../../mail/mailer';
import type { RenderedEmail, RenderEmailOptions } from '../../messages/email-render';
import { deliveryToken } from '../tokens';
import type { OutgoingDelivery, Provider, ProviderResult } from '../providers';

// Email: over SMTP (SMTP_URL, pooled connections) or, with no SMTP server configured, as .eml
// files in DATA_DIR/outbox/ through the mail module's writer. Both carry the delivery in the
// VERP return path (bounce+<token>@BOUNCE_DOMAIN) and in the Message-ID, so bounce reports
// find their row.

export type RenderEmail = (content: string, opts: RenderEmailOptions) => RenderedEmail;

export interface EmailOptions {
  config: Config;
  render: RenderEmail;
}

/** The return path of one delivery; the bounce server reads the token back from it. */
export function verpAddress(secret: string, domain: string, deliveryId: number): string {
  return `bounce+${deliveryToken(secret, 'verp', deliveryId)}@${domain}`;
}

export function composeEmail(opts: EmailOptions, d: OutgoingDelivery): OutgoingMail {
  const { config } = opts;
  const secret = config.sessionSecret;
  const domain = config.outbox.bounceDomain;
  const base = publicBase(config, { hostname: d.senderHost ?? null });
  const webViewUrl = `${base}/msg/show/email/${deliveryToken(secret, 'show', d.deliveryId)}`;
  const { html, text } = opts.render(d.content, { webViewUrl, associationName: d.senderName });
  const returnPath = verpAddress(secret, domain, d.deliveryId);
  return {
    from: systemFrom(config, { name: d.senderName, hostname: d.senderHost ?? null }),
    to: d.address,
    ...(d.replyTo ? { replyTo: d.replyTo } : {}),
    subject: d.subject,
    html,
    text,
    messageId: `<${deliveryToken(secret, 'verp', d.deliveryId)}@${domain}>`,
    envelope: { from: returnPath, to: d.address },
    ...(d.document ? { attachments: [{ filename: d.document.filename, content: d.document.pdf, contentType: 'application/pdf' }] } : {}),
  };
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  command?: string;
}

/**
 * SMTP's answer as an outcome: 5xx is a permanent refusal, 4xx and a connection that never
 * got as far as the message are worth another try. Anything else (the connection lost while
 * the message was being transferred) is thrown: whether it went is not known.
 */
export function smtpOutcome(err: SmtpError): ProviderResult {
  const code = err.responseCode;
  const msg = (err.message || String(err)).slice(0, 500);
  if (code !== undefined && code >= 500) return { outcome: 'bounced', error: msg };
  if (code !== undefined && code >= 400) return { outcome: 'retry', error: msg };
  if (err.code === 'ECONNECTION' || err.code === 'EDNS' || err.command === 'CONN') return { outcome: 'retry', error: msg };
  throw err;
}

export function createSmtpEmailProvider(opts: EmailOptions & { smtpUrl: string; maxConnections?: number }): Provider {
  const transport = nodemailer.createTransport({
    url: opts.smtpUrl,
    pool: true,
    maxConnections: opts.maxConnections ?? 5,
    maxMessages: 1000,
    // Well inside the 60 s lease, so a hung server cannot hold a claim past it.
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 40_000,
  } as never);
  return {
    async send(d) {
      try {
        const info = (await transport.sendMail(composeEmail(opts, d))) as { messageId: string; rejected?: unknown[] };
        return { outcome: 'sent', ref: String(info.messageId) };
      } catch (err) {
        return smtpOutcome(err as SmtpError);
      }
    },
    close: () => transport.close(),
  };
}

/** No SMTP server: every email is an .eml file in DATA_DIR/outbox/ (private), named in provider_ref. */
export function createFileEmailProvider(opts: EmailOptions): Provider {
  const mailer = createMailer({ smtpUrl: null, dataDir: opts.config.dataDir });
  return {
    async send(d) {
      const sent = await mailer.send(composeEmail(opts, d));
      return { outcome: 'sent', ref: sent.file ?? sent.messageId };
    },
    close: () => mailer.close(),
  };
}
