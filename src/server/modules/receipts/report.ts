import ExcelJS from 'exceljs';
import type { Receipt } from '../../../shared/schemas/payments';
import { helsinkiDate } from './dates';
import { kindLabel, METHOD_LABELS, vatLabel } from './labels';

// The year's transactions as xlsx for the association's bookkeeping: one row per payment
// (each payment has its receipt), with the VAT of each rate in its own columns. Amounts are
// numbers in euros, dates real dates, so the sheet sums and sorts.

const EUROS = '#,##0.00 "€"';
const euros = (cents: number): number => cents / 100;

export async function transactionReport(receipts: Receipt[]): Promise<Buffer> {
  const rates = [...new Set(receipts.flatMap((r) => r.vat.map((v) => v.vat_percent)))].sort((a, b) => a - b);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Seura';
  const ws = wb.addWorksheet('Tapahtumat');
  ws.columns = [
    { header: 'Päivämäärä', key: 'date', width: 12, style: { numFmt: 'd.m.yyyy' } },
    { header: 'Kuitin numero', key: 'number', width: 14 },
    { header: 'Mitä', key: 'what', width: 40 },
    { header: 'Maksutapa', key: 'method', width: 14 },
    { header: 'Summa', key: 'amount', width: 12, style: { numFmt: EUROS } },
    ...rates.flatMap((rate) => [
      { header: `Veroton ${vatLabel(rate)}`, key: `net_${rate}`, width: 14, style: { numFmt: EUROS } },
      { header: `ALV ${vatLabel(rate)}`, key: `vat_${rate}`, width: 12, style: { numFmt: EUROS } },
    ]),
  ];
  ws.getRow(1).font = { bold: true };
  for (const r of receipts) {
    const [y, m, d] = helsinkiDate(r.at).split('-').map(Number);
    const row: Record<string, unknown> = {
      date: new Date(Date.UTC(y!, m! - 1, d!)),
      number: r.number,
      what: [kindLabel(r.kind), ...r.rows.map((x) => `${x.title} × ${x.count}`)].join(', '),
      method: METHOD_LABELS[r.method],
      amount: euros(r.amount_cents),
    };
    for (const v of r.vat) {
      row[`net_${v.vat_percent}`] = euros(v.net_cents);
      row[`vat_${v.vat_percent}`] = euros(v.vat_cents);
    }
    ws.addRow(row);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
