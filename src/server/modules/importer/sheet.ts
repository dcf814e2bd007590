import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '../../../shared/constants';

// A parsed upload: sheets of rows of cells as text the member form would accept (dates
// ISO, decimals with a comma), or a problem key for a cell that cannot be read as a value.

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

/** The upload is not a readable table, or is beyond the limits: the user gets `upload_error`. */
export class UploadError extends Error {}

export const EMPTY: Cell = Object.freeze({ text: '' });

/** A row's cell at a column; rows are not padded to the header width (a crafted header could be huge). */
export function cellAt(row: SheetRow, col: number): Cell {
  return row.cells[col] ?? EMPTY;
}

const isEmptyRow = (cells: Cell[]) => !cells.some((c) => c.text.trim() !== '' || c.problem);

/**
 * Collects rows as they are parsed and refuses, at the first offending row, more data rows
 * than IMPORT_MAX_ROWS, rows wider than IMPORT_MAX_COLUMNS or cells longer than
 * IMPORT_MAX_CELL_CHARS, so memory stays bounded by the caps, not by the file.
 * The first non-empty row is the header.
 */
export class SheetBuilder {
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
