import { A4, addA4Page, createDocument, drawLines, drawSmall, mm, toBuffer } from '../../pdf/document';
import { htmlToBlocks } from '../../pdf/html-blocks';
import { drawPlaced, flowBlocks, layoutBlock, type Frame } from '../../pdf/flow';
import { LETTER_GEOMETRY } from '../../letters/letter';
import { formatAmount } from '../../../../shared/finnish/amount';
import { formatFinnishDate, parseIsoDate } from '../../../../shared/finnish/date';
import { finnishBic, normalizeIban } from '../../../../shared/finnish/iban';
import { businessIdToVatId } from '../../../../shared/finnish/business-id';
import { vatBreakdown } from '../../../../shared/finnish/vat';
import { virtualBarcode } from '../../../../shared/finnish/barcode';
import { descriptionPages } from '../../../../shared/invoices/pages';
import { formatAnyReference } from '../../../../shared/invoices/sms-notice';
import { drawSlip, FORM_TOP } from './slip';
import { hline, textAt } from './draw';

// One invoice, credit invoice or payment reminder as a PDF: page 1 carries the letterhead,
// the recipient in the envelope window, the invoice details, rows with VAT, totals and
// terms, and (except on a credit invoice) the bank transfer form; the description's pages
// follow. Pure: everything comes in `InvoicePdfInput` (load.ts reads it from the database).

export type InvoicePdfKind = 'invoice' | 'credit' | 'reminder';

export interface InvoicePdfRow {
  title: string;
  /** With VAT, cents; negative on a credit invoice. */
  amount_c: number;
  vat_percent: number;
}

export interface InvoicePdfInput {
  kind: InvoicePdfKind;
  seller: {
    name: string;
    addressLines: readonly string[];
    businessId: string;
    vatObliged: boolean;
    iban: string;
    email: string;
  };
  recipient: { name: string; addressLines: readonly string[] };
  invoiceNumber: number;
  /** ISO dates. For a reminder `dueDate` is the new due date. */
  invoiceDate: string;
  dueDate: string;
  reference: string;
  subject: string;
  rows: readonly InvoicePdfRow[];
  /** Gross total of the rows, cents. */
  total_c: number;
  /** The editor's HTML; `<hr>` starts a page. */
  description: string;
  reminder?: {
    /** The day the reminder is made (ISO). */
    date: string;
    originalDueDate: string;
    paid_c: number;
    open_c: number;
  };
  credit?: { creditedNumber: number; creditedDate: string };
}

const G = LETTER_GEOMETRY;
const TITLES: Record<InvoicePdfKind, string> = { invoice: 'LASKU', credit: 'HYVITYSLASKU', reminder: 'MAKSUMUISTUTUS' };
const DOC_TITLES: Record<InvoicePdfKind, string> = { invoice: 'Lasku', credit: 'Hyvityslasku', reminder: 'Maksumuistutus' };
/** Page 1's body runs from below the window to above the form (or the footer on a credit invoice). */
const BODY_TOP = mm(96);
const eur = (c: number): string => formatAmount(c);
const pct = (p: number): string => `${String(p).replace('.', ',')} %`;

function daysBetween(from: string, to: string): number {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  if (!a || !b) return 0;
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** The amount the payer is asked to pay: the open amount of a reminder, else the total. */
export function payableCents(i: InvoicePdfInput): number {
  return i.kind === 'reminder' ? (i.reminder?.open_c ?? i.total_c) : i.total_c;
}

export function barcodeOf(i: InvoicePdfInput): string {
  return virtualBarcode({ iban: i.seller.iban, amountCents: Math.max(0, payableCents(i)), reference: i.reference, dueDate: i.dueDate });
}

/** Label–value pairs at the top right. */
function details(i: InvoicePdfInput): [string, string][] {
  const out: [string, string][] = [
    [i.kind === 'credit' ? 'Hyvityslaskun numero' : 'Laskun numero', String(i.invoiceNumber)],
    [i.kind === 'reminder' ? 'Laskun päivämäärä' : 'Päivämäärä', formatFinnishDate(i.invoiceDate)],
  ];
  if (i.kind === 'reminder' && i.reminder) {
    out.push(['Muistutuksen päivämäärä', formatFinnishDate(i.reminder.date)]);
    out.push(['Alkuperäinen eräpäivä', formatFinnishDate(i.reminder.originalDueDate)]);
    out.push(['Uusi eräpäivä', formatFinnishDate(i.dueDate)]);
  } else if (i.kind === 'invoice') out.push(['Eräpäivä', formatFinnishDate(i.dueDate)]);
  if (i.kind === 'credit' && i.credit) out.push(['Hyvittää laskun', `nro ${String(i.credit.creditedNumber)} (${formatFinnishDate(i.credit.creditedDate)})`]);
  out.push(['Viitenumero', formatAnyReference(i.reference)]);
  if (i.kind === 'invoice') out.push(['Maksuehto', `${String(Math.max(0, daysBetween(i.invoiceDate, i.dueDate)))} päivää netto`]);
  return out;
}

function sellerLines(s: InvoicePdfInput['seller']): string[] {
  return [s.name, ...s.addressLines, ...(s.email ? [s.email] : [])];
}

function vatId(businessId: string): string | null {
  try {
    return businessId ? businessIdToVatId(businessId) : null;
  } catch {
    return null;
  }
}

/** The company details line at the foot of page 1: who invoices, with which ids and account. */
function footerParts(s: InvoicePdfInput['seller']): string[] {
  const bic = finnishBic(s.iban);
  return [
    s.name,
    ...(s.businessId ? [`Y-tunnus ${s.businessId}`] : []),
    ...(s.vatObliged && vatId(s.businessId) ? [`ALV-tunniste ${vatId(s.businessId)!}`] : []),
    `IBAN ${normalizeIban(s.iban)}`,
    ...(bic ? [`BIC ${bic}`] : []),
  ];
}

/** Draws rows, breakdown, totals and terms from `top`; returns where it ended. */
function drawBody(doc: PDFKit.PDFDocument, i: InvoicePdfInput, top: number): number {
  const x0 = G.left;
  const x1 = G.left + G.width;
  let y = top;
  textAt(doc, i.subject, x0, y, { size: 12, bold: true, width: G.width });
  y += 22;
  const vat = i.seller.vatObliged;
  // Columns from the right edge: gross, VAT %, net (VAT-obliged only).
  const colGross = x1 - mm(28);
  const colPct = x1 - mm(50);
  const colNet = x1 - mm(78);
  const head = (t: string, x: number, w: number): void => textAt(doc, t, x, y, { size: 8, bold: true, align: 'right', width: w });
  textAt(doc, 'Kuvaus', x0, y, { size: 8, bold: true });
  if (vat) {
    head('Veroton', colNet, mm(26));
    head('ALV %', colPct, mm(20));
    head('Verollinen', colGross, mm(28));
  } else head('Summa', colGross, mm(28));
  y += 12;
  hline(doc, x0, x1, y - 2, 0.5);
  const breakdown = vatBreakdown(i.rows.map((r) => ({ amountWithVatCents: r.amount_c, vatPercent: r.vat_percent })));
  for (const r of i.rows) {
    textAt(doc, r.title, x0, y, { size: 9, width: (vat ? colNet : colGross) - x0 - 6 });
    if (vat) {
      const [row] = vatBreakdown([{ amountWithVatCents: r.amount_c, vatPercent: r.vat_percent }]);
      textAt(doc, eur(row!.netCents), colNet, y, { size: 9, align: 'right', width: mm(26) });
      textAt(doc, pct(r.vat_percent), colPct, y, { size: 9, align: 'right', width: mm(20) });
    }
    textAt(doc, eur(r.amount_c), colGross, y, { size: 9, align: 'right', width: mm(28) });
    y += 13;
  }
  hline(doc, x0, x1, y, 0.5);
  y += 5;
  textAt(doc, 'Yhteensä', x0, y, { size: 10, bold: true });
  textAt(doc, eur(i.total_c), colGross, y, { size: 10, bold: true, align: 'right', width: mm(28) });
  y += 18;

  if (vat) {
    textAt(doc, 'Arvonlisäverot', x0, y, { size: 8, bold: true });
    head('ALV %', colNet - mm(30), mm(20));
    head('Veroton', colNet, mm(26));
    head('Vero', colPct, mm(20));
    head('Verollinen', colGross, mm(28));
    y += 11;
    for (const b of breakdown) {
      textAt(doc, pct(b.vatPercent), colNet - mm(30), y, { size: 8.5, align: 'right', width: mm(20) });
      textAt(doc, eur(b.netCents), colNet, y, { size: 8.5, align: 'right', width: mm(26) });
      textAt(doc, eur(b.vatCents), colPct, y, { size: 8.5, align: 'right', width: mm(20) });
      textAt(doc, eur(b.grossCents), colGross, y, { size: 8.5, align: 'right', width: mm(28) });
      y += 11;
    }
    y += 6;
  } else {
    textAt(doc, 'ALV 0 %, ei arvonlisäverovelvollinen (AVL 4 §).', x0, y, { size: 8.5 });
    y += 14;
  }

  if (i.kind === 'reminder' && i.reminder) {
    const r = i.reminder;
    const line = (l: string, v: string, bold = false): void => {
      textAt(doc, l, x0, y, { size: 9.5, bold });
      textAt(doc, v, colGross, y, { size: 9.5, bold, align: 'right', width: mm(28) });
      y += 13;
    };
    if (r.paid_c !== 0) line('Maksettu', eur(r.paid_c));
    line(`Avoinna, maksettava viimeistään ${formatFinnishDate(i.dueDate)}`, eur(r.open_c), true);
    textAt(doc, `Laskun eräpäivä ${formatFinnishDate(r.originalDueDate)} on mennyt. Jos olet jo maksanut, tämä muistutus on aiheeton.`, x0, y, { size: 8.5, width: G.width });
    y += 14;
  }
  if (i.kind === 'credit') {
    textAt(doc, 'Hyvityslasku: ei maksettavaa. Hyvitys vähennetään hyvitettävän laskun avoimesta summasta.', x0, y, { size: 8.5, width: G.width });
    y += 14;
  } else {
    textAt(doc, 'Viivästyskorko korkolain mukaan. Maksaessasi käytä viitenumeroa.', x0, y, { size: 8.5, width: G.width });
    y += 14;
  }
  return y;
}

function drawPage1Head(doc: PDFKit.PDFDocument, i: InvoicePdfInput): void {
  drawLines(doc, sellerLines(i.seller), G.sender, { size: 9, boldFirst: true });
  drawLines(doc, [i.recipient.name, ...i.recipient.addressLines], G.address, { size: 10.5 });
  const x = mm(120);
  textAt(doc, TITLES[i.kind], x, mm(12), { size: 15, bold: true, width: mm(70) });
  let y = mm(22);
  for (const [l, v] of details(i)) {
    textAt(doc, l, x, y, { size: 8.5, width: mm(36) });
    textAt(doc, v, x + mm(37), y, { size: 8.5, bold: true, width: mm(33) });
    y += 12.5;
  }
}

/** The description's pages, each starting a page of its own (an overlong one runs on). */
function drawDescription(doc: PDFKit.PDFDocument, html: string, footer: (page: number) => void, first: number): number {
  const frame: Frame = { x: G.left, width: G.width, top: G.top, bottom: G.bottom };
  let page = first;
  for (const part of descriptionPages(html)) {
    const blocks = htmlToBlocks(part).map((b) => layoutBlock(doc, b, G.width));
    for (const placed of flowBlocks(blocks, () => frame).pages) {
      addA4Page(doc);
      drawPlaced(doc, frame, placed);
      footer(page++);
    }
  }
  return page - first;
}

/** Adds one invoice's pages to `doc` (many invoices may share a file); returns the page count. */
export function addInvoicePages(doc: PDFKit.PDFDocument, i: InvoicePdfInput): number {
  addA4Page(doc);
  drawPage1Head(doc, i);
  drawBody(doc, i, BODY_TOP);
  const slip = i.kind !== 'credit';
  const footY = (slip ? FORM_TOP : A4.height - mm(12)) - mm(8);
  drawSmall(doc, footerParts(i.seller).join(' · '), G.left, footY);
  const bic = finnishBic(i.seller.iban);
  if (slip) {
    drawSlip(doc, {
      iban: i.seller.iban,
      bic,
      payee: [i.seller.name, ...i.seller.addressLines],
      payer: [i.recipient.name, ...i.recipient.addressLines],
      reference: i.reference,
      dueDate: i.dueDate,
      amountCents: Math.max(0, payableCents(i)),
      barcode: barcodeOf(i),
      info: [`${i.kind === 'reminder' ? 'Maksumuistutus, lasku' : 'Lasku'} nro ${String(i.invoiceNumber)}`, i.subject],
    });
  }
  // Page numbers only when there is more than one page: counted after the description is laid out.
  const number = (p: number): void => drawSmall(doc, `Lasku ${String(i.invoiceNumber)}, sivu ${String(p)}`, mm(120), G.footerY, { align: 'right', width: mm(70) });
  return 1 + drawDescription(doc, i.description, (p) => number(p), 2);
}

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<{ pdf: Buffer; pages: number }> {
  const doc = createDocument({ title: `${DOC_TITLES[input.kind]} ${String(input.invoiceNumber)}`, author: input.seller.name });
  const pages = addInvoicePages(doc, input);
  return { pdf: await toBuffer(doc), pages };
}
