import { PassThrough } from 'node:stream';
import { setImmediate as turn } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetBacklog, SHEET_BACKLOG_MAX, writeXlsx } from './export-xlsx';

// The export waits for the compressor by reading how much sheet XML waits in front of it, from
// exceljs's internals: an upgrade that moves them must fail here, not quietly bring back the pile-up.

describe('sheetBacklog', () => {
  it('sees the sheet XML piling up in front of a compressor whose output nobody reads', async () => {
    const out = new PassThrough();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    const ws = wb.addWorksheet('Jäsenet');
    const text = 'x'.repeat(200);
    let most = 0;
    for (let i = 0; i < 40_000; i++) {
      ws.addRow([i, text, text, text]).commit();
      if (i % 1000 === 0) {
        await turn();
        most = Math.max(most, sheetBacklog(ws));
      }
    }
    expect(most).toBeGreaterThan(SHEET_BACKLOG_MAX);
    out.destroy();
  });

  it('writes a sheet of 40 000 rows, waiting for the compressor in between, that reads back whole', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const text = 'y'.repeat(200);
    async function* rows() {
      for (let p = 0; p < 40; p++) yield Array.from({ length: 1000 }, (_, i): (string | number | null)[] => [p * 1000 + i, text, text, null]);
    }
    await writeXlsx(out, [{ key: 'n', header: 'N', kind: 'number' }, { key: 'a', header: 'A', kind: 'text' }, { key: 'b', header: 'B', kind: 'text' }, { key: 'c', header: 'C', kind: 'date' }], rows());
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Jäsenet')!;
    expect(ws.rowCount).toBe(40_001);
    expect(ws.getRow(40_001).getCell(1).value).toBe(39_999);
  });
});
