import fs from 'node:fs/promises';
import path from 'node:path';
import type { OutgoingDelivery, Provider, ProviderResult } from '../outbox/providers';
import { createDocument, toBuffer } from '../pdf/document';
import { addressLines, letterDate, renderLetter } from './letter';

// Letters leave as files: one print-ready PDF per letter, its name carrying the delivery id,
// and one manifest CSV per message listing what the batch holds, for the print service (or
// an operator) to pick up from the directory. The PDF medium writes the same files but is
// done on writing: the association downloads all its letters as one file and posts them.

export interface FileProviderOptions {
  dir: string;
  /** For tests; the letter's printed date. */
  now?: () => Date;
}

const MANIFEST_HEADER = 'delivery_id,message_id,tenant_id,file,pages,name,street,postal_code_city,created_at\n';

/** A CSV cell, quoted; a leading = + - @ cannot start a spreadsheet formula. */
function cell(v: string | number): string {
  const s = String(v);
  return `"${(/^[=+\-@\t\r]/.test(s) ? `'${s}` : s).replace(/"/g, '""')}"`;
}

export function letterFileName(medium: 'letter' | 'pdf', d: Pick<OutgoingDelivery, 'messageId' | 'deliveryId'>): string {
  return `${medium}-${String(d.messageId)}-${String(d.deliveryId)}.pdf`;
}

export function manifestFileName(medium: 'letter' | 'pdf', messageId: number): string {
  return `${medium}-${String(messageId)}-manifest.csv`;
}

function fileProvider(medium: 'letter' | 'pdf', opts: FileProviderOptions): Provider {
  const now = opts.now ?? (() => new Date());
  return {
    async send(d: OutgoingDelivery): Promise<ProviderResult> {
      const address = addressLines(d.address);
      // Name, street and "ZIP City" at least; anything less cannot be posted.
      if (address.length < 3) return { outcome: 'bounced', error: 'incomplete_address' };
      let pdf: Buffer;
      let pages: number;
      if (d.document) {
        // Made for this recipient already (an invoice): printed as it is.
        pdf = d.document.pdf;
        pages = d.document.pages;
      } else try {
        const doc = createDocument({ title: d.subject || d.senderName, author: d.senderName });
        pages = renderLetter(doc, { sender: [d.senderName, d.replyTo].filter(Boolean), address, html: d.content, date: letterDate(now()) });
        pdf = await toBuffer(doc);
      } catch (e) {
        // The same input would fail again: not worth retrying.
        return { outcome: 'bounced', error: `render_failed: ${e instanceof Error ? e.message : String(e)}` };
      }
      const file = letterFileName(medium, d);
      try {
        await fs.mkdir(opts.dir, { recursive: true, mode: 0o700 });
        // Written under a temporary name and renamed, so a reader never sees half a letter.
        const tmp = path.join(opts.dir, `.${file}.tmp`);
        await fs.writeFile(tmp, pdf, { mode: 0o600 });
        await fs.rename(tmp, path.join(opts.dir, file));
        const manifest = path.join(opts.dir, manifestFileName(medium, d.messageId));
        await fs.writeFile(manifest, MANIFEST_HEADER, { flag: 'wx', mode: 0o600 }).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'EEXIST') throw e;
        });
        const row = [d.deliveryId, d.messageId, d.tenantId, file, pages, address[0] ?? '', address.slice(1, -1).join(', '), address.at(-1) ?? '', now().toISOString()];
        await fs.appendFile(manifest, `${row.map(cell).join(',')}\n`);
      } catch (e) {
        // Nothing was handed to anyone yet: a full disk or missing permission may pass.
        return { outcome: 'retry', error: e instanceof Error ? e.message : String(e) };
      }
      return { outcome: 'sent', ref: file };
    },
  };
}

/** Letters posted by the print service: files in `dir` (default DATA_DIR/outbox/letters). */
export function createLetterProvider(opts: FileProviderOptions): Provider {
  return fileProvider('letter', opts);
}

/** Letters the association prints itself: written to `dir` and `sent` at once. */
export function createPdfProvider(opts: FileProviderOptions): Provider {
  return fileProvider('pdf', opts);
}
