import type { Receipt } from '../../../shared/schemas/payments';
import { formatAmount } from '../../../shared/finnish/amount';
import { addA4Page, createDocument, drawLines, mm, toBuffer } from '../pdf/document';
import { fontName } from '../pdf/fonts';
import { kindLabel, METHOD_LABELS, receiptDate, vatLabel } from './labels';

// A receipt as an A4 PDF with the shared renderer: seller and buyer, the rows, VAT per rate.

const LEFT = mm(20);
const WIDTH = mm(170);

function party(title: string, p: Receipt['seller']): string[] {
  return [title, p.name, ...(p.business_id ? [`Y-tunnus ${p.business_id}`] : []), ...(p.address ? [p.address] : []), ...(p.email ? [p.email] : [])];
}

/** Cells of one table line at fixed columns; the first left-aligned, the rest right-aligned. */
function tableLine(doc: PDFKit.PDFDocument, cells: string[], y: number, bold = false): void {
  const cols = [LEFT, LEFT + mm(80), LEFT + mm(100), LEFT + mm(125), LEFT + mm(145)];
  const widths = [mm(78), mm(18), mm(23), mm(18), mm(25)];
  doc.font(fontName(bold ? 'bold' : 'regular')).fontSize(9.5).fillColor('black');
  cells.forEach((text, i) => {
    if (i === 0) doc.text(text, cols[0]!, y, { width: widths[0]!, lineBreak: false, ellipsis: true });
    else doc.text(text, cols[i]! + widths[i]! - doc.widthOfString(text), y, { lineBreak: false });
  });
}

export async function receiptPdf(r: Receipt): Promise<Buffer> {
  const doc = createDocument({ title: `Kuitti ${r.number}`, author: r.seller.name });
  addA4Page(doc);
  doc.font(fontName('bold')).fontSize(18).text('Kuitti', LEFT, mm(20), { lineBreak: false });
  drawLines(doc, [`Kuitin numero: ${r.number}`, `Päivämäärä: ${receiptDate(r)}`, `Maksutapa: ${METHOD_LABELS[r.method]}`, `Maksun tunnus: ${r.payment_id}`], { x: LEFT + mm(95), y: mm(20), width: mm(75), height: mm(25) }, { size: 9.5 });
  drawLines(doc, party('Myyjä', r.seller), { x: LEFT, y: mm(50), width: mm(80), height: mm(30) }, { size: 9.5, boldFirst: true });
  drawLines(doc, party('Ostaja', r.buyer), { x: LEFT + mm(95), y: mm(50), width: mm(75), height: mm(30) }, { size: 9.5, boldFirst: true });

  let y = mm(90);
  doc.font(fontName('bold')).fontSize(11).text(kindLabel(r.kind), LEFT, y, { lineBreak: false });
  y += mm(8);
  tableLine(doc, ['Tuote', 'Määrä', 'À-hinta', 'ALV', 'Yhteensä'], y, true);
  y += mm(6);
  for (const row of r.rows) {
    tableLine(doc, [row.title, String(row.count), formatAmount(row.unit_cents), vatLabel(row.vat_percent), formatAmount(row.total_cents)], y);
    y += mm(5.5);
  }
  doc.moveTo(LEFT, y).lineTo(LEFT + WIDTH, y).lineWidth(0.5).stroke();
  y += mm(2);
  tableLine(doc, ['Yhteensä', '', '', '', formatAmount(r.amount_cents)], y, true);
  y += mm(12);

  doc.font(fontName('bold')).fontSize(11).text('ALV-erittely', LEFT, y, { lineBreak: false });
  y += mm(8);
  tableLine(doc, ['ALV-kanta', '', 'Veroton', 'ALV', 'Verollinen'], y, true);
  y += mm(6);
  for (const v of r.vat) {
    tableLine(doc, [vatLabel(v.vat_percent), '', formatAmount(v.net_cents), formatAmount(v.vat_cents), formatAmount(v.gross_cents)], y);
    y += mm(5.5);
  }
  return toBuffer(doc);
}
