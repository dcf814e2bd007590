import Papa from 'papaparse';
import { IMPORT_MAX_FILE_BYTES } from '../../../shared/constants';
import { SheetBuilder, UploadError, type Sheet } from './sheet';
import { readXlsx } from './xlsx';

// Reading an uploaded member list: xlsx streamed row by row (xlsx.ts), csv in UTF-8 (with
// or without BOM) or Windows-1252, separated by ';' or ',' (detected). Every cell comes out
// as text the member form would accept (dates ISO, decimals with a comma), or as a
// problem key for that cell (sheet.ts).

export type FileKind = 'xlsx' | 'csv';

export function kindOf(filename: string, bytes: Buffer): FileKind {
  // xlsx is a zip: "PK\x03\x04".
  if (bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'xlsx';
  if (/\.xlsx$/i.test(filename)) throw new UploadError('not a zip');
  if (/\.(csv|txt)$/i.test(filename)) return 'csv';
  throw new UploadError('unknown type');
}

// Windows-1252 differs from Latin-1 in 0x80–0x9F (€, curly quotes, dashes…). Node's
// TextDecoder('windows-1252') decodes those bytes as Latin-1 control characters, so
// the table is here.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function decodeCp1252(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b);
  return out;
}

/** UTF-8 (BOM stripped) when the bytes are valid UTF-8, otherwise Windows-1252 (Excel's "CSV" on Finnish Windows). */
export function decodeText(bytes: Buffer): string {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const body = bytes.subarray(start);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return decodeCp1252(body);
  }
}

/** The separator used most on the first line, outside quotes. */
export function detectDelimiter(text: string): ';' | ',' | '\t' {
  const line = text.split(/\r?\n/, 1)[0] ?? '';
  const counts = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch as keyof typeof counts] += 1;
  }
  return (Object.entries(counts).sort((a, b) => b[1] - a[1])[0]![0] as ';' | ',' | '\t');
}

function readCsv(bytes: Buffer): Sheet[] {
  const text = decodeText(bytes);
  const builder = new SheetBuilder('CSV');
  let failure: unknown = null;
  let line = 0;
  // Step mode: one row at a time, aborted at the first row beyond a cap.
  Papa.parse<string[]>(text, {
    delimiter: detectDelimiter(text),
    skipEmptyLines: false,
    step: (result, parser) => {
      line += 1;
      try {
        if (result.errors.some((e) => e.type === 'Quotes')) throw new UploadError('bad quotes');
        builder.add(line, result.data.map((t) => ({ text: t ?? '' })));
      } catch (e) {
        failure = e;
        parser.abort();
      }
    },
  });
  if (failure) throw failure;
  return [builder.sheet()];
}

/** All sheets of a file; throws UploadError for anything that is not a readable table. */
export async function readSheets(filename: string, bytes: Buffer): Promise<Sheet[]> {
  if (bytes.length === 0 || bytes.length > IMPORT_MAX_FILE_BYTES) throw new UploadError('size');
  const sheets = kindOf(filename, bytes) === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  if (sheets.every((s) => s.header.length === 0)) throw new UploadError('empty');
  return sheets;
}
