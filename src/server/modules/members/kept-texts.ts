import type { NameRanks } from './name-ranks';

// Quick search's texts of one association kept in memory in its A–Ö order (list-repo's BY_NAME
// over the members neither deleted nor applying), with a coarse index of which blocks of texts
// hold each three letters. Letters from inside names are then found in name order by reading
// the first blocks that hold them, where PostgreSQL's trigram index gives its matches in no
// order and sorting thousands of them took 8–15 ms. Plain data and arithmetic: what keeps it
// in step with the database is kept-texts-held.ts.

/** Texts in one block: one entry of the index per block and three letters. */
export const TEXT_BLOCK = 128;
/** Between two texts of a block; a term holding it is not searched here. */
const SEP = '\u0001';
/** Three classes of six bits. */
const CODES = 1 << 18;

/**
 * A character's class in the index: each letter a–z, å, ä, ö, digit and sign common in names,
 * addresses, emails and phone numbers its own, the rest sharing a few. A shared class only makes
 * a block a candidate: the block's texts are then matched as they are.
 */
const CLASS = (() => {
  const c = new Uint8Array(65536);
  for (let i = 0; i < 65536; i++) c[i] = 46 + (i % 17);
  for (let i = 97; i <= 122; i++) c[i] = i - 96;
  for (let i = 48; i <= 57; i++) c[i] = i - 21;
  [0xe5, 0xe4, 0xf6, 32, 64, 46, 45, 43, 95].forEach((ch, k) => (c[ch] = 37 + k));
  return c;
})();

const codeAt = (s: string, i: number) => (CLASS[s.charCodeAt(i)]! << 12) | (CLASS[s.charCodeAt(i + 1)]! << 6) | CLASS[s.charCodeAt(i + 2)]!;

/** Lets other work run between steps of a long build. */
export type Pause = () => Promise<void>;

/** Blocks between two pauses while building (about 4 000 texts, 10–20 ms). */
const BLOCKS_A_STEP = 32;

/** Matches of a term: those found in the kept order, and those among members written since, in no order. */
export interface Found {
  inOrder: number[];
  written: number[];
}

/**
 * One block's codes of three letters, each once: counted in `count`, or written to `posts` at
 * `next`. `mark` (the block's number + 1) is written to `last` for each code seen, so `last`
 * must hold no mark of this block before. One loop without callbacks: it runs once a letter.
 */
function codesOfBlock(s: string, mark: number, last: Int32Array, count: Int32Array | null, next: Int32Array | null, posts: Uint16Array | null): void {
  if (s.length < 3) return;
  // The code of the three letters ending at i, rolled on a letter at a time.
  let code = (CLASS[s.charCodeAt(0)]! << 6) | CLASS[s.charCodeAt(1)]!;
  for (let i = 2; i < s.length; i++) {
    code = ((code << 6) | CLASS[s.charCodeAt(i)]!) & (CODES - 1);
    if (last[code] === mark) continue;
    last[code] = mark;
    if (count) count[code]!++;
    else posts![next![code]!++] = mark - 1;
  }
}

export class KeptTexts {
  /** The list version the texts are at: every member's text as it was at some moment after it. */
  version: string;
  private readonly places: NameRanks;
  /** Where each place's text starts in its block. */
  private readonly at: Int32Array;
  private readonly blocks: string[];
  /** The classes of three letters present, ascending; `heads[k]`… are the blocks holding `codes[k]`. */
  private readonly codes: Int32Array;
  private readonly heads: Int32Array;
  private readonly posts: Uint16Array;
  /** Places whose member has been written since the build: its text there is no longer used. */
  private readonly dead: Uint8Array;
  /** The texts of the members written since the build that are listed now. */
  private readonly written = new Map<number, string>();
  private writtenChars = 0;
  private readonly baseBytes: number;

  private constructor(version: string, places: NameRanks, at: Int32Array, blocks: string[], codes: Int32Array, heads: Int32Array, posts: Uint16Array) {
    this.version = version;
    this.places = places;
    this.at = at;
    this.blocks = blocks;
    this.codes = codes;
    this.heads = heads;
    this.posts = posts;
    this.dead = new Uint8Array(places.size);
    let chars = 0;
    // A block of Latin-1 alone is held as one byte a character, any other as two.
    for (const b of blocks) chars += /[\u0100-\uffff]/.test(b) ? 2 * b.length : b.length;
    this.baseBytes = places.bytes + at.byteLength + chars + codes.byteLength + heads.byteLength + posts.byteLength + this.dead.byteLength;
  }

  /**
   * The texts of the members at `places` (ranksOf of the ids A–Ö; `texts[r]` is the text of the
   * member at place r) at `version`, built in steps with `pause` between them.
   */
  static async build(version: string, places: NameRanks, texts: readonly string[], pause: Pause = async () => undefined): Promise<KeptTexts> {
    if (places.size > TEXT_BLOCK * 65535) throw new Error('too many texts to keep');
    const n = places.size;
    const at = new Int32Array(n);
    const blocks: string[] = [];
    for (let first = 0; first < n; first += TEXT_BLOCK) {
      const some = texts.slice(first, first + TEXT_BLOCK);
      let offset = 0;
      for (let i = 0; i < some.length; i++) {
        at[first + i] = offset;
        offset += some[i]!.length + 1;
      }
      blocks.push(some.join(SEP));
      if (blocks.length % BLOCKS_A_STEP === 0) await pause();
    }
    // Two passes over the blocks: how many blocks hold each code, then which.
    const last = new Int32Array(CODES);
    const count = new Int32Array(CODES);
    for (let b = 0; b < blocks.length; b++) {
      codesOfBlock(blocks[b]!, b + 1, last, count, null, null);
      if (b % BLOCKS_A_STEP === BLOCKS_A_STEP - 1) await pause();
    }
    let present = 0;
    for (let code = 0; code < CODES; code++) if (count[code]! > 0) present++;
    const codes = new Int32Array(present);
    const heads = new Int32Array(present + 1);
    // The next free entry of each code while filling (count's storage reused).
    const next = count;
    let k = 0;
    for (let code = 0; code < CODES; code++) {
      const c = count[code]!;
      if (c === 0) continue;
      codes[k] = code;
      heads[k + 1] = heads[k]! + c;
      next[code] = heads[k]!;
      k++;
    }
    const posts = new Uint16Array(heads[present]!);
    last.fill(0);
    for (let b = 0; b < blocks.length; b++) {
      codesOfBlock(blocks[b]!, b + 1, last, null, next, posts);
      if (b % BLOCKS_A_STEP === BLOCKS_A_STEP - 1) await pause();
    }
    return new KeptTexts(version, places, at, blocks, codes, heads, posts);
  }

  /** Members whose text is kept: the listed ones at the build, less those written since, plus those written since and listed. */
  get size(): number {
    let dead = 0;
    for (const d of this.dead) dead += d;
    return this.places.size - dead + this.written.size;
  }

  /** About what it holds in memory. */
  get bytes(): number {
    return this.baseBytes + 2 * this.writtenChars + 64 * this.written.size;
  }

  /** How many members written since the build it holds. */
  get writtenCount(): number {
    return this.written.size;
  }

  /**
   * Brings it to `version`: each member written since the version it is at, with its text now,
   * or null when the member is no longer listed (deleted, applying or gone).
   */
  apply(version: string, changes: readonly { id: number; text: string | null }[]): void {
    for (const { id, text } of changes) {
      const place = this.places.rankOf(id);
      if (place >= 0) this.dead[place] = 1;
      const old = this.written.get(id);
      if (old !== undefined) this.writtenChars -= old.length;
      if (text === null) this.written.delete(id);
      else {
        this.written.set(id, text);
        this.writtenChars += text.length;
      }
    }
    this.version = version;
  }

  /**
   * The first `want` members A–Ö whose kept text holds `term` (folded as the texts are), less
   * `skip`, and every written member's whose does; null when the term cannot be searched here.
   * The true first `want` are among the two.
   */
  find(term: string, want: number, skip: ReadonlySet<number> = new Set()): Found | null {
    if (term === '' || term.includes(SEP)) return null;
    const inOrder: number[] = [];
    if (want > 0) {
      const full = (b: number) => this.scan(b, term, want, skip, inOrder);
      const blocks = term.length >= 3 ? this.blocksOf(term) : null;
      if (blocks) {
        for (let k = blocks[0]; k < blocks[1]; k++) if (full(this.posts[k]!)) break;
      } else if (term.length < 3) {
        for (let b = 0; b < this.blocks.length; b++) if (full(b)) break;
      }
    }
    const written: number[] = [];
    for (const [id, text] of this.written) if (!skip.has(id) && text.includes(term)) written.push(id);
    return { inOrder, written };
  }

  /** The range in `posts` of the blocks holding the term's rarest three letters; null when no block holds one of them. */
  private blocksOf(term: string): [number, number] | null {
    let best: [number, number] | null = null;
    for (let i = 0; i + 2 < term.length; i++) {
      const k = this.codeIndex(codeAt(term, i));
      if (k < 0) return null;
      const range: [number, number] = [this.heads[k]!, this.heads[k + 1]!];
      if (!best || range[1] - range[0] < best[1] - best[0]) best = range;
    }
    return best;
  }

  private codeIndex(code: number): number {
    let lo = 0;
    let hi = this.codes.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const c = this.codes[mid]!;
      if (c === code) return mid;
      if (c < code) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /** Adds block b's matches in order to `out`; true once it holds `want`. */
  private scan(b: number, term: string, want: number, skip: ReadonlySet<number>, out: number[]): boolean {
    const s = this.blocks[b]!;
    const first = b * TEXT_BLOCK;
    const last = Math.min(this.places.size, first + TEXT_BLOCK) - 1;
    let from = 0;
    for (;;) {
      const i = s.indexOf(term, from);
      if (i < 0) return false;
      // The place whose text holds offset i: the last one starting at or before it.
      let lo = first;
      let hi = last;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (this.at[mid]! <= i) lo = mid;
        else hi = mid - 1;
      }
      const id = this.places.idAt(lo);
      if (this.dead[lo] === 0 && !skip.has(id)) {
        out.push(id);
        if (out.length >= want) return true;
      }
      if (lo === last) return false;
      from = this.at[lo + 1]!;
    }
  }
}
