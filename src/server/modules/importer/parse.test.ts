import fs from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import type ExcelJS from 'exceljs';
import { decodeText, detectDelimiter, readSheets } from './parse';
import { cellText } from './xlsx';
import { IMPORT_MAX_CELL_CHARS, IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS } from '../../../shared/constants';
import { makeBigXlsx, makeXlsx } from '../../test/factories/xlsx';
import { buildZip, readZip } from '../../test/factories/zip';

const xlsx = (rows: unknown[][], extraSheet = false) => makeXlsx(rows, extraSheet ? { extraSheets: [{ name: 'Muut', rows: [['Nimi']] }] } : {});

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

  it('reads every other kind of xlsx cell as before: booleans, errors, links, shared formulas, times, 1904 dates', async () => {
    const bytes = await xlsx([
      ['Nimi', 'Jäsen', 'Virhe', 'Linkki', 'Kaava', 'Aika', 'Iso', 'Negatiivinen'],
      ['Aino', true, { error: '#N/A' }, { text: 'linkki', hyperlink: 'https://x.fi' }, { formula: '1+1', result: 2, shareType: 'shared', ref: 'E2:E3' }, new Date(Date.UTC(2024, 0, 31, 23, 59)), 1234567.125, -3],
      ['Eino', false, '', '', { sharedFormula: 'E2', result: 2 }, '', 0.5, ''],
    ]);
    const [s] = await readSheets('j.xlsx', bytes);
    expect(s!.rows.map((r) => r.cells)).toEqual([
      [{ text: 'Aino' }, { text: 'true' }, { text: '', problem: 'import_cell_error' }, { text: 'linkki' }, { text: '', problem: 'import_formula_cell' }, { text: '2024-01-31' }, { text: '1234567,125' }, { text: '-3' }],
      [{ text: 'Eino' }, { text: 'false' }, { text: '' }, { text: '' }, { text: '', problem: 'import_formula_cell' }, { text: '' }, { text: '0,5' }, { text: '' }],
    ]);
    // A workbook dated from 1904 (old Mac Excel): the same serial number is another day.
    const parts = readZip(await xlsx([['Syntynyt'], [new Date(Date.UTC(1990, 2, 5))]]));
    const on1904 = buildZip(parts.map((p) => (p.name === 'xl/workbook.xml' ? { name: p.name, data: Buffer.from(p.data.toString().replace('<workbookPr', '<workbookPr date1904="1"')) } : p)));
    expect((await readSheets('j.xlsx', on1904))[0]!.rows[0]!.cells).toEqual([{ text: '1994-03-06' }]);
  });

  it('reads sheets in the workbook order and inline strings without a shared-strings part', async () => {
    const parts = readZip(await xlsx([['Etunimi'], ['Aino']], true));
    // Parts in another order: the second sheet first in the zip.
    const reordered = buildZip([...parts.filter((p) => p.name === 'xl/worksheets/sheet2.xml'), ...parts.filter((p) => p.name !== 'xl/worksheets/sheet2.xml')]);
    expect((await readSheets('j.xlsx', reordered)).map((s) => s.name)).toEqual(['Jäsenet', 'Muut']);
    const inline = buildZip(
      parts
        .filter((p) => p.name !== 'xl/sharedStrings.xml')
        .map((p) =>
          p.name === 'xl/worksheets/sheet1.xml'
            ? { name: p.name, data: Buffer.from(p.data.toString().replace(/<c r="A1" t="s"><v>0<\/v><\/c>/, '<c r="A1" t="inlineStr"><is><t>Etunimi</t></is></c>').replace(/<c r="A2" t="s"><v>1<\/v><\/c>/, '<c r="A2" t="inlineStr"><is><t>Aino</t></is></c>')) }
            : p.name === 'xl/worksheets/sheet2.xml'
              ? { name: p.name, data: Buffer.from(p.data.toString().replace(/<c r="A1" t="s"><v>\d+<\/v><\/c>/, '<c r="A1" t="inlineStr"><is><t>Nimi</t></is></c>')) }
              : p,
        ),
    );
    const sheets = await readSheets('j.xlsx', inline);
    expect(sheets.map((s) => [s.name, s.header, s.rows.map((r) => r.cells)])).toEqual([
      ['Jäsenet', ['Etunimi'], [[{ text: 'Aino' }]]],
      ['Muut', ['Nimi'], []],
    ]);
  });

  it('streams sheets from memory: no member data is ever copied to a temporary file', async () => {
    // Excel and exceljs write a sheet before its shared strings and styles; read in that order,
    // exceljs's streaming reader would park the sheet in a temporary file first.
    const names = readZip(await xlsx([['Etunimi'], ['Aino']])).map((p) => p.name);
    expect(names.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(names.indexOf('xl/sharedStrings.xml'));
    const writes = vi.spyOn(fs, 'createWriteStream');
    try {
      await readSheets('j.xlsx', await xlsx([['Etunimi', 'Syntynyt'], ['Aino', new Date(Date.UTC(1990, 2, 5))]], true));
      expect(writes).not.toHaveBeenCalled();
    } finally {
      writes.mockRestore();
    }
  });

  it('reads by the checked central directory, whatever the local headers claim', async () => {
    const bytes = await xlsx([['Etunimi'], ['Aino']]);
    // Every local header: "sizes follow the data" and a compressed size far past the end.
    for (let at = 0; at < bytes.length - 4; at++) {
      if (bytes.readUInt32LE(at) !== 0x04034b50) continue;
      bytes.writeUInt16LE(bytes.readUInt16LE(at + 6) | 0x8, at + 6);
      bytes.writeUInt32LE(0xfffffff0, at + 18);
    }
    const [s] = await readSheets('j.xlsx', bytes);
    expect(s!.rows.map((r) => r.cells)).toEqual([[{ text: 'Aino' }]]);
  });

  it('refuses an xlsx beyond the row, column or cell caps', async () => {
    await expect(readSheets('j.xlsx', await xlsx([Array.from({ length: IMPORT_MAX_COLUMNS + 1 }, (_, i) => `S${i}`)]))).rejects.toThrow('too many columns');
    await expect(readSheets('j.xlsx', await xlsx([['Etunimi'], ['a'.repeat(IMPORT_MAX_CELL_CHARS + 1)]]))).rejects.toThrow('cell too long');
    await expect(readSheets('j.xlsx', makeBigXlsx({ rows: IMPORT_MAX_ROWS + 1, columns: 1, cell: () => 'a' }))).rejects.toThrow('too many rows');
    const [s] = await readSheets('j.xlsx', makeBigXlsx({ rows: IMPORT_MAX_ROWS, columns: 1, cell: () => 'a' }));
    expect(s!.rows).toHaveLength(IMPORT_MAX_ROWS);
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

  // Caps hold while parsing, and short rows are not padded to a wide header.
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
