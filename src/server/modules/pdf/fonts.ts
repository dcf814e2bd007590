import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

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

export function registerFonts(doc: PDFKit.PDFDocument): void {
  const data = fontData();
  for (const style of Object.keys(FILES) as FontStyle[]) doc.registerFont(fontName(style), data[style]);
  doc.font(fontName('regular'));
}
