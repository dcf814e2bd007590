import ExcelJS from 'exceljs';
import type { Cell, CellType, ReportTable } from './reports-table';

// Reports as xlsx for the bookkeeping: a sheet per table, a title row, the header, the rows
// and a bold totals row. Amounts are number cells in euros with the € format and dates real
// dates, so the sheet sums and sorts.

const EUROS = '#,##0.00 "€"';
const FORMATS: Partial<Record<CellType, string>> = { euro: EUROS, date: 'd.m.yyyy', int: '0' };

function value(type: CellType, v: Cell): ExcelJS.CellValue {
  if (v === null) return null;
  if (type === 'euro' && typeof v === 'number') return v / 100;
  if (type === 'date' && typeof v === 'string') {
    const [y, m, d] = v.split('-').map(Number);
    return new Date(Date.UTC(y!, m! - 1, d!));
  }
  return v;
}

function addTable(wb: ExcelJS.Workbook, t: ReportTable): void {
  const ws = wb.addWorksheet(t.sheet.slice(0, 31));
  ws.columns = t.columns.map((c) => ({ width: c.width, style: FORMATS[c.type] ? { numFmt: FORMATS[c.type]! } : {} }));
  const title = ws.addRow([`${t.title} ${t.subtitle}`]);
  title.font = { bold: true, size: 13 };
  ws.addRow(t.columns.map((c) => c.header)).font = { bold: true };
  for (const row of t.rows) ws.addRow(row.map((v, i) => value(t.columns[i]!.type, v)));
  if (t.totals) ws.addRow(t.totals.map((v, i) => value(t.columns[i]!.type, v))).font = { bold: true };
  // The header stays visible while scrolling a long list.
  ws.views = [{ state: 'frozen', ySplit: 2 }];
}

export async function tablesXlsx(tables: readonly ReportTable[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Seura';
  for (const t of tables) addTable(wb, t);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
