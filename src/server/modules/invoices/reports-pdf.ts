import { createDocument, mm, toBuffer } from '../pdf/document';
import { fontName } from '../pdf/fonts';
import { cellText, type Cell, type Column, type ReportTable } from './reports-table';

// Reports as PDF with the shared renderer: landscape A4 pages, the table's header repeated on
// every page, amounts right-aligned, the totals row in bold, and page numbers.

const PAGE = { width: mm(297), height: mm(210) };
const LEFT = mm(15);
const WIDTH = PAGE.width - 2 * LEFT;
const BOTTOM = PAGE.height - mm(15);
const ROW = mm(5);
const SIZE = 8;

interface Layout {
  cols: { col: Column; index: number; x: number; w: number }[];
}

function layout(t: ReportTable): Layout {
  const chosen = t.columns.map((col, index) => ({ col, index })).filter((c) => c.col.pdf !== false);
  const units = chosen.reduce((s, c) => s + c.col.width, 0);
  let x = LEFT;
  return {
    cols: chosen.map((c) => {
      const w = (WIDTH * c.col.width) / units;
      const out = { ...c, x, w };
      x += w;
      return out;
    }),
  };
}

/** Column headers, wrapped onto two lines where a word is wider than its column. */
function headerLine(doc: PDFKit.PDFDocument, l: Layout, headers: readonly string[], y: number): void {
  doc.font(fontName('bold')).fontSize(SIZE - 0.5).fillColor('black');
  for (const c of l.cols) {
    const right = c.col.type === 'euro' || c.col.type === 'int';
    doc.text(headers[c.index] ?? '', c.x, y, { width: c.w - mm(1.5), height: ROW * 2, align: right ? 'right' : 'left', lineGap: 0 });
  }
}

function line(doc: PDFKit.PDFDocument, l: Layout, cells: readonly Cell[], y: number, bold: boolean): void {
  doc.font(fontName(bold ? 'bold' : 'regular')).fontSize(SIZE).fillColor('black');
  l.cols.forEach((c, k) => {
    const text = cellText(c.col.type, cells[c.index] ?? null);
    if (text === '') return;
    const pad = mm(1.5);
    const w = doc.widthOfString(text);
    if ((c.col.type === 'euro' || c.col.type === 'int') && w <= c.w - pad) {
      doc.text(text, c.x + c.w - pad - w, y, { lineBreak: false });
      return;
    }
    // Text may run on into the following empty cells (the totals row's label).
    let room = c.w - pad;
    for (const next of l.cols.slice(k + 1)) {
      if (cellText(next.col.type, cells[next.index] ?? null) !== '') break;
      room += next.w;
    }
    doc.text(text, c.x, y, { width: room, lineBreak: false, ellipsis: true, height: ROW });
  });
}

function newPage(doc: PDFKit.PDFDocument, pageNo: number, footer: string): number {
  doc.addPage({ size: 'A4', layout: 'landscape', margin: 0 });
  doc.font(fontName('regular')).fontSize(7.5).fillColor('black');
  doc.text(`${footer} – sivu ${String(pageNo)}`, LEFT, PAGE.height - mm(10), { lineBreak: false });
  return mm(15);
}

/** The tables one after another (each starting on a new page), as one PDF. */
export async function tablesPdf(tables: readonly ReportTable[], info: { title: string; author: string }): Promise<Buffer> {
  const doc = createDocument({ title: info.title, author: info.author });
  let pageNo = 0;
  for (const t of tables) {
    const l = layout(t);
    let y = newPage(doc, ++pageNo, info.title);
    doc.font(fontName('bold')).fontSize(14).text(t.title, LEFT, y, { lineBreak: false });
    y += mm(7);
    doc.font(fontName('regular')).fontSize(9.5).text(t.subtitle, LEFT, y, { lineBreak: false });
    y += mm(8);
    const header = () => {
      headerLine(doc, l, t.columns.map((c) => c.header), y);
      y += ROW * 2;
      doc.moveTo(LEFT, y - mm(1)).lineTo(LEFT + WIDTH, y - mm(1)).lineWidth(0.5).stroke();
    };
    header();
    if (t.rows.length === 0) {
      doc.font(fontName('regular')).fontSize(SIZE).text('Ei rivejä tällä ajalla.', LEFT, y, { lineBreak: false });
      y += ROW;
    }
    for (const row of t.rows) {
      if (y + ROW > BOTTOM) {
        y = newPage(doc, ++pageNo, info.title);
        header();
      }
      line(doc, l, row, y, false);
      y += ROW;
    }
    if (t.totals) {
      if (y + ROW * 2 > BOTTOM) {
        y = newPage(doc, ++pageNo, info.title);
        header();
      }
      doc.moveTo(LEFT, y).lineTo(LEFT + WIDTH, y).lineWidth(0.5).stroke();
      y += mm(1.5);
      line(doc, l, t.totals, y, true);
    }
  }
  return toBuffer(doc);
}
