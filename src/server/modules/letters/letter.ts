import { htmlToBlocks, type Block } from '../pdf/html-blocks';
import { layoutBlock, flowBlocks, drawPlaced, type Flow, type Frame } from '../pdf/flow';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { A4, addA4Page, drawLines, drawSmall, measuringDocument, mm } from '../pdf/document';

// A letter on A4 for a window envelope. SFS 2487: the sender at the top left, the recipient's
// address 20 mm from the left edge and about 45 mm from the top, inside the window of C5 and
// E65 envelopes (about 90 × 45 mm); the text starts below the window.

export const LETTER_GEOMETRY = {
  left: mm(20),
  width: A4.width - mm(20) - mm(20),
  sender: { x: mm(20), y: mm(12), width: mm(85), height: mm(25) },
  /** Inside the window with a few millimetres to spare on each side. */
  address: { x: mm(20), y: mm(46), width: mm(80), height: mm(38) },
  /** The window itself, as tests check the address against it. */
  window: { x: mm(20), y: mm(45), width: mm(90), height: mm(45) },
  date: { x: mm(120), y: mm(12), width: mm(70) },
  firstTop: mm(100),
  top: mm(20),
  bottom: A4.height - mm(20),
  footerY: A4.height - mm(12),
} as const;

export interface LetterInput {
  /** The sender block: the association's name first, then e.g. its email. */
  sender: readonly string[];
  /** The recipient: full name, street, "ZIP City". */
  address: readonly string[];
  html: string;
  /** Printed at the top right, e.g. "24.11.2026". */
  date?: string;
}

function frameOf(page: number): Frame {
  const g = LETTER_GEOMETRY;
  return { x: g.left, width: g.width, top: page === 0 ? g.firstTop : g.top, bottom: g.bottom };
}

/** The letter's text laid out on pages, without drawing anything. */
export function planLetter(blocks: readonly Block[]): Flow {
  const doc = measuringDocument(blocks.reduce((n, b) => n + b.runs.reduce((m, r) => m + r.text.length, 0), 0));
  return flowBlocks(
    blocks.map((b) => layoutBlock(doc, b, LETTER_GEOMETRY.width)),
    frameOf,
  );
}

// A file of letters repeats one text to many addresses: its layout is made once (drawing
// only reads it). Halves the time of a whole file.
let lastPlan: { html: string; flow: Flow } | null = null;

function planOf(html: string): Flow {
  if (lastPlan?.html !== html) lastPlan = { html, flow: planLetter(htmlToBlocks(html)) };
  return lastPlan.flow;
}

/** Splits an address given as lines joined by "\n" (the deliveries' convention). */
export function addressLines(address: string): string[] {
  return address
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0);
}

/**
 * Adds one letter's pages to `doc`. With `evenPages` a letter of an odd page count gets a
 * blank back page, so that in a file of many letters printed double-sided each starts on
 * its own sheet. Returns the number of pages added.
 */
export function renderLetter(doc: PDFKit.PDFDocument, letter: LetterInput, opts: { evenPages?: boolean } = {}): number {
  const g = LETTER_GEOMETRY;
  const flow = planOf(letter.html);
  const total = flow.pages.length;
  flow.pages.forEach((placed, i) => {
    addA4Page(doc);
    if (i === 0) {
      drawLines(doc, letter.sender, g.sender, { size: 9, boldFirst: true });
      if (letter.date) drawSmall(doc, letter.date, g.date.x, g.date.y, { align: 'right', width: g.date.width });
      drawLines(doc, letter.address, g.address, { size: 10.5 });
    }
    drawPlaced(doc, frameOf(i), placed);
    if (total > 1) drawSmall(doc, `${String(i + 1)} (${String(total)})`, g.date.x, g.footerY, { align: 'right', width: g.date.width });
  });
  if (opts.evenPages && total % 2 === 1) {
    addA4Page(doc);
    return total + 1;
  }
  return total;
}

/** Today's date in Finland as printed on a letter: "24.11.2026". */
export function letterDate(now: Date): string {
  // sv-SE formats as YYYY-MM-DD.
  const iso = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Helsinki', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return formatFinnishDate(iso);
}
