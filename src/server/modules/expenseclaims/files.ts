import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { Deps } from '../../deps';
import type { Member, Tenant } from '../../db/schema';
import { EXPENSE_RECEIPT_MAX_PAGES, EXPENSE_RECEIPT_MAX_PX, EXPENSE_UNATTACHED_FILE_TTL_MS } from '../../../shared/constants';
import { iso } from '../../lib/clock';
import { ValidationError } from '../../lib/errors';
import { reencodeImage } from '../../lib/reencode';
import { pdfInfo } from '../pdf/poppler';
import * as repo from './files-repo';

// Receipt files. A receipt is shown to the treasurer and printed into the payment batch, so
// only real images and PDFs are stored: images are decoded and re-encoded as JPEG (upright, no
// metadata, scaled down: lib/reencode.ts); a PDF is kept as sent only when poppler reads it,
// it has few enough pages, is not encrypted and carries nothing active (scripts, launch
// actions, embedded files). Anything else is `expense_receipt_parse_failed` under `file`.

const refused = () => ValidationError.field('file', 'expense_receipt_parse_failed');

/** Names of PDF objects that run or carry something: refused wherever they appear. */
const ACTIVE = /\/(JavaScript|JS|Launch|EmbeddedFile|EmbeddedFiles|RichMedia|XFA)\b/;
/**
 * Dictionaries may hide in compressed object streams (/Type /ObjStm); those are inflated and
 * looked into, at most this much in all — a receipt needing more is refused rather than let
 * through unread. Other streams (page content, images) hold no dictionaries and are skipped.
 */
const INFLATE_BUDGET = 32 * 1024 * 1024;

/** A name may be spelt with #xx escapes (/J#61vaScript): undone before looking. */
const unescapeNames = (text: string): string => text.replace(/#([0-9a-fA-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));

/** Whether the PDF's bytes, or its object streams, name an active feature (or are too big to look into). */
export function pdfHasActiveContent(pdf: Buffer): boolean {
  const text = pdf.toString('latin1');
  if (ACTIVE.test(unescapeNames(text))) return true;
  const streams = /stream\r?\n/g;
  let budget = INFLATE_BUDGET;
  let m: RegExpExecArray | null;
  while ((m = streams.exec(text)) !== null) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    streams.lastIndex = end;
    // The stream's dictionary: from its object's start to the keyword.
    const head = text.slice(Math.max(0, m.index - 4096), m.index);
    const dict = head.slice(head.lastIndexOf(' obj'));
    if (!/\/ObjStm\b/.test(unescapeNames(dict))) continue;
    let inner: Buffer;
    try {
      inner = zlib.inflateSync(pdf.subarray(start, end), { maxOutputLength: budget, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch (e) {
      // Over the budget: refused. Not Flate (or broken): poppler decides about the file.
      if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return true;
      continue;
    }
    budget -= inner.length;
    if (ACTIVE.test(unescapeNames(inner.toString('latin1')))) return true;
  }
  return false;
}

interface Checked {
  data: Buffer;
  mime: string;
  width: number | null;
  height: number | null;
  pages: number | null;
}

/** The file as it may be stored, or `expense_receipt_parse_failed`. */
export async function checkReceipt(bytes: Buffer): Promise<Checked> {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') {
    if (pdfHasActiveContent(bytes)) throw refused();
    let info: { pages: number; encrypted: boolean };
    try {
      info = await pdfInfo(bytes);
    } catch {
      throw refused();
    }
    if (info.encrypted || info.pages < 1 || info.pages > EXPENSE_RECEIPT_MAX_PAGES) throw refused();
    return { data: bytes, mime: 'application/pdf', width: null, height: null, pages: info.pages };
  }
  const img = await reencodeImage(bytes, { maxPx: EXPENSE_RECEIPT_MAX_PX, as: 'jpeg' });
  if (!img) throw refused();
  return { ...img, pages: null };
}

export const receiptUrl = (id: number): string => `/api/1/expenseclaim/receipt/${String(id)}`;

/** Stores a checked upload as an unattached file of this member. */
export async function upload(deps: Deps, tenant: Tenant, me: Member, filename: string, bytes: Buffer) {
  const f = await checkReceipt(bytes);
  const name = filename.replace(/[\r\n"\\/]/g, '_').slice(0, 200);
  const id = await repo.insert(deps.db, tenant.id, {
    member_id: me.id,
    filename: name,
    mime: f.mime,
    data: f.data,
    bytes: f.data.length,
    sha256: crypto.createHash('sha256').update(f.data).digest('hex'),
    width: f.width,
    height: f.height,
    pages: f.pages,
    created_at: iso(deps.clock.now()),
  });
  return { id, url: receiptUrl(id), mime: f.mime, pages: f.pages, filename: name };
}

/** The maintenance pass: uploads never attached to a claim, once older than the TTL. Returns how many went. */
export function removeStaleUnattached(deps: Pick<Deps, 'db' | 'clock'>): Promise<number> {
  return repo.deleteUnattachedBefore(deps.db, iso(new Date(deps.clock.now().getTime() - EXPENSE_UNATTACHED_FILE_TTL_MS)));
}
