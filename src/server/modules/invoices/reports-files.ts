import { formatFinnishDate } from '../../../shared/finnish/date';
import { helsinkiDate } from '../receipts/dates';
import type { InvoiceReport, Period, ReceivableRow, RefsRow, SalesList } from './reports';
import { periodLabel, ratesOf, referenceLabel, vatCells, vatColumns, vatTable, type Column, type ReportTable } from './reports-table';

// Each report's downloadable tables (the xlsx sheets and the PDF pages), in Finnish.

const euro = (header: string, width = 13, pdf = true): Column => ({ header, type: 'euro', width, pdf });
const int = (header: string, width = 10): Column => ({ header, type: 'int', width });

export function invoiceReportTables(r: InvoiceReport, p: Period): ReportTable[] {
  const rates = ratesOf(r.vat_breakdown);
  const sub = periodLabel(p);
  const t = r.totals;
  const main: ReportTable = {
    sheet: 'Laskuraportti',
    title: 'Laskuraportti',
    subtitle: sub,
    columns: [
      int('Lasku', 6),
      { header: 'Otsikko', type: 'text', width: 24 },
      { header: 'Luotu', type: 'date', width: 11 },
      { header: 'Eräpäivä', type: 'date', width: 11 },
      int('Laskuja', 9),
      int('Avoimia', 9),
      int('Erääntyneitä', 14),
      int('Maksettuja', 11),
      euro('Laskutettu'),
      euro('Maksettu'),
      euro('Hyvitetty'),
      euro('Peruttu'),
      euro('Avoinna'),
      ...vatColumns(rates),
    ],
    rows: r.invoices.map((i) => [
      i.id,
      i.subject,
      helsinkiDate(i.created_at),
      i.date_due,
      i.count_total_c,
      i.count_open_c,
      i.count_overdue_c,
      i.count_paid_c,
      i.amount_total_c,
      i.amount_paid_c,
      i.amount_credited_c,
      i.amount_cancelled_c,
      i.amount_pending_c,
      ...vatCells(rates, i.vat_breakdown),
    ]),
    totals: [
      'Yhteensä',
      null,
      null,
      null,
      t.count_total_c,
      t.count_open_c,
      t.count_overdue_c,
      t.count_paid_c,
      t.amount_total_c,
      t.amount_paid_c,
      t.amount_credited_c,
      t.amount_cancelled_c,
      t.amount_pending_c,
      ...vatCells(rates, r.vat_breakdown),
    ],
  };
  return [main, vatTable('Laskutuksen ALV-erittely', sub, r.vat_breakdown)];
}

export function refsTables(rows: readonly RefsRow[], p: Period): ReportTable[] {
  return [
    {
      sheet: 'Viitteet',
      title: 'Viitenumerot',
      subtitle: periodLabel(p),
      columns: [
        { header: 'Viitenumero', type: 'text', width: 26 },
        int('Laskunumero', 12),
        { header: 'Saaja', type: 'text', width: 30 },
        euro('Summa'),
        { header: 'Päivä', type: 'date', width: 11 },
      ],
      rows: rows.map((r) => [referenceLabel(r.reference), r.invoice_number, r.name, r.amount_c, r.date]),
      totals: ['Yhteensä', null, null, rows.reduce((s, r) => s + r.amount_c, 0), null],
    },
  ];
}

export function salesTables(list: SalesList, p: Period): ReportTable[] {
  const rates = ratesOf(list.vat_breakdown);
  const sub = periodLabel(p);
  const sum = (k: 'net_c' | 'vat_c') => list.vat_breakdown.reduce((s, v) => s + v[k], 0);
  const main: ReportTable = {
    sheet: 'Myyntilaskut',
    title: 'Myyntilaskuluettelo',
    subtitle: sub,
    columns: [
      int('Laskunumero', 11),
      { header: 'Laji', type: 'text', width: 12 },
      { header: 'Päivä', type: 'date', width: 11 },
      { header: 'Eräpäivä', type: 'date', width: 11 },
      { header: 'Saaja', type: 'text', width: 26 },
      { header: 'Viite', type: 'text', width: 22 },
      euro('Veroton'),
      euro('ALV'),
      euro('Summa'),
      ...vatColumns(rates),
    ],
    rows: list.rows.map((r) => [
      r.invoice_number,
      r.kind === 'credit' ? 'Hyvityslasku' : 'Lasku',
      r.date,
      r.date_due,
      r.name,
      referenceLabel(r.reference),
      r.vat_breakdown.reduce((s, v) => s + v.net_c, 0),
      r.vat_breakdown.reduce((s, v) => s + v.vat_c, 0),
      r.amount_c,
      ...vatCells(rates, r.vat_breakdown),
    ]),
    totals: ['Yhteensä', null, null, null, null, null, sum('net_c'), sum('vat_c'), list.total_c, ...vatCells(rates, list.vat_breakdown)],
  };
  return [main, vatTable('Myyntilaskujen ALV-erittely', sub, list.vat_breakdown)];
}

export function receivablesTables(rows: readonly ReceivableRow[], date: string): ReportTable[] {
  return [
    {
      sheet: 'Myyntisaamiset',
      title: 'Myyntisaamiset',
      subtitle: `Avoinna ${formatFinnishDate(date)}`,
      columns: [
        int('Laskunumero', 11),
        { header: 'Saaja', type: 'text', width: 28 },
        { header: 'Viite', type: 'text', width: 22 },
        { header: 'Eräpäivä', type: 'date', width: 11 },
        euro('Summa'),
        euro('Avoinna'),
        int('Päiviä myöhässä', 12),
      ],
      rows: rows.map((r) => [r.invoice_number, r.name, referenceLabel(r.reference), r.date_due, r.amount_c, r.amount_open_c, r.days_overdue]),
      totals: ['Yhteensä', null, null, null, rows.reduce((s, r) => s + r.amount_c, 0), rows.reduce((s, r) => s + r.amount_open_c, 0), null],
    },
  ];
}
