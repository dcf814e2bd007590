import { Parser } from 'htmlparser2';

// The rich-text subset the editor produces, turned into blocks of styled runs that any
// document (letters now; invoices, member cards, claim printouts later) can lay out.
// Unknown tags are dropped but their text kept; script and style contents are dropped.

export interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  /** The link's URL, for the annotation; printed after the text when it differs. */
  link: string | null;
}

export type BlockKind = 'p' | 'h1' | 'h2' | 'h3' | 'li';

export interface Block {
  kind: BlockKind;
  runs: Run[];
  /** For list items: nesting depth from 1, and the marker ("•" or "3."). */
  depth: number;
  marker: string;
}

interface Style {
  bold: number;
  italic: number;
  underline: number;
  link: string | null;
}

interface ListState {
  ordered: boolean;
  next: number;
}

const BLOCK_TAGS: Record<string, BlockKind> = { p: 'p', div: 'p', h1: 'h1', h2: 'h2', h3: 'h3', h4: 'h3', h5: 'h3', h6: 'h3', li: 'li', blockquote: 'p' };
const SKIP_TAGS = new Set(['script', 'style', 'head', 'title', 'template']);

/** Only web and mail links are printed; anything else (javascript:, data:) is dropped. */
function safeUrl(href: string | undefined): string | null {
  const url = (href ?? '').trim();
  return /^(https?:|mailto:)/i.test(url) ? url : null;
}

/** Parses the HTML into blocks; whitespace is collapsed as a browser would, `<br>` is a line break. */
export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  const lists: ListState[] = [];
  const style: Style = { bold: 0, italic: 0, underline: 0, link: null };
  const linkStack: (string | null)[] = [];
  let current: Block | null = null;
  let skipping = 0;
  // The kind of the innermost open block tag, so text after a nested list continues a paragraph.
  const open: BlockKind[] = [];

  const start = (kind: BlockKind, marker = '', depth = 0): Block => {
    const b: Block = { kind, runs: [], depth, marker };
    blocks.push(b);
    current = b;
    return b;
  };
  const push = (text: string): void => {
    const block = current ?? start(open.at(-1) === 'li' ? 'p' : (open.at(-1) ?? 'p'));
    const run: Run = { text, bold: style.bold > 0, italic: style.italic > 0, underline: style.underline > 0, link: style.link };
    const last = block.runs.at(-1);
    if (last && last.bold === run.bold && last.italic === run.italic && last.underline === run.underline && last.link === run.link) last.text += text;
    else block.runs.push(run);
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (SKIP_TAGS.has(name)) {
          skipping++;
          return;
        }
        if (skipping) return;
        if (name === 'ul' || name === 'ol') {
          lists.push({ ordered: name === 'ol', next: Number(attrs.start) > 0 ? Number(attrs.start) : 1 });
          current = null;
          return;
        }
        const kind = BLOCK_TAGS[name];
        if (kind === 'li') {
          const list = lists.at(-1);
          const marker = list?.ordered ? `${String(list.next++)}.` : '•';
          open.push('li');
          start('li', marker, Math.max(1, lists.length));
          return;
        }
        if (kind) {
          // A paragraph opening a list item (<li><p>…) is the item's own text, not a new block.
          const itemText = kind === 'p' && open.at(-1) === 'li' && current !== null && (current as Block).kind === 'li' && (current as Block).runs.length === 0;
          open.push(kind);
          if (itemText) return;
          current = null;
          // An empty <p></p> is the editor's blank line: it becomes a block even without text.
          if (name === 'p') start('p');
          return;
        }
        if (name === 'strong' || name === 'b') style.bold++;
        else if (name === 'em' || name === 'i') style.italic++;
        else if (name === 'u') style.underline++;
        else if (name === 'a') {
          linkStack.push(style.link);
          style.link = safeUrl(attrs.href);
        } else if (name === 'br') push('\n');
      },
      ontext(text) {
        if (skipping) return;
        const collapsed = text.replace(/[\t\n\r\f ]+/g, ' ');
        if (collapsed === ' ' && (current === null || current.runs.length === 0)) return;
        if (collapsed) push(collapsed);
      },
      onclosetag(name) {
        if (SKIP_TAGS.has(name)) {
          skipping = Math.max(0, skipping - 1);
          return;
        }
        if (skipping) return;
        if (name === 'ul' || name === 'ol') {
          lists.pop();
          current = null;
        } else if (BLOCK_TAGS[name]) {
          open.pop();
          current = null;
        } else if (name === 'strong' || name === 'b') style.bold = Math.max(0, style.bold - 1);
        else if (name === 'em' || name === 'i') style.italic = Math.max(0, style.italic - 1);
        else if (name === 'u') style.underline = Math.max(0, style.underline - 1);
        else if (name === 'a') {
          const url = style.link;
          style.link = linkStack.pop() ?? null;
          const b = current as Block | null;
          const text = b?.runs.filter((r) => r.link === url).map((r) => r.text).join('') ?? '';
          // Paper cannot be clicked: the address is printed when the text does not already show it.
          if (url && b && text.trim() !== url.replace(/^mailto:/i, '')) push(` (${url.replace(/^mailto:/i, '')})`);
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  for (const b of blocks) trimBlock(b);
  return blocks.filter((b) => b.runs.length > 0 || b.kind === 'p');
}

/** Removes the spaces at the ends of a block and around its line breaks. */
function trimBlock(b: Block): void {
  const first = b.runs[0];
  if (first) first.text = first.text.replace(/^ +/, '');
  const last = b.runs.at(-1);
  if (last) last.text = last.text.replace(/ +$/, '');
  for (const r of b.runs) r.text = r.text.replace(/ *\n */g, '\n');
  b.runs = b.runs.filter((r) => r.text.length > 0);
}

/** The printed text of blocks (for character checks and tests). */
export function blocksText(blocks: readonly Block[]): string {
  return blocks.map((b) => (b.marker ? `${b.marker} ` : '') + b.runs.map((r) => r.text).join('')).join('\n');
}
