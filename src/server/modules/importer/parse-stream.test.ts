import { describe, expect, it } from 'vitest';
import { readSheets } from './parse';
import { makeBigXlsx } from '../../test/factories/xlsx';
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS } from '../../../shared/constants';

// An xlsx within the limits is read row by row: what parsing it costs in memory grows with
// the rows kept, not with the workbook exceljs would build, other requests keep being served
// meanwhile, and a sheet beyond the row cap is given up at the first row past it.
// Its own file: each test file runs in a fresh process, so peak RSS says what the parse took.

const MB = 1024 * 1024;
const peakRss = () => process.resourceUsage().maxRSS * 1024;

/** Runs `fn` while a 5 ms timer ticks; answers the longest gap between ticks. */
async function longestStall<T>(fn: () => Promise<T>): Promise<{ result: T; stallMs: number; ticks: number }> {
  let last = performance.now();
  let stallMs = 0;
  let ticks = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
    ticks += 1;
  }, 5);
  try {
    const result = await fn();
    stallMs = Math.max(stallMs, performance.now() - last);
    return { result, stallMs, ticks };
  } finally {
    clearInterval(timer);
  }
}

describe('reading a large xlsx', () => {
  it('reads a 20 MB sheet in bounded memory, yielding to the event loop', async () => {
    const rows = 40_000;
    const bytes = makeBigXlsx({ rows, columns: 12, cell: (r, c) => `Arvo ${(r * 13 + c * 7) % 4000}` });
    expect(bytes.length).toBeLessThan(IMPORT_MAX_FILE_BYTES);
    global.gc?.();
    const before = peakRss();
    const { result: sheets, stallMs, ticks } = await longestStall(() => readSheets('iso.xlsx', bytes));
    const grewMb = (peakRss() - before) / MB;
    expect(sheets[0]!.rows).toHaveLength(rows);
    expect(sheets[0]!.rows[rows - 1]!.cells[11]).toEqual({ text: `Arvo ${(rows * 13 + 77) % 4000}` });
    // Measured on 2 cores: loaded whole, the parse peaked 190–220 MB over the start and blocked
    // the loop for 650 ms; streamed, 30–80 MB and 40–150 ms (the stall is printed, not asserted:
    // speed goals live in the bench). The memory bound leaves room for a busy machine.
    expect(grewMb).toBeLessThan(120);
    expect(ticks).toBeGreaterThan(5);
    console.log(`xlsx 20 MB: +${grewMb.toFixed(0)} MB, longest stall ${stallMs.toFixed(0)} ms over ${ticks} ticks`);
  });

  it('gives up a sheet beyond the row cap at the first row past it', async () => {
    // 100 000 rows past the cap, then broken XML: a reader that loads the whole sheet first
    // meets the break and calls the file malformed; one that stops at the cap never gets there.
    const bytes = makeBigXlsx({ rows: IMPORT_MAX_ROWS * 3, columns: 2, cell: (r, c) => `R${r % 100}C${c}`, sheetTail: '<row r="999999"><c r="A999999"><v>1</c></row>' });
    expect(bytes.length).toBeLessThan(IMPORT_MAX_FILE_BYTES);
    await expect(readSheets('pitkä.xlsx', bytes)).rejects.toThrow('too many rows');
  });
});
