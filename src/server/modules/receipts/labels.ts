import { formatFinnishDate } from '../../../shared/finnish/date';
import type { Receipt } from '../../../shared/schemas/payments';
import { helsinkiDate } from './dates';

// Finnish words of a receipt, shared by its PDF, its email and the transaction report.

export const KIND_LABELS: Record<string, string> = { balance_purchase: 'Saldon osto', message: 'Viestien lähetys' };
export const METHOD_LABELS: Record<Receipt['method'], string> = { balance: 'Saldo', online: 'Verkkomaksu' };

export const kindLabel = (kind: string): string => KIND_LABELS[kind] ?? kind;
/** "5.3.2026", the Helsinki day of the payment. */
export const receiptDate = (r: Pick<Receipt, 'at'>): string => formatFinnishDate(helsinkiDate(r.at));
/** "25,5 %" */
export const vatLabel = (percent: number): string => `${String(percent).replace('.', ',')} %`;
