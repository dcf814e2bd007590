import PDFDocument from 'pdfkit';
import { fontName, registerFonts } from './fonts';

// Page primitives every generated PDF shares: A4 in points, millimetres, a document with
// the fonts embedded, text blocks at fixed positions (sender, window address), and output.

export const A4 = { width: 595.28, height: 841.89 } as const;

/** Millimetres to PDF points. */
export function mm(n: number): number {
  return (n * 72) / 25.4;
}

export interface DocInfo {
  title: string;
  author?: string;
}

/** An A4 document without margins (every position is explicit) and with DejaVu Sans embedded. */
export function createDocument(info: DocInfo): PDFKit.PDFDocument {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 0,
    autoFirstPage: false,
    bufferPages: false,
    compress: true,
    lang: 'fi-FI',
    displayTitle: true,
    info: { Title: info.title, Author: info.author ?? '', Creator: 'Seura', Producer: 'Seura' },
  });
  registerFonts(doc);
  return doc;
}

let measurer: PDFKit.PDFDocument | null = null;
let measured = 0;
/**
 * pdfkit caches the glyph run of every word a document measures, without bound. The shared
 * measuring document is replaced after this many characters of text, which bounds that
 * cache to some megabytes; a new one costs ~90 ms (font parsing), so not per layout.
 */
export const MEASURE_BUDGET_CHARS = 500_000;

/** A document used only for font metrics (never written out), shared by layouts; `chars` is the text about to be measured. */
export function measuringDocument(chars: number): PDFKit.PDFDocument {
  measured += chars;
  if (!measurer || measured > MEASURE_BUDGET_CHARS) {
    measurer = createDocument({ title: 'measure' });
    measured = chars;
  }
  return measurer;
}

export function addA4Page(doc: PDFKit.PDFDocument): void {
  doc.addPage({ size: 'A4', margin: 0 });
}

export interface TextBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Lines of plain text in a fixed box (an address, a sender block), never wrapping: a line
 * too wide is shrunk in type size and the lines are cut at the box's height.
 */
export function drawLines(doc: PDFKit.PDFDocument, lines: readonly string[], box: TextBox, opts: { size: number; boldFirst?: boolean }): void {
  let y = box.y;
  lines.forEach((line, i) => {
    const font = fontName(opts.boldFirst && i === 0 ? 'bold' : 'regular');
    doc.font(font).fontSize(opts.size);
    const w = doc.widthOfString(line);
    const size = w > box.width ? Math.max(6, (opts.size * box.width) / w) : opts.size;
    const height = size * 1.25;
    if (y + height > box.y + box.height + 0.01) return;
    doc.fontSize(size).fillColor('black').text(line, box.x, y, { lineBreak: false });
    y += height;
  });
}

/** Small print at a position, e.g. page numbers and dates. */
export function drawSmall(doc: PDFKit.PDFDocument, text: string, x: number, y: number, opts: { align?: 'left' | 'right'; width?: number } = {}): void {
  doc.font(fontName('regular')).fontSize(8.5).fillColor('black');
  const w = doc.widthOfString(text);
  const left = opts.align === 'right' && opts.width ? x + opts.width - w : x;
  doc.text(text, left, y, { lineBreak: false });
}

/** The whole document as one buffer (for files and tests); large files are piped instead. */
export function toBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
