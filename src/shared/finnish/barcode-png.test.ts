import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { barcodePng, barcodeRenderOptions } from './barcode-png';

const CODE = '479440520200360820048831500000000868516259619897100612';

/** Width and height from the PNG header (IHDR follows the 8-byte signature). */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

describe('barcodePng', () => {
  it('renders a PNG wider than tall', async () => {
    const png = await barcodePng(CODE);
    expect(png).toBeInstanceOf(Uint8Array);
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const { width, height } = pngSize(png);
    expect(width).toBeGreaterThan(height);
    expect(height).toBeGreaterThan(0);
  });

  it('is deterministic and depends on the code', async () => {
    const a = await barcodePng(CODE);
    const b = await barcodePng(CODE);
    const c = await barcodePng(`5${CODE.slice(1)}`);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Buffer.from(a).equals(Buffer.from(c))).toBe(false);
  });

  it('uses Code 128 code set C: start C, 27 digit pairs, check symbol, stop', () => {
    // The ESM build exports the "raw" symbology under that name; the encoder that
    // returns bar widths is reachable through the CommonJS build.
    const bwip = createRequire(import.meta.url)('bwip-js/node') as {
      raw(bcid: string, text: string, opts: object): { sbs: number[] }[];
    };
    const { bcid, text, ...opts } = barcodeRenderOptions(CODE);
    const [symbol] = bwip.raw(bcid, text, opts);
    // Start C is bar-space widths 2 1 1 2 3 2; each symbol has 6 elements, the stop 7.
    expect(symbol?.sbs.slice(0, 6)).toEqual([2, 1, 1, 2, 3, 2]);
    expect(symbol?.sbs).toHaveLength(6 + 27 * 6 + 6 + 7);
  });

  it('rejects anything but 54 digits', async () => {
    await expect(barcodePng(CODE.slice(1))).rejects.toThrow(RangeError);
    await expect(barcodePng(`${CODE.slice(1)}x`)).rejects.toThrow(RangeError);
  });
});
