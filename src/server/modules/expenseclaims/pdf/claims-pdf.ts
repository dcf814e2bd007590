import type { ExpenseClaimItemsTable, ExpenseClaimStatus } from '../../../db/schema';
import type { Selectable } from 'kysely';
import { addA4Page, A4, createDocument, drawSmall, mm, toBuffer } from '../../pdf/document';
import { fontName } from '../../pdf/fonts';
import { barcodeBars, drawBars } from '../../invoices/pdf/barcode-bars';
import { hline, textAt } from '../../invoices/pdf/draw';
import { formatAmount } from '../../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../../shared/finnish/date';
import { compactIban, finnishBic, normalizeIban, validateIban } from '../../../../shared/finnish/iban';
import { virtualBarcode } from '../../../../shared/finnish/barcode';
import { ALLOWANCE_SOURCES } from '../../../../shared/finnish/allowance';
import { drawReceiptPages, prepareReceipts } from './receipt-pages';

// The printout of a claimant-account's expense claims (a payment batch, or the claims in one
// status): for the books and for paying. Page 1 on: the association, the claimant and
// account, every claim with its items and totals, the grand total, the sources of the km and
// per diem rates and — for a Finnish account — a reference-less virtual barcode to scan in a
// bank app. Then a copy of each receipt, one page each.

export interface ClaimsPdfReceipt {
  claimId: number;
  date: string;
  description: string;
  mime: string;
  data: Buffer;
  filename: string;
}

export interface ClaimsPdfClaim {
  id: number;
  description: string;
  created_at: string;
  amount_c: number;
  items: Selectable<ExpenseClaimItemsTable>[];
}

export interface ClaimsPdfInput {
  association: string;
  personName: string;
  /** Compact IBAN. */
  account: string;
  status: ExpenseClaimStatus;
  /** The payment batch, YYYYMMDDHHMMSS (paid only). */
  batch: string | null;
  datePaid: string | null;
  claims: ClaimsPdfClaim[];
  receipts: ClaimsPdfReceipt[];
}

const STATUS_TITLE: Record<ExpenseClaimStatus, string> = {
  pending: 'Käsittelyä odottavat',
  accepted: 'Hyväksytyt, maksua odottavat',
  rejected: 'Hylätyt',
  paid: 'Maksetut',
};
export const ITEM_TYPE_FI: Record<ExpenseClaimItemsTable['type'], string> = { receipt: 'Kuitti', km: 'Kilometrikorvaus', per_diem: 'Päiväraha' };

const LEFT = mm(20);
const RIGHT = A4.width - mm(20);
const BOTTOM = A4.height - mm(20);
const COL = { date: LEFT, type: LEFT + mm(22), text: LEFT + mm(55), amount: RIGHT - mm(28) };

/** "2026-03-05T08:00" as "5.3.2026 klo 08.00". */
export function localDateTimeFi(at: string): string {
  return `${formatFinnishDate(at.slice(0, 10))} klo ${at.slice(11, 13)}.${at.slice(14, 16)}`;
}

/** YYYYMMDDHHMMSS as "5.3.2026". */
export function batchDateFi(batch: string): string {
  return formatFinnishDate(`${batch.slice(0, 4)}-${batch.slice(4, 6)}-${batch.slice(6, 8)}`);
}

/** What an item's row says beside its type. */
export function itemText(i: Selectable<ExpenseClaimItemsTable>): string {
  const parts: string[] = [];
  if (i.type === 'km') {
    parts.push([i.location, i.vehicle].filter((s) => s).join(', '));
    // "km × unit price" with no "/km": a line may wrap after a slash, never inside "0,55 €".
    parts.push(`${(i.km ?? '').replace('.', ',')} km × ${formatAmount(i.km_price_c ?? 0)}`);
  } else if (i.type === 'per_diem') {
    if (i.location) parts.push(i.location);
    parts.push(`${localDateTimeFi(i.started_at ?? '')} – ${localDateTimeFi(i.returned_at ?? '')}`);
    const days: string[] = [];
    if (i.per_diem_full) days.push(`${String(i.per_diem_full)} × kokopäiväraha`);
    if (i.per_diem_partial) days.push(`${String(i.per_diem_partial)} × osapäiväraha`);
    parts.push(days.join(', '));
  }
  if (i.description) parts.push(i.description);
  return parts.filter((s) => s).join(' · ');
}

/** The 54 digits a bank app reads, or null when the account is not a valid Finnish IBAN. */
export function claimsBarcode(account: string, totalCents: number): string | null {
  const iban = compactIban(account);
  if (!iban.startsWith('FI') || validateIban(iban) !== null || totalCents <= 0) return null;
  try {
    return virtualBarcode({ iban, amountCents: totalCents, reference: '', dueDate: null });
  } catch {
    // An amount the code cannot carry (≥ 1 000 000 €): the IBAN and amount are printed anyway.
    return null;
  }
}

class Cursor {
  y = 0;
  constructor(private readonly doc: PDFKit.PDFDocument) {
    this.page();
  }
  page(): void {
    addA4Page(this.doc);
    this.y = mm(20);
  }
  /** Starts a new page unless `h` points still fit. */
  need(h: number): void {
    if (this.y + h > BOTTOM) this.page();
  }
}

function wrapped(doc: PDFKit.PDFDocument, text: string, x: number, y: number, width: number, size = 9, bold = false): number {
  doc.font(fontName(bold ? 'bold' : 'regular')).fontSize(size).fillColor('black');
  const h = doc.heightOfString(text, { width });
  doc.text(text, x, y, { width });
  return h;
}

function drawHeader(doc: PDFKit.PDFDocument, c: Cursor, input: ClaimsPdfInput): void {
  textAt(doc, input.association, LEFT, c.y, { size: 10, bold: true, width: RIGHT - LEFT });
  c.y += mm(8);
  textAt(doc, 'Kulukorvaukset', LEFT, c.y, { size: 18, bold: true });
  c.y += mm(10);
  const bic = finnishBic(input.account);
  const rows: [string, string][] = [
    ['Hakija', input.personName],
    ['Tili', `${normalizeIban(input.account)}${bic ? `  BIC ${bic}` : ''}`],
    ['Tila', STATUS_TITLE[input.status]],
  ];
  if (input.batch) rows.push(['Maksuerä', `${batchDateFi(input.batch)} (${input.batch})`]);
  for (const [k, v] of rows) {
    textAt(doc, k, LEFT, c.y, { size: 9 });
    textAt(doc, v, LEFT + mm(25), c.y, { size: 10, bold: k === 'Hakija', width: RIGHT - LEFT - mm(25) });
    c.y += mm(5.5);
  }
  c.y += mm(4);
}

function drawClaim(doc: PDFKit.PDFDocument, c: Cursor, claim: ClaimsPdfClaim): void {
  c.need(mm(25));
  const title = `Hakemus ${String(claim.id)}, jätetty ${formatFinnishDate(claim.created_at.slice(0, 10))}`;
  textAt(doc, title, LEFT, c.y, { size: 10, bold: true, width: RIGHT - LEFT });
  c.y += mm(5);
  if (claim.description) c.y += wrapped(doc, claim.description, LEFT, c.y, RIGHT - LEFT) + mm(1.5);
  for (const [x, t] of [[COL.date, 'Päivä'], [COL.type, 'Laji'], [COL.text, 'Selite']] as const) textAt(doc, t, x, c.y, { size: 8, bold: true });
  textAt(doc, 'Summa', COL.amount, c.y, { size: 8, bold: true, align: 'right', width: RIGHT - COL.amount });
  c.y += mm(4);
  hline(doc, LEFT, RIGHT, c.y, 0.3);
  c.y += mm(1.5);
  for (const item of claim.items) {
    const text = itemText(item);
    doc.font(fontName('regular')).fontSize(9);
    const h = Math.max(mm(4.5), doc.heightOfString(text, { width: COL.amount - COL.text - mm(3) }) + mm(1));
    c.need(h);
    textAt(doc, formatFinnishDate(item.date), COL.date, c.y, { size: 9 });
    textAt(doc, ITEM_TYPE_FI[item.type], COL.type, c.y, { size: 9, width: COL.text - COL.type - mm(2) });
    wrapped(doc, text, COL.text, c.y, COL.amount - COL.text - mm(3));
    textAt(doc, formatAmount(item.amount_c), COL.amount, c.y, { size: 9, align: 'right', width: RIGHT - COL.amount });
    c.y += h;
  }
  hline(doc, COL.text, RIGHT, c.y, 0.3);
  c.y += mm(1.5);
  textAt(doc, 'Hakemus yhteensä', COL.text, c.y, { size: 9, bold: true });
  textAt(doc, formatAmount(claim.amount_c), COL.amount, c.y, { size: 9, bold: true, align: 'right', width: RIGHT - COL.amount });
  c.y += mm(9);
}

function drawPayment(doc: PDFKit.PDFDocument, c: Cursor, input: ClaimsPdfInput, total: number): void {
  c.need(mm(60));
  hline(doc, LEFT, RIGHT, c.y, 1);
  c.y += mm(2.5);
  textAt(doc, 'Yhteensä maksettavaa', LEFT, c.y, { size: 11, bold: true });
  textAt(doc, formatAmount(total), COL.amount - mm(20), c.y, { size: 11, bold: true, align: 'right', width: RIGHT - COL.amount + mm(20) });
  c.y += mm(9);
  const years = [...new Set(input.claims.flatMap((cl) => cl.items.map((i) => i.rate_year)).filter((y): y is number => y !== null))].sort();
  if (years.length > 0) {
    textAt(doc, 'Korvausperusteet', LEFT, c.y, { size: 8, bold: true });
    c.y += mm(4);
    for (const y of years) c.y += wrapped(doc, ALLOWANCE_SOURCES[y] ?? `Verohallinnon päätös vuodelle ${String(y)}`, LEFT, c.y, RIGHT - LEFT, 8) + mm(1);
    c.y += mm(4);
  }
  const code = claimsBarcode(input.account, total);
  textAt(doc, 'Maksu', LEFT, c.y, { size: 9, bold: true });
  c.y += mm(5);
  textAt(doc, `Saaja ${input.personName} · Tili ${normalizeIban(input.account)} · ${formatAmount(total)}`, LEFT, c.y, { size: 9, width: RIGHT - LEFT });
  c.y += mm(6);
  if (!code) return;
  c.need(mm(30));
  textAt(doc, 'Virtuaaliviivakoodi', LEFT, c.y, { size: 8 });
  c.y += mm(4);
  // Module 0.3 mm and 13 mm bars as on the invoice's transfer form: a phone reads it at arm's length.
  drawBars(doc, barcodeBars(code), LEFT, c.y, mm(0.3), mm(13));
  c.y += mm(15);
  drawSmall(doc, code, LEFT, c.y);
  c.y += mm(6);
}

/** The printout as one buffer; receipt PDFs are rendered to page images with poppler first. */
export async function renderClaimsPdf(input: ClaimsPdfInput): Promise<Buffer> {
  const receipts = await prepareReceipts(input.receipts);
  const doc = createDocument({ title: `Kulukorvaukset ${input.personName}`, author: input.association });
  const c = new Cursor(doc);
  drawHeader(doc, c, input);
  for (const claim of input.claims) drawClaim(doc, c, claim);
  const total = input.claims.reduce((s, cl) => s + cl.amount_c, 0);
  drawPayment(doc, c, input, total);
  drawReceiptPages(doc, receipts);
  return toBuffer(doc);
}
