import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { cellText, decodeText, detectDelimiter, readSheets } from './parse';
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_ROWS } from '../../../shared/constants';

async function xlsx(rows: unknown[][], extraSheet = false): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Jäsenet');
  for (const r of rows) ws.addRow(r);
  if (extraSheet) wb.addWorksheet('Muut').addRow(['Nimi']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('decodeText and detectDelimiter', () => {
  it('reads UTF-8, UTF-8 with BOM and Windows-1252', () => {
    expect(decodeText(Buffer.from('Etunimi;Äänekoski', 'utf8'))).toBe('Etunimi;Äänekoski');
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Öhman', 'utf8')]))).toBe('Öhman');
    expect(decodeText(Buffer.from([0xc4, 0xe4, 0x6e, 0x65, 0x6b, 0x6f, 0x73, 0x6b, 0x69, 0x20, 0x80]))).toBe('Äänekoski €');
  });

  it('detects the separator outside quotes', () => {
    expect(detectDelimiter('Etunimi;Sukunimi;Osoite\nA;B;C')).toBe(';');
    expect(detectDelimiter('Etunimi,Sukunimi\n')).toBe(',');
    expect(detectDelimiter('"Sukunimi, etunimi";Osoite;Kaupunki')).toBe(';');
    expect(detectDelimiter('a\tb\tc')).toBe('\t');
  });
});

describe('readSheets', () => {
  it('reads a csv with the first non-empty row as header', async () => {
    const [s] = await readSheets('j.csv', Buffer.from('\n\nEtunimi;Sukunimi\nAino;Aalto\n\nEino;"Björk; jr"\n'));
    expect(s!.header).toEqual(['Etunimi', 'Sukunimi']);
    expect(s!.rows.map((r) => [r.row, r.cells.map((c) => c.text)])).toEqual([
      [4, ['Aino', 'Aalto']],
      [6, ['Eino', 'Björk; jr']],
    ]);
  });

  it('reads xlsx cells as form text: dates ISO, decimals with comma, formulas flagged', async () => {
    const bytes = await xlsx(
      [
        ['Etunimi', 'Syntynyt', 'Maksu', 'Laskettu', 'Rikas'],
        ['Aino', new Date(Date.UTC(1990, 2, 5)), 25.5, { formula: 'B2+1', result: 3 }, { richText: [{ text: 'Kuo' }, { text: 'ro' }] }],
      ],
      true,
    );
    const sheets = await readSheets('j.xlsx', bytes);
    expect(sheets.map((s) => s.name)).toEqual(['Jäsenet', 'Muut']);
    expect(sheets[0]!.rows[0]!.cells).toEqual([{ text: 'Aino' }, { text: '1990-03-05' }, { text: '25,5' }, { text: '', problem: 'import_formula_cell' }, { text: 'Kuoro' }]);
  });

  it('refuses empty, malformed and unknown files', async () => {
    await expect(readSheets('j.csv', Buffer.alloc(0))).rejects.toThrow();
    await expect(readSheets('j.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'))).rejects.toThrow();
    await expect(readSheets('j.xlsx', Buffer.from('plain text'))).rejects.toThrow();
    await expect(readSheets('j.pdf', Buffer.from('%PDF'))).rejects.toThrow();
    await expect(readSheets('j.csv', Buffer.from('\n\n'))).rejects.toThrow();
  });

  it('handles odd cell values', () => {
    expect(cellText(null)).toEqual({ text: '' });
    expect(cellText(true)).toEqual({ text: 'true' });
    expect(cellText({ error: '#DIV/0!' } as unknown as ExcelJS.CellValue)).toEqual({ text: '', problem: 'import_cell_error' });
    expect(cellText({ text: 'linkki', hyperlink: 'http://x' })).toEqual({ text: 'linkki' });
  });

  // Issue 11: caps hold while parsing, and short rows are not padded to a wide header.
  it('refuses a csv beyond the row, column or cell caps', async () => {
    await expect(readSheets('j.csv', Buffer.from(`Etunimi${';'.repeat(148_000)}\n${'a\n'.repeat(20)}`))).rejects.toThrow('too many columns');
    await expect(readSheets('j.csv', Buffer.from(`Etunimi\n${'a\n'.repeat(IMPORT_MAX_ROWS + 1)}`))).rejects.toThrow('too many rows');
    await expect(readSheets('j.csv', Buffer.from(`Etunimi\n${'a'.repeat(IMPORT_MAX_CELL_CHARS + 1)}\n`))).rejects.toThrow('cell too long');
    const [s] = await readSheets('j.csv', Buffer.from(`Etunimi\n${'a\n'.repeat(IMPORT_MAX_ROWS)}`));
    expect(s!.rows).toHaveLength(IMPORT_MAX_ROWS);
  });

  it('keeps short rows short and cuts rows wider than the header', async () => {
    const [s] = await readSheets('j.csv', Buffer.from('A;B;C;D\nx\ny;z;w;v;extra\n'));
    expect(s!.rows.map((r) => r.cells.length)).toEqual([1, 4]);
  });
});
