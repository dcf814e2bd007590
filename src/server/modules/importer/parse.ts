import ExcelJS from 'exceljs';
import Papa from 'papaparse';

// Reading an uploaded member list (issue 7): xlsx via exceljs, csv in UTF-8 (with or
// without BOM) or Windows-1252, separated by ';' or ',' (detected). Every cell comes out
// as text the member form would accept (dates ISO, decimals with a comma), or as a
// problem key for that cell. The first non-empty row is the header.

import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS } from '../../../shared/constants';

export type FileKind = 'xlsx' | 'csv';

export interface Cell {
  text: string;
  /** A message key when the cell cannot be read as a value (formula, error). */
  problem?: string;
}

export interface SheetRow {
  /** Spreadsheet row number (1-based, header included). */
  row: number;
  cells: Cell[];
}

export interface Sheet {
  name: string;
  header: string[];
  rows: SheetRow[];
}

export class UploadError extends Error {}

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

function fromRows(name: string, raw: { row: number; cells: Cell[] }[]): Sheet {
  const nonEmpty = raw.filter((r) => r.cells.some((c) => c.text.trim() !== '' || c.problem));
  const [head, ...rows] = nonEmpty;
  if (!head) return { name, header: [], rows: [] };
  if (rows.length > IMPORT_MAX_ROWS) throw new UploadError('too many rows');
  const header = head.cells.map((c, i) => c.text.trim() || `Sarake ${i + 1}`);
  return { name, header, rows: rows.map((r) => ({ row: r.row, cells: header.map((_, i) => r.cells[i] ?? { text: '' }) })) };
}

function readCsv(bytes: Buffer): Sheet[] {
  const text = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text, { delimiter: detectDelimiter(text), skipEmptyLines: false });
  if (parsed.errors.some((e) => e.type === 'Quotes')) throw new UploadError('bad quotes');
  return [fromRows('CSV', parsed.data.map((cells, i) => ({ row: i + 1, cells: cells.map((t) => ({ text: t ?? '' })) })))];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An exceljs cell value as form text. */
export function cellText(value: ExcelJS.CellValue): Cell {
  if (value === null || value === undefined) return { text: '' };
  if (value instanceof Date) return { text: `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}` };
  if (typeof value === 'number') return { text: String(value).replace('.', ',') };
  if (typeof value === 'boolean') return { text: value ? 'true' : 'false' };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'object') {
    // A formula's cached result may be stale or a trap; the user must paste values.
    if ('formula' in value || 'sharedFormula' in value) return { text: '', problem: 'import_formula_cell' };
    if ('error' in value) return { text: '', problem: 'import_cell_error' };
    if ('richText' in value) return { text: value.richText.map((r) => r.text).join('') };
    if ('text' in value) return { text: String(value.text) };
  }
  return { text: String(value) };
}

async function readXlsx(bytes: Buffer): Promise<Sheet[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new UploadError('malformed xlsx');
  }
  return wb.worksheets.map((ws) => {
    const raw: { row: number; cells: Cell[] }[] = [];
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      const cells: Cell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell.value);
      });
      for (let i = 0; i < cells.length; i++) cells[i] ??= { text: '' };
      raw.push({ row: rowNumber, cells });
    });
    return fromRows(ws.name, raw);
  });
}

/** All sheets of a file; throws UploadError for anything that is not a readable table. */
export async function readSheets(filename: string, bytes: Buffer): Promise<Sheet[]> {
  if (bytes.length === 0 || bytes.length > IMPORT_MAX_FILE_BYTES) throw new UploadError('size');
  const sheets = kindOf(filename, bytes) === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  if (sheets.every((s) => s.header.length === 0)) throw new UploadError('empty');
  return sheets;
}
