import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import PDFDocument from 'pdfkit';
import type { Client, Reply, TestApp } from '../harness';
import { mailText } from '../mailText';

// Expense claims for tests: turning e-claims on, uploading a receipt as the browser does, a
// claim body of one receipt, and reading the mails the claims sent.

export const IBAN = 'FI21 1234 5600 0007 85';
export const IBAN_COMPACT = 'FI2112345600000785';

export function enableClaims(admin: Client, over: Record<string, unknown> = {}): Promise<Reply> {
  return admin.post('/api/1/settings/save', { scope_: 'eclaim', eclaim_enabled: true, eclaim_notify: true, eclaim_km_help: 'Kirjaa reitti.', eclaim_per_diem_help: 'Yli 6 tuntia.', ...over });
}

/** POST expenseclaim/upload as multipart with the field "file". */
export function uploadReceipt(c: Client, bytes: Buffer | string, filename = 'kuitti.jpg', type = 'application/octet-stream'): Promise<Reply> {
  const boundary = `----seura${crypto.randomBytes(6).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    typeof bytes === 'string' ? Buffer.from(bytes) : bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return c.request('POST', '/api/1/expenseclaim/upload', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
}

/** A real one-page PDF (pdfkit), or one with a document-level JavaScript action when asked. */
export function receiptPdf(opts: { javascript?: boolean } = {}): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4', compress: false });
    const parts: Buffer[] = [];
    doc.on('data', (c: Buffer) => parts.push(c));
    doc.on('end', () => resolve(Buffer.concat(parts)));
    doc.text('Kuitti 12,50 EUR');
    if (opts.javascript) {
      // An OpenAction running a script, as a hostile file would carry.
      const js = doc.ref({ Type: 'Action', S: 'JavaScript', JS: new String('app.alert(1)') });
      js.end(null);
      (doc as unknown as { _root: { data: Record<string, unknown> } })._root.data.OpenAction = js;
    }
    doc.end();
  });
}

export const receiptItem = (receiptId: number, over: Record<string, unknown> = {}) => ({ type: 'receipt', date: '2026-02-03', amount: '12,50', description: 'Kahvit', receipt_id: receiptId, ...over });

/** Uploads a tiny JPEG and saves a claim of one receipt item with it. */
export async function receiptClaim(c: Client, jpeg: Buffer, over: Record<string, unknown> = {}): Promise<Reply> {
  const up = await uploadReceipt(c, jpeg);
  if (up.status !== 200) throw new Error(`upload failed: ${up.status} ${JSON.stringify(up.body)}`);
  return c.post('/api/1/expenseclaim/save', { description: 'Kevätretki', account_number: IBAN, items: [receiptItem(up.body.id as number)], ...over });
}

export interface SentMail {
  to: string;
  subject: string;
  text: string;
}

/** Every mail written to the test app's outbox so far, oldest first. */
export function outboxMails(t: TestApp): SentMail[] {
  const dir = path.join(t.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => {
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      const to = /^To: (.*)$/im.exec(raw)?.[1]?.trim() ?? '';
      const m = mailText(raw);
      // Amounts are written with no-break spaces (Intl); tests compare with plain ones.
      return { to, subject: m.subject, text: m.text.replace(/[\u00a0\u202f]/g, ' ') };
    });
}
