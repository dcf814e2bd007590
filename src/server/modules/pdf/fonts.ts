import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// DejaVu Sans covers Finnish, Swedish and the typographic extras letters allow (€ – — “ ” …),
// and is embedded (subset) in every PDF so the printer needs no fonts of its own.

export type FontStyle = 'regular' | 'bold' | 'italic' | 'boldItalic';

const FILES: Record<FontStyle, string> = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  italic: 'DejaVuSans-Oblique.ttf',
  boldItalic: 'DejaVuSans-BoldOblique.ttf',
};

let cache: Record<FontStyle, Buffer> | null = null;

function fontDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** The font files, read once per process. */
function fontData(): Record<FontStyle, Buffer> {
  if (!cache) {
    const dir = fontDir();
    cache = {
      regular: fs.readFileSync(path.join(dir, FILES.regular)),
      bold: fs.readFileSync(path.join(dir, FILES.bold)),
      italic: fs.readFileSync(path.join(dir, FILES.italic)),
      boldItalic: fs.readFileSync(path.join(dir, FILES.boldItalic)),
    };
  }
  return cache;
}

/** The registered name of a style. */
export function fontName(style: FontStyle): string {
  return `Sans-${style}`;
}

export function styleOf(bold: boolean, italic: boolean): FontStyle {
  if (bold) return italic ? 'boldItalic' : 'bold';
  return italic ? 'italic' : 'regular';
}

let parsed: Record<FontStyle, unknown> | null = null;

/**
 * The fonts parsed once per process. pdfkit parses a font file in every document that uses
 * it (~10 ms a style, most of an invoice's rendering time); it also takes an already parsed
 * (fontkit) font, which only reads it, and subsets it per document as before. A scratch
 * document, never written out, does the parsing.
 */
function parsedFonts(): Record<FontStyle, unknown> {
  if (!parsed) {
    const data = fontData();
    const scratch = new PDFDocument({ autoFirstPage: false });
    const out: Partial<Record<FontStyle, unknown>> = {};
    for (const style of Object.keys(FILES) as FontStyle[]) {
      scratch.registerFont(fontName(style), data[style]);
      scratch.font(fontName(style));
      out[style] = (scratch as unknown as { _font: { font: unknown } })._font.font;
    }
    parsed = out as Record<FontStyle, unknown>;
  }
  return parsed;
}

export function registerFonts(doc: PDFKit.PDFDocument): void {
  const fonts = parsedFonts();
  for (const style of Object.keys(FILES) as FontStyle[]) doc.registerFont(fontName(style), fonts[style] as Buffer);
  doc.font(fontName('regular'));
}
