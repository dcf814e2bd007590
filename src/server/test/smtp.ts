import { SMTPServer } from 'smtp-server';

// A local SMTP server for tests: what the mailer really sends, over a real socket.

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpCapture {
  /** Everything received so far, oldest first; tests may clear it with `mails.length = 0`. */
  mails: ReceivedMail[];
  url: string;
  close(): Promise<void>;
}

export async function captureSmtp(): Promise<SmtpCapture> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  // A client killed mid-conversation (the outbox crash test) resets its socket: not a test failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const addr = server.server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
