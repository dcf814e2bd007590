import type { Block, BlockKind, Run } from './html-blocks';
import { fontName, styleOf, type FontStyle } from './fonts';

// Our own line breaking over pdfkit's font metrics: the same code measures (page counts,
// "does this block fit") and draws, so a preview's page count is the printed one.

export interface Piece {
  text: string;
  font: FontStyle;
  size: number;
  underline: boolean;
  link: string | null;
  /** Offset from the line's left edge, in points. */
  x: number;
}

export interface Line {
  pieces: Piece[];
  height: number;
}

export interface LaidBlock {
  kind: BlockKind;
  lines: Line[];
  /** Left indent of the text (list items), and the marker drawn in the indent. */
  indent: number;
  marker: Piece | null;
  spaceBefore: number;
  spaceAfter: number;
}

interface KindStyle {
  size: number;
  bold: boolean;
  before: number;
  after: number;
}

/** Type sizes in points; a letter body of 10.5 pt reads well on paper and fits about 45 lines. */
const KIND_STYLES: Record<BlockKind, KindStyle> = {
  h1: { size: 17, bold: true, before: 6, after: 6 },
  h2: { size: 14, bold: true, before: 5, after: 5 },
  h3: { size: 12, bold: true, before: 4, after: 4 },
  p: { size: 10.5, bold: false, before: 0, after: 6 },
  li: { size: 10.5, bold: false, before: 0, after: 2 },
};
const LINE_HEIGHT = 1.35;
const INDENT_PER_LEVEL = 18;

function widthOf(doc: PDFKit.PDFDocument, text: string, font: FontStyle, size: number): number {
  return doc.font(fontName(font)).fontSize(size).widthOfString(text);
}

/** Breaks one block into lines no wider than `width`. */
export function layoutBlock(doc: PDFKit.PDFDocument, block: Block, width: number): LaidBlock {
  const ks = KIND_STYLES[block.kind];
  const indent = block.kind === 'li' ? block.depth * INDENT_PER_LEVEL : 0;
  const avail = Math.max(20, width - indent);
  const lineHeight = ks.size * LINE_HEIGHT;
  const lines: Line[] = [];
  let line: Line = { pieces: [], height: lineHeight };
  let x = 0;
  let pendingSpace: { run: Run; font: FontStyle } | null = null;

  const newLine = (): void => {
    lines.push(line);
    line = { pieces: [], height: lineHeight };
    x = 0;
    pendingSpace = null;
  };
  const place = (text: string, run: Run, font: FontStyle, w: number): void => {
    const last = line.pieces.at(-1);
    if (last && last.font === font && last.underline === run.underline && last.link === run.link && Math.abs(last.x + widthOf(doc, last.text, font, ks.size) - x) < 0.01) last.text += text;
    else line.pieces.push({ text, font, size: ks.size, underline: run.underline, link: run.link, x });
    x += w;
  };

  for (const run of block.runs) {
    const font = styleOf(run.bold || ks.bold, run.italic);
    for (const token of run.text.match(/\n| +|[^ \n]+/g) ?? []) {
      if (token === '\n') {
        newLine();
        continue;
      }
      if (token.startsWith(' ')) {
        if (line.pieces.length > 0) pendingSpace = { run, font };
        continue;
      }
      const w = widthOf(doc, token, font, ks.size);
      const space = pendingSpace as { run: Run; font: FontStyle } | null;
      const spaceW = space ? widthOf(doc, ' ', space.font, ks.size) : 0;
      if (line.pieces.length > 0 && x + spaceW + w > avail) newLine();
      else if (space) place(' ', space.run, space.font, spaceW);
      pendingSpace = null;
      if (w <= avail) {
        place(token, run, font, w);
        continue;
      }
      // A word longer than the line (a long URL) is cut where it reaches the edge.
      let rest = token;
      while (rest.length > 0) {
        let n = rest.length;
        while (n > 1 && widthOf(doc, rest.slice(0, n), font, ks.size) > avail - x) n--;
        const part = rest.slice(0, n);
        place(part, run, font, widthOf(doc, part, font, ks.size));
        rest = rest.slice(n);
        if (rest.length > 0) newLine();
      }
    }
  }
  lines.push(line);
  const marker: Piece | null = block.marker ? { text: block.marker, font: 'regular', size: ks.size, underline: false, link: null, x: indent - INDENT_PER_LEVEL + 2 } : null;
  return { kind: block.kind, lines, indent, marker, spaceBefore: ks.before, spaceAfter: ks.after };
}

export function blockHeight(b: LaidBlock): number {
  return b.lines.reduce((h, l) => h + l.height, 0);
}

/** The writable area of a page, in points from the page's top-left corner. */
export interface Frame {
  x: number;
  top: number;
  bottom: number;
  width: number;
}

/** A piece of a block placed on a page: lines [from, to) drawn from `y` down. */
export interface Placed {
  block: LaidBlock;
  from: number;
  to: number;
  y: number;
}

export interface Flow {
  pages: Placed[][];
  /** Blocks taller than a whole page: they had to be split across pages. */
  overlong: number;
}

/**
 * Puts blocks on pages. A block is kept whole and moved to the next page when it does not
 * fit what is left; a heading moves along with the first line of what follows it. Only a
 * block taller than a whole page is split, and counted in `overlong`.
 */
export function flowBlocks(blocks: readonly LaidBlock[], frameOf: (page: number) => Frame): Flow {
  const pages: Placed[][] = [[]];
  let frame = frameOf(0);
  let y = frame.top;
  let overlong = 0;
  const nextPage = (): void => {
    pages.push([]);
    frame = frameOf(pages.length - 1);
    y = frame.top;
  };
  const atTop = (): boolean => pages.at(-1)!.length === 0;

  blocks.forEach((b, i) => {
    const h = blockHeight(b);
    const before = atTop() ? 0 : b.spaceBefore;
    const next = blocks[i + 1];
    const keep = b.kind.startsWith('h') && next ? (next.lines[0]?.height ?? 0) + b.spaceAfter : 0;
    if (y + before + h + keep > frame.bottom && !atTop()) {
      if (h <= frameOf(pages.length).bottom - frameOf(pages.length).top) nextPage();
    }
    y += atTop() ? 0 : before;
    if (y + h <= frame.bottom) {
      pages.at(-1)!.push({ block: b, from: 0, to: b.lines.length, y });
      y += h + b.spaceAfter;
      return;
    }
    // Taller than a page: split line by line.
    overlong++;
    let from = 0;
    while (from < b.lines.length) {
      let to = from;
      let used = 0;
      while (to < b.lines.length && y + used + b.lines[to]!.height <= frame.bottom) used += b.lines[to++]!.height;
      if (to === from) {
        if (atTop()) used += b.lines[to++]!.height; // a single line taller than the page
        else {
          nextPage();
          continue;
        }
      }
      pages.at(-1)!.push({ block: b, from, to, y });
      y += used;
      from = to;
      if (from < b.lines.length) nextPage();
    }
    y += b.spaceAfter;
  });
  return { pages, overlong };
}

/** Draws what `flowBlocks` placed on one page. */
export function drawPlaced(doc: PDFKit.PDFDocument, frame: Frame, placed: readonly Placed[]): void {
  for (const p of placed) {
    let y = p.y;
    for (let i = p.from; i < p.to; i++) {
      const line = p.block.lines[i]!;
      if (i === 0 && p.block.marker) drawPiece(doc, p.block.marker, frame.x, y);
      for (const piece of line.pieces) drawPiece(doc, piece, frame.x + p.block.indent, y);
      y += line.height;
    }
  }
}

function drawPiece(doc: PDFKit.PDFDocument, piece: Piece, left: number, y: number): void {
  doc
    .font(fontName(piece.font))
    .fontSize(piece.size)
    .fillColor('black')
    .text(piece.text, left + piece.x, y, { lineBreak: false, underline: piece.underline, ...(piece.link ? { link: piece.link } : {}) });
}
