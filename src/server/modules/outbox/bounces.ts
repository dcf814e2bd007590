import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { Deps } from '../../deps';
import { iso } from '../../lib/clock';
import { readDeliveryToken } from './tokens';
import { deliveryByToken, markBounced } from './report-repo';

// Inbound SMTP for bounce reports. Email goes out with the return path
// bounce+<token>@BOUNCE_DOMAIN (VERP), so a mail server that cannot deliver sends its
// report (RFC 3464, multipart/report with a message/delivery-status part) to that address.
// Only such recipients with a valid token are accepted; a permanent failure (5.x.x) marks
// the delivery bounced and the member's email bounced; temporary ones (4.x.x) change nothing.

/** A report is never large: the status part and at most the headers of the original. */
export const BOUNCE_MAX_BYTES = 512 * 1024;
const MAX_CLIENTS = 20;

export interface DsnRecipient {
  action: string;
  status: string;
  diagnostic: string;
  recipient: string;
}

/** The per-recipient fields of a message/delivery-status body (folded lines joined). */
export function parseDeliveryStatus(text: string): DsnRecipient[] {
  const unfolded = text.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  const groups = unfolded.split(/\n\s*\n/).map((block) => {
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      const i = line.indexOf(':');
      if (i > 0) fields.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
    }
    return fields;
  });
  return groups
    .filter((f) => f.has('action') || f.has('status'))
    .map((f) => ({
      action: (f.get('action') ?? '').toLowerCase(),
      status: (f.get('status') ?? '').split(/\s/)[0] ?? '',
      diagnostic: f.get('diagnostic-code') ?? f.get('status') ?? '',
      recipient: f.get('final-recipient') ?? f.get('original-recipient') ?? '',
    }));
}

/** The permanent failure a report describes, or null (delayed, delivered, temporary, or no report). */
export function permanentFailure(recipients: readonly DsnRecipient[]): DsnRecipient | null {
  return recipients.find((r) => r.action === 'failed' && r.status.startsWith('5.')) ?? null;
}

/** The delivery id of a bounce+<token>@domain recipient, or null. */
export function deliveryOfRecipient(secret: string, domain: string, address: string): number | null {
  const m = /^bounce\+([^@]+)@(.+)$/i.exec(address.trim());
  if (!m || m[2]!.toLowerCase() !== domain.toLowerCase()) return null;
  return readDeliveryToken(secret, 'verp', m[1]!.toLowerCase());
}

/** Reads one report for the given deliveries; returns how many were marked bounced. */
export async function applyBounceReport(deps: Pick<Deps, 'db' | 'clock'>, deliveryIds: readonly number[], raw: Buffer): Promise<number> {
  const parsed = await simpleParser(raw, { keepDeliveryStatus: true });
  const status = parsed.attachments.find((a) => a.contentType.toLowerCase() === 'message/delivery-status' || a.contentType.toLowerCase() === 'message/global-delivery-status');
  if (!status) return 0;
  const failure = permanentFailure(parseDeliveryStatus(status.content.toString('utf8')));
  if (!failure) return 0;
  let marked = 0;
  for (const id of deliveryIds) {
    const d = await deliveryByToken(deps.db, id);
    if (!d || d.medium !== 'email') continue;
    if (await markBounced(deps.db, d.tenant_id, d.id, iso(deps.clock.now()), failure.diagnostic || failure.status)) marked += 1;
  }
  return marked;
}

export interface BounceServer {
  port: number;
  close(): Promise<void>;
}

export async function startBounceServer(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  opts: { port: number; host: string; log?: (msg: string, data?: Record<string, unknown>) => void },
): Promise<BounceServer> {
  const secret = deps.config.sessionSecret;
  const domain = deps.config.outbox.bounceDomain;
  const log = opts.log ?? (() => {});
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    banner: 'Seura bounce receiver',
    size: BOUNCE_MAX_BYTES,
    maxClients: MAX_CLIENTS,
    socketTimeout: 30_000,
    onRcptTo(address, _session, done) {
      if (deliveryOfRecipient(secret, domain, address.address) === null) {
        done(Object.assign(new Error('No such recipient'), { responseCode: 550 }));
        return;
      }
      done();
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= BOUNCE_MAX_BYTES) chunks.push(c);
      });
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded || size > BOUNCE_MAX_BYTES) {
          done(Object.assign(new Error('Report too large'), { responseCode: 552 }));
          return;
        }
        const ids = session.envelope.rcptTo.map((r) => deliveryOfRecipient(secret, domain, r.address)).filter((x): x is number => x !== null);
        applyBounceReport(deps, ids, Buffer.concat(chunks)).then(
          (n) => {
            if (n > 0) log('bounce recorded', { deliveries: ids });
            done();
          },
          (err: Error) => {
            log('bounce report failed', { error: err.message });
            done(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  });
  server.on('error', (err) => log('bounce server error', { error: err.message }));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const addr = server.server.address();
  return {
    port: typeof addr === 'object' && addr ? addr.port : opts.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
