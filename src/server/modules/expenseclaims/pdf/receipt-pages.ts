import sharp from 'sharp';
import { A4, addA4Page, mm } from '../../pdf/document';
import { pageToPng, pdfPageCount } from '../../pdf/poppler';
import { textAt } from '../../invoices/pdf/draw';
import { formatFinnishDate } from '../../../../shared/finnish/date';
import { EXPENSE_RECEIPT_MAX_PAGES } from '../../../../shared/constants';
import type { ClaimsPdfReceipt } from './claims-pdf';

// Copies of the receipts after the claims: an image on a page of its own, scaled to fit; a
// PDF receipt as its pages rendered by poppler. A receipt that cannot be drawn (poppler
// missing, a file pdfkit cannot read) gets a page saying it is in the register, so the
// printout is never short of a receipt without saying so.

export interface ReceiptPage {
  title: string;
  /** JPEG or PNG; null: the note page. */
  image: Buffer | null;
}

/** Page images of a PDF receipt are rendered this many pixels on the longer side (~190 dpi on A4). */
const PDF_PAGE_PX = 2200;

async function pagesOf(r: ClaimsPdfReceipt, title: string): Promise<ReceiptPage[]> {
  if (r.mime === 'application/pdf') {
    const count = Math.min(EXPENSE_RECEIPT_MAX_PAGES, await pdfPageCount(r.data));
    const pages: ReceiptPage[] = [];
    for (let p = 1; p <= count; p++) pages.push({ title: count > 1 ? `${title} (sivu ${String(p)}/${String(count)})` : title, image: await pageToPng(r.data, p, PDF_PAGE_PX) });
    return pages;
  }
  // pdfkit embeds JPEG and PNG; anything else (WebP) is converted first.
  const image = r.mime === 'image/jpeg' || r.mime === 'image/png' ? r.data : await sharp(r.data).png().toBuffer();
  return [{ title, image }];
}

export async function prepareReceipts(receipts: readonly ClaimsPdfReceipt[]): Promise<ReceiptPage[]> {
  const out: ReceiptPage[] = [];
  for (const r of receipts) {
    const title = `Kuitti, hakemus ${String(r.claimId)}, ${formatFinnishDate(r.date)}${r.description ? `: ${r.description}` : ''}`;
    try {
      out.push(...(await pagesOf(r, title)));
    } catch {
      out.push({ title, image: null });
    }
  }
  return out;
}

export function drawReceiptPages(doc: PDFKit.PDFDocument, pages: readonly ReceiptPage[]): void {
  const box = { x: mm(15), y: mm(25), w: A4.width - mm(30), h: A4.height - mm(40) };
  for (const p of pages) {
    addA4Page(doc);
    textAt(doc, p.title, box.x, mm(12), { size: 10, bold: true, width: box.w });
    if (p.image) {
      try {
        doc.image(p.image, box.x, box.y, { fit: [box.w, box.h], align: 'center' });
        continue;
      } catch {
        // Falls through to the note.
      }
    }
    textAt(doc, 'Kuittia ei voitu tulostaa. Kuitti on liitteenä rekisterissä hakemuksen kohdalla.', box.x, box.y, { size: 10, width: box.w });
  }
}
