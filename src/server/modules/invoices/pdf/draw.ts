import { fontName } from '../../pdf/fonts';

// Small drawing helpers of the invoice: single-line text (left or right aligned in a width,
// shrunk rather than wrapped when too long) and hairlines.

export interface TextOpts {
  size: number;
  bold?: boolean;
  align?: 'left' | 'right';
  /** The width the text must fit; longer text is set smaller. */
  width?: number;
}

export function textAt(doc: PDFKit.PDFDocument, text: string, x: number, y: number, o: TextOpts): void {
  doc.font(fontName(o.bold ? 'bold' : 'regular')).fontSize(o.size);
  let w = doc.widthOfString(text);
  if (o.width && w > o.width) {
    doc.fontSize(Math.max(5, (o.size * o.width) / w));
    w = doc.widthOfString(text);
  }
  const left = o.align === 'right' && o.width ? x + o.width - w : x;
  doc.fillColor('black').text(text, left, y, { lineBreak: false });
}

export function hline(doc: PDFKit.PDFDocument, x1: number, x2: number, y: number, width = 0.5): void {
  doc.save().lineWidth(width).strokeColor('black').moveTo(x1, y).lineTo(x2, y).stroke().restore();
}

export function vline(doc: PDFKit.PDFDocument, x: number, y1: number, y2: number, width = 0.5): void {
  doc.save().lineWidth(width).strokeColor('black').moveTo(x, y1).lineTo(x, y2).stroke().restore();
}
