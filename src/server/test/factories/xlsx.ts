import ExcelJS from 'exceljs';
import { buildZip } from './zip';

// Tests only: the spreadsheets the import tests upload, built one way.

export interface XlsxOptions {
  /** Name of the first sheet; "Jäsenet" as the export writes it. */
  sheet?: string;
  /** Further sheets after the first, each with its rows. */
  extraSheets?: { name: string; rows: unknown[][] }[];
}

/** An xlsx written by exceljs (as Excel would: shared strings, date styles, rich text, formulas), one row per array. */
export async function makeXlsx(rows: unknown[][], opts: XlsxOptions = {}): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheets = [{ name: opts.sheet ?? 'Jäsenet', rows }, ...(opts.extraSheets ?? [])];
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.name);
    for (const r of s.rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const colName = (i: number) => (i < 26 ? String.fromCharCode(65 + i) : String.fromCharCode(64 + Math.floor(i / 26)) + String.fromCharCode(65 + (i % 26)));

/**
 * A large xlsx written part by part, without exceljs holding a workbook in memory: a header
 * row and `rows` data rows of `cell(row, col)` text as shared strings, in Excel's part
 * order (sheet before shared strings). For tests that measure what parsing a big sheet costs.
 */
export function makeBigXlsx(opts: { rows: number; columns: number; cell: (row: number, col: number) => string; sheetTail?: string }): Buffer {
  const strings = new Map<string, number>();
  const ref = (s: string) => {
    let i = strings.get(s);
    if (i === undefined) strings.set(s, (i = strings.size));
    return i;
  };
  const sheetParts: string[] = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'];
  for (let r = 0; r <= opts.rows; r++) {
    let row = `<row r="${r + 1}">`;
    for (let c = 0; c < opts.columns; c++) row += `<c r="${colName(c)}${r + 1}" t="s"><v>${ref(r === 0 ? `Sarake${c + 1}` : opts.cell(r, c))}</v></c>`;
    sheetParts.push(`${row}</row>`);
  }
  // Raw XML after the last row: e.g. a broken tail that only a reader going that far meets.
  sheetParts.push(`${opts.sheetTail ?? ''}</sheetData></worksheet>`);
  const sst = [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.size}" uniqueCount="${strings.size}">`];
  for (const s of strings.keys()) sst.push(`<si><t>${escapeXml(s)}</t></si>`);
  sst.push('</sst>');
  const ns = 'http://schemas.openxmlformats.org';
  const part = (name: string, text: string) => ({ name, data: Buffer.from(text) });
  return buildZip([
    part(
      '[Content_Types].xml',
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    ),
    part('_rels/.rels', `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${ns}/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    { name: 'xl/worksheets/sheet1.xml', data: Buffer.from(sheetParts.join('')) },
    { name: 'xl/sharedStrings.xml', data: Buffer.from(sst.join('')) },
    part('xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Jäsenet" sheetId="1" r:id="rId1"/></sheets></workbook>`),
  ]);
}
