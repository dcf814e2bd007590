import type { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';

// The export's xlsx sheet, written row by row with exceljs's streaming writer, fast and with
// flat memory: two things exceljs does not do for a streamed sheet by itself.

export interface SheetColumn {
  key: string;
  header: string;
  kind: 'text' | 'date' | 'number' | 'bool' | 'phone' | 'timestamp';
}

/** Uncompressed sheet XML allowed to wait for the compressor before rows are written again. */
export const SHEET_BACKLOG_MAX = 4 * 1024 * 1024;

type Sheet = ReturnType<ExcelJS.stream.xlsx.WorkbookWriter['addWorksheet']>;

/**
 * How many bytes of sheet XML wait in front of the compressor. exceljs's sheet stream (its
 * StreamBuf) hands each 64 kB to the zip entry without heeding backpressure, so a sheet built
 * faster than it is deflated piled up whole in memory (200 MB for 100 000 members). Read from
 * exceljs 4's internals, looked up afresh on each call (the entry is piped once the zip reaches
 * it); export-xlsx.test.ts fails if an upgrade moves them.
 */
export function sheetBacklog(ws: Sheet): number {
  const sink = (ws as unknown as { stream?: { pipes?: { _writableState?: { length?: number } }[] } }).stream?.pipes?.[0];
  return sink?._writableState?.length ?? 0;
}

/** Waits while the compressor is behind; stops waiting when the download is gone. */
async function compressorCaughtUp(ws: Sheet, out: PassThrough): Promise<void> {
  while (sheetBacklog(ws) > SHEET_BACKLOG_MAX && !out.destroyed) await sleep(5);
}

/** Waits while the reader has not taken what was written (a slow download keeps memory flat). */
export async function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      out.off('drain', done).off('close', done);
      resolve();
    };
    out.on('drain', done).on('close', done);
  });
}

/** Writes the sheet of `rows` (pieces of rows of cells) into `out` as an xlsx file. */
export async function writeXlsx(out: PassThrough, columns: readonly SheetColumn[], rows: AsyncIterable<(string | number | Date | null)[][]>): Promise<void> {
  // Deflate level 1 (what this archiver already used, made explicit): the sheet is repetitive XML,
  // and level 9 took a third longer for a file a fifth smaller.
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
  const ws = wb.addWorksheet('Jäsenet', { views: [{ state: 'frozen', ySplit: 1 }] });
  ws.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.max(12, Math.min(40, c.header.length + 4)),
    style: c.kind === 'date' ? { numFmt: 'd.m.yyyy' } : c.kind === 'timestamp' ? { numFmt: 'd.m.yyyy h:mm' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  // One style object per column, shared by its cells: exceljs remembers a style it has seen by
  // identity, while each new cell's own merged copy was rendered to XML again (half the export's time).
  const styles = columns.map((c) => ws.getColumn(c.key).style);
  for await (const piece of rows) {
    for (const r of piece) {
      const row = ws.addRow(r);
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cell.style = styles[col - 1]!;
      });
      row.commit();
    }
    await compressorCaughtUp(ws, out);
    await drained(out);
  }
  ws.commit();
  await wb.commit();
}
