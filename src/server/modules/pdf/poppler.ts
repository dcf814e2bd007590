import { spawn } from 'node:child_process';

// Page images (and, for tests, word positions) come from poppler-utils' command-line tools,
// a runtime dependency (Debian/Ubuntu: `apt-get install poppler-utils`). A missing tool is
// reported as PopplerMissing so the caller can answer with a clear message instead of a crash.

export class PopplerMissing extends Error {
  constructor(tool: string) {
    super(`${tool} not found: install poppler-utils (e.g. apt-get install poppler-utils) to render letter page images`);
  }
}

const TIMEOUT_MS = 20_000;
/** No tool output this large is expected from one A4 page; more means something is wrong. */
const MAX_OUTPUT = 20 * 1024 * 1024;

/** Tools running at once: each takes a core, and the web server needs one too. */
const MAX_RUNNING = 2;
let running = 0;
const waiting: (() => void)[] = [];

/** How many tools run now (for tests and diagnostics). */
export function runningTools(): number {
  return running;
}

async function run(tool: string, args: string[], input: Buffer): Promise<Buffer> {
  // A finishing run hands its slot straight to the next waiter, so the count never overshoots.
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await spawnTool(tool, args, input);
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function spawnTool(tool: string, args: string[], input: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['pipe', 'pipe', 'pipe'], timeout: TIMEOUT_MS });
    const out: Buffer[] = [];
    let size = 0;
    let err = '';
    child.on('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new PopplerMissing(tool) : e));
    child.stdout.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_OUTPUT) child.kill('SIGKILL');
      else out.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < 2000) err += c.toString();
    });
    child.on('close', (code) => {
      if (code === 0 && size <= MAX_OUTPUT) resolve(Buffer.concat(out));
      else reject(new Error(`${tool} failed (${String(code)}): ${err.trim()}`));
    });
    // The tool may exit before reading everything (a bad file): that is reported by `close`.
    child.stdin.on('error', () => undefined);
    child.stdin.end(input);
  });
}

/** One page (from 1) as a PNG whose longer side is `maxPx` pixels. */
export function pageToPng(pdf: Buffer, page: number, maxPx: number): Promise<Buffer> {
  const p = String(page);
  return run('pdftoppm', ['-png', '-f', p, '-l', p, '-singlefile', '-scale-to', String(maxPx), '-'], pdf);
}

export interface PdfWord {
  page: number;
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** Every word with its box in points from the page's top-left corner (pdftotext -bbox). */
export async function pdfWords(pdf: Buffer): Promise<PdfWord[]> {
  const xml = (await run('pdftotext', ['-bbox', '-', '-'], pdf)).toString('utf8');
  const words: PdfWord[] = [];
  let page = 0;
  for (const line of xml.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) words.push({ page, xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: decodeXml(m[5]!) });
  }
  return words;
}

/** The number of pages poppler sees (pdfinfo is part of poppler-utils too). */
export async function pdfPageCount(pdf: Buffer): Promise<number> {
  const info = (await run('pdfinfo', ['-'], pdf)).toString('utf8');
  const m = /^Pages:\s+(\d+)/m.exec(info);
  if (!m) throw new Error('pdfinfo: no page count');
  return Number(m[1]);
}

/** What pdfinfo tells of a PDF: its page count and whether it is encrypted; throws when poppler cannot read it. */
export async function pdfInfo(pdf: Buffer): Promise<{ pages: number; encrypted: boolean }> {
  const info = (await run('pdfinfo', ['-'], pdf)).toString('utf8');
  const m = /^Pages:\s+(\d+)/m.exec(info);
  if (!m) throw new Error('pdfinfo: no page count');
  return { pages: Number(m[1]), encrypted: /^Encrypted:\s+yes/m.test(info) };
}

function decodeXml(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}

/**
 * The data of the one bar code of a symbology in an image (zbar-tools' zbarimg, used by the
 * tests that read printed invoices back). zbarimg exits non-zero when it finds none.
 */
export async function decodeBarcode(png: Buffer, symbology: 'code128' | 'qrcode'): Promise<string> {
  const out = await run('zbarimg', ['--raw', '-q', '--nodbus', '-Sdisable', `-S${symbology}.enable`, '-'], png);
  return out.toString('utf8').replace(/\n$/, '');
}
