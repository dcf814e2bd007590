import ExcelJS from 'exceljs';
import Papa from 'papaparse';

// Reading an uploaded member list (issue 7): xlsx via exceljs, csv in UTF-8 (with or
// without BOM) or Windows-1252, separated by ';' or ',' (detected). Every cell comes out
// as text the member form would accept (dates ISO, decimals with a comma), or as a
// problem key for that cell. The first non-empty row is the header.

import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS } from '../../../shared/constants';
import { zipProblem } from './zipGuard';

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

const EMPTY: Cell = Object.freeze({ text: '' });

/** A row's cell at a column; rows are not padded to the header width (a crafted header could be huge). */
export function cellAt(row: SheetRow, col: number): Cell {
  return row.cells[col] ?? EMPTY;
}

const isEmptyRow = (cells: Cell[]) => !cells.some((c) => c.text.trim() !== '' || c.problem);

/**
 * Collects rows as they are parsed and refuses, at the first offending row, more data rows
 * than IMPORT_MAX_ROWS, rows wider than IMPORT_MAX_COLUMNS or cells longer than
 * IMPORT_MAX_CELL_CHARS (issue 11), so memory stays bounded by the caps, not by the file.
 */
class SheetBuilder {
  private header: string[] | null = null;
  private rows: SheetRow[] = [];
  constructor(private name: string) {}

  add(row: number, cells: Cell[]) {
    if (cells.length > IMPORT_MAX_COLUMNS) throw new UploadError('too many columns');
    if (cells.some((c) => c.text.length > IMPORT_MAX_CELL_CHARS)) throw new UploadError('cell too long');
    if (isEmptyRow(cells)) return;
    if (!this.header) {
      this.header = cells.map((c, i) => c.text.trim() || `Sarake ${i + 1}`);
      return;
    }
    if (this.rows.length >= IMPORT_MAX_ROWS) throw new UploadError('too many rows');
    this.rows.push({ row, cells: cells.length > this.header.length ? cells.slice(0, this.header.length) : cells });
  }

  sheet(): Sheet {
    return { name: this.name, header: this.header ?? [], rows: this.rows };
  }
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
  // Before exceljs inflates anything (issue 11).
  if (zipProblem(bytes)) throw new UploadError('zip limits');
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new UploadError('malformed xlsx');
  }
  return wb.worksheets.map((ws) => {
    const builder = new SheetBuilder(ws.name);
    ws.eachRow({ includeEmpty: false }, (row, rowNumber) => {
      if (row.cellCount > IMPORT_MAX_COLUMNS) throw new UploadError('too many columns');
      const cells: Cell[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = cellText(cell.value);
      });
      for (let i = 0; i < cells.length; i++) cells[i] ??= EMPTY;
      builder.add(rowNumber, cells);
    });
    return builder.sheet();
  });
}

/** All sheets of a file; throws UploadError for anything that is not a readable table. */
export async function readSheets(filename: string, bytes: Buffer): Promise<Sheet[]> {
  if (bytes.length === 0 || bytes.length > IMPORT_MAX_FILE_BYTES) throw new UploadError('size');
  const sheets = kindOf(filename, bytes) === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  if (sheets.every((s) => s.header.length === 0)) throw new UploadError('empty');
  return sheets;
}
