import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A local SMTP server that keeps every message it is given, for journeys that follow an
// email from "Lähetä" to a mailbox. Plain SMTP on 127.0.0.1, any login accepted.

export interface SmtpSink {
  port: number;
  mails: ParsedMail[];
  /** Envelope recipients of every message, in arrival order. */
  recipients: string[];
  /** Recipients refused with a temporary error (450), in arrival order. */
  refused: string[];
  close(): Promise<void>;
}

/** `refuse`: recipients answered "450 try again later", so the sender keeps them queued. */
export async function startSmtpSink(port: number, refuse: (address: string) => boolean = () => false): Promise<SmtpSink> {
  const mails: ParsedMail[] = [];
  const recipients: string[] = [];
  const refused: string[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'e2e' }),
    onRcptTo: (address, _session, callback) => {
      const to = address.address.toLowerCase();
      if (!refuse(to)) return callback();
      refused.push(to);
      return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 450 }));
    },
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          for (const r of session.envelope.rcptTo) recipients.push(r.address.toLowerCase());
          callback();
        })
        .catch((e: unknown) => callback(e as Error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    mails,
    recipients,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
