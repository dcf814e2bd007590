import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_COLUMNS } from '../../../shared/constants';
import { EMPTY, SheetBuilder, UploadError, type Cell, type Sheet } from './sheet';
import { zipProblem } from './zipGuard';

// Reading an xlsx row by row (exceljs's streaming reader): a file within the size limits
// still inflates to up to 100 MB, which loaded whole as an exceljs workbook costs hundreds of
// MB and blocks the event loop for as long as the sheet parses. Streamed, memory grows with
// the rows kept (capped by SheetBuilder), the read stops at the first row beyond a cap, and
// the parse yields between chunks so other associations' requests keep being served.

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

const SHEET_PART = /^xl\/worksheets\/sheet\d+\.xml$/;
/** Bytes handed to the unzipper at a time: the parse yields between them. */
const CHUNK = 64 * 1024;

/**
 * The zip rebuilt for the streaming reader from the central directory zipGuard has checked,
 * with the worksheets last. The reader needs the workbook, its relations, styles (which cells
 * are dates) and shared strings before a sheet; Excel and exceljs write sheets first, and the
 * reader would then copy each sheet, members' data included, to a temporary file. Each part
 * gets a fresh local header carrying the directory's method and sizes (no data descriptor),
 * so the reader inflates exactly the bytes zipGuard inflated: a local header that lies about
 * them cannot leave it waiting for data that never comes. Part data are views of `bytes`.
 */
function sheetsLast(bytes: Buffer): Buffer[] {
  let eocd = bytes.length - 22;
  while (eocd >= 0 && bytes.readUInt32LE(eocd) !== 0x06054b50) eocd--;
  const parts: { sheet: boolean; start: number; header: Buffer; data: Buffer }[] = [];
  let at = bytes.readUInt32LE(eocd + 16);
  for (let n = bytes.readUInt16LE(eocd + 10); n > 0; n--) {
    const packed = bytes.readUInt32LE(at + 20);
    const nameLen = bytes.readUInt16LE(at + 28);
    const name = bytes.subarray(at + 46, at + 46 + nameLen);
    const local = bytes.readUInt32LE(at + 42);
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(bytes.readUInt16LE(at + 8) & 0x800, 6); // only "name is UTF-8"
    header.writeUInt16LE(bytes.readUInt16LE(at + 10), 8);
    header.writeUInt32LE(bytes.readUInt32LE(at + 16), 14);
    header.writeUInt32LE(packed, 18);
    header.writeUInt32LE(bytes.readUInt32LE(at + 24), 22);
    header.writeUInt16LE(nameLen, 26);
    parts.push({ sheet: SHEET_PART.test(name.toString()), start, header: Buffer.concat([header, name]), data: bytes.subarray(start, start + packed) });
    at += 46 + nameLen + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  // Two directory entries on the same bytes would stream them twice (a cheap amplifier).
  const byStart = [...parts].sort((x, y) => x.start - y.start);
  for (let i = 1; i < byStart.length; i++) if (byStart[i]!.start < byStart[i - 1]!.start + byStart[i - 1]!.data.length) throw new UploadError('overlapping zip parts');
  return [...parts.filter((p) => !p.sheet), ...parts.filter((p) => p.sheet)].flatMap((p) => [p.header, p.data]);
}

function* chunks(records: Buffer[]): Generator<Buffer> {
  for (const r of records) for (let i = 0; i < r.length; i += CHUNK) yield r.subarray(i, i + CHUNK);
}

interface StreamedSheet extends AsyncIterable<ExcelJS.Row> {
  /** The sheet's id in the workbook (its order there), or its part's number. */
  id: number | string;
  name: string;
}

export async function readXlsx(bytes: Buffer): Promise<Sheet[]> {
  // Before anything is inflated.
  if (await zipProblem(bytes)) throw new UploadError('zip limits');
  const source = Readable.from(chunks(sheetsLast(bytes)), { objectMode: false });
  // Styles are cached so that date-formatted numbers come out as dates; hyperlinks read as their text.
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, { sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', worksheets: 'emit', entries: 'ignore' });
  // A workbook without a shared-strings part (inline strings only) would otherwise also send
  // its sheets to a temporary file; the part, when present, replaces this.
  Object.assign(reader, { sharedStrings: [], workbookRels: [] });
  const sheets: { id: number; sheet: Sheet }[] = [];
  try {
    for await (const ws of reader as unknown as AsyncIterable<StreamedSheet>) {
      const builder = new SheetBuilder(ws.name);
      for await (const row of ws) {
        if (row.cellCount > IMPORT_MAX_COLUMNS) throw new UploadError('too many columns');
        const cells: Cell[] = [];
        row.eachCell({ includeEmpty: true }, (cell, col) => {
          cells[col - 1] = cellText(cell.value);
        });
        for (let i = 0; i < cells.length; i++) cells[i] ??= EMPTY;
        builder.add(row.number, cells);
      }
      sheets.push({ id: Number(ws.id), sheet: builder.sheet() });
    }
  } catch (e) {
    if (e instanceof UploadError) throw e;
    throw new UploadError('malformed xlsx');
  } finally {
    // Stops the unzipper at once when a cap (or a broken part) ended the read early.
    source.destroy();
  }
  // In the workbook's order, as the parts may come in any.
  return sheets.sort((a, b) => a.id - b.id).map((s) => s.sheet);
}
