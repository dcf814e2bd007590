import * as bwip from 'bwip-js/node';
import { barcodeRenderOptions } from '../../../../shared/finnish/barcode-png';

// The virtual barcode's bars as vectors. bwip-js encodes (Code 128, set C for the 54 digits)
// with the same options as barcode-png.ts; its SVG output is read back into bars here and
// drawn as filled rectangles: sharp when printed and a third of the time of embedding a PNG.

export interface Bars {
  /** Left edge and width of each bar, in modules from the left edge of the quiet zone. */
  bars: { x: number; w: number }[];
  /** Width of the whole symbol with both quiet zones, in modules. */
  modules: number;
}

/** bwip-js draws at scale 2: two SVG units a module. */
const UNITS_PER_MODULE = 2;

export function barcodeBars(code: string): Bars {
  if (!/^\d{54}$/.test(code)) throw new RangeError('A virtual barcode is 54 digits');
  const svg = bwip.toSVG(barcodeRenderOptions(code));
  const box = /viewBox="0 0 (\d+(?:\.\d+)?) /.exec(svg);
  if (!box) throw new Error('bwip-js: no viewBox');
  const bars: Bars['bars'] = [];
  // Each path strokes vertical lines of one width: "M54 75L54 0M76 75L76 0…".
  for (const path of svg.matchAll(/<path stroke="#000000" stroke-width="([\d.]+)" d="([^"]*)"/g)) {
    const w = Number(path[1]);
    for (const m of path[2]!.matchAll(/M([\d.]+) [\d.]+L([\d.]+) [\d.]+/g)) {
      if (m[1] !== m[2]) throw new Error('bwip-js: a bar that is not vertical');
      bars.push({ x: (Number(m[1]) - w / 2) / UNITS_PER_MODULE, w: w / UNITS_PER_MODULE });
    }
  }
  if (bars.length === 0) throw new Error('bwip-js: no bars');
  bars.sort((a, b) => a.x - b.x);
  return { bars, modules: Number(box[1]) / UNITS_PER_MODULE };
}

/** Draws the bars from (x, y): `module` points a module, `height` points high, white background included. */
export function drawBars(doc: PDFKit.PDFDocument, b: Bars, x: number, y: number, module: number, height: number): void {
  doc.save();
  doc.rect(x, y, b.modules * module, height).fill('white');
  for (const bar of b.bars) doc.rect(x + bar.x * module, y, bar.w * module, height);
  doc.fill('black');
  doc.restore();
}
