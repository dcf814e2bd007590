import { createReference } from '../../../../shared/finnish/reference';
import type { InvoicePdfInput } from './invoice-pdf';

// A realistic invoice input for the PDF tests and the bench (no database needed).

export const SAMPLE_IBAN = 'FI21 1234 5600 0007 85';

export function sampleInvoice(over: Partial<InvoicePdfInput> = {}): InvoicePdfInput {
  return {
    kind: 'invoice',
    seller: { name: 'Kotiseutuyhdistys Pihlaja ry', addressLines: ['Kirkkotie 4', '00100 Helsinki'], businessId: '0112038-9', vatObliged: true, iban: SAMPLE_IBAN, email: 'rahastonhoitaja@pihlaja.fi' },
    recipient: { name: 'Maija Meikäläinen', addressLines: ['Mäntytie 12 B 5', '33100 Tampere'] },
    invoiceNumber: 1042,
    invoiceDate: '2026-11-24',
    dueDate: '2026-12-08',
    reference: createReference('1042'),
    subject: 'Jäsenmaksu 2027',
    rows: [
      { title: 'Jäsenmaksu 2027', amount_c: 2500, vat_percent: 0 },
      { title: 'Kevätretki (bussi ja ruokailu)', amount_c: 4550, vat_percent: 13.5 },
      { title: 'Yhdistyksen t-paita', amount_c: 1990, vat_percent: 25.5 },
    ],
    total_c: 9040,
    description: '<h2>Hyvä jäsen</h2><p>Tässä vuoden 2027 jäsenmaksu ja kevätretken maksu.</p><hr><p>Toinen sivu: <strong>retken ohjelma</strong>.</p>',
    ...over,
  };
}
