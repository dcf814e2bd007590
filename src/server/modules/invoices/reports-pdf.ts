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

function line(doc: PDFKit.PDFDocument, l: Layout, cells: readonly Cell[], y: number, opts: { bold?: boolean; header?: boolean }): void {
  doc.font(fontName(opts.bold || opts.header ? 'bold' : 'regular')).fontSize(SIZE).fillColor('black');
  for (const c of l.cols) {
    const text = opts.header ? String(cells[c.index] ?? '') : cellText(c.col.type, cells[c.index] ?? null);
    const right = c.col.type === 'euro' || c.col.type === 'int';
    const pad = mm(1.5);
    const room = c.w - pad;
    if (right && doc.widthOfString(text) <= room) doc.text(text, c.x + room - doc.widthOfString(text), y, { lineBreak: false });
    else doc.text(text, c.x, y, { width: room, lineBreak: false, ellipsis: true, height: ROW });
  }
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
      line(doc, l, t.columns.map((c) => c.header), y, { header: true });
      y += ROW;
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
      line(doc, l, row, y, {});
      y += ROW;
    }
    if (t.totals) {
      if (y + ROW * 2 > BOTTOM) {
        y = newPage(doc, ++pageNo, info.title);
        header();
      }
      doc.moveTo(LEFT, y).lineTo(LEFT + WIDTH, y).lineWidth(0.5).stroke();
      y += mm(1.5);
      line(doc, l, t.totals, y, { bold: true });
    }
  }
  return toBuffer(doc);
}
