import { formatAmount } from '../../../shared/finnish/amount';
import { formatFinnishDate } from '../../../shared/finnish/date';
import { formatAnyReference } from '../../../shared/invoices/sms-notice';
import type { Period, VatRow } from './reports';

// A report as one neutral table (title, typed columns, rows, totals), so the xlsx and the
// PDF of each report are drawn from the same data and say the same thing.

export type CellType = 'text' | 'euro' | 'date' | 'int';
export interface Column {
  header: string;
  type: CellType;
  /** Relative width (xlsx characters; the PDF scales them to the page). */
  width: number;
  /** false: only in the xlsx (the PDF page has room for fewer columns). */
  pdf?: boolean;
}
export type Cell = string | number | null;
export interface ReportTable {
  /** Sheet name (at most 31 characters). */
  sheet: string;
  title: string;
  subtitle: string;
  columns: Column[];
  /** Euro cells in cents, date cells ISO days. */
  rows: Cell[][];
  /** The totals row ("Yhteensä" first), or none. */
  totals: Cell[] | null;
}

export const vatLabel = (percent: number): string => `${String(percent).replace('.', ',')} %`;
export const periodLabel = (p: Period): string => `${formatFinnishDate(p.from)}–${formatFinnishDate(p.to)}`;
export const referenceLabel = formatAnyReference;

/** Columns of net and VAT for each rate, and a row's cells for them. */
export function vatColumns(rates: readonly number[]): Column[] {
  return rates.flatMap((r) => [
    { header: `Veroton ${vatLabel(r)}`, type: 'euro' as const, width: 13, pdf: false },
    { header: `ALV ${vatLabel(r)}`, type: 'euro' as const, width: 12, pdf: false },
  ]);
}
export function vatCells(rates: readonly number[], vat: readonly VatRow[]): Cell[] {
  return rates.flatMap((r) => {
    const v = vat.find((x) => x.vat_percent === r);
    return [v ? v.net_c : 0, v ? v.vat_c : 0];
  });
}
export const ratesOf = (vat: readonly VatRow[]): number[] => vat.map((v) => v.vat_percent);

/** The VAT breakdown as its own table. */
export function vatTable(title: string, subtitle: string, vat: readonly VatRow[]): ReportTable {
  const sum = (k: 'net_c' | 'vat_c' | 'gross_c') => vat.reduce((s, v) => s + v[k], 0);
  return {
    sheet: 'ALV-erittely',
    title,
    subtitle,
    columns: [
      { header: 'ALV-kanta', type: 'text', width: 12 },
      { header: 'Veroton', type: 'euro', width: 14 },
      { header: 'ALV', type: 'euro', width: 14 },
      { header: 'Verollinen', type: 'euro', width: 14 },
    ],
    rows: vat.map((v) => [vatLabel(v.vat_percent), v.net_c, v.vat_c, v.gross_c]),
    totals: ['Yhteensä', sum('net_c'), sum('vat_c'), sum('gross_c')],
  };
}

/** A cell as text (the PDF, and the tests' reading of it). */
export function cellText(type: CellType, v: Cell): string {
  if (v === null) return '';
  if (type === 'euro' && typeof v === 'number') return formatAmount(v);
  if (type === 'date' && typeof v === 'string') return formatFinnishDate(v);
  return String(v);
}
