// PNG rendering of the virtual barcode for PDFs. Kept apart from barcode.ts so
// code that only needs the digits never loads bwip-js; the library itself is
// imported lazily so a browser bundle that reaches this file through index.ts
// only fetches it when a PNG is actually drawn.

import type { RenderOptions } from 'bwip-js/node';

/** bwip-js options for a virtual barcode; shared with the tests that inspect the encoding. */
export function barcodeRenderOptions(code: string): RenderOptions {
  return {
    bcid: 'code128',
    text: code,
    scale: 2,
    // Bar height in millimetres; the PDF scales the image, this sets the aspect ratio.
    height: 13,
    includetext: false,
    // Blank margin left and right: Code 128 needs at least 10 modules, scanners like more.
    paddingwidth: 26,
    backgroundcolor: 'FFFFFF',
  };
}

/**
 * Code 128 image of a 54-digit virtual barcode. bwip-js picks code set C for an
 * all-digit, even-length text, as the guide requires. No human-readable line:
 * the invoice prints the digits itself.
 */
export async function barcodePng(code: string): Promise<Uint8Array> {
  if (!/^\d{54}$/.test(code)) throw new RangeError('A virtual barcode is 54 digits');
  const bwip = await import('bwip-js/node');
  const png = await bwip.toBuffer(barcodeRenderOptions(code));
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
}
