import { describe, expect, it } from 'vitest';
import { breakdownOf, composeInvoice, parseRows, type ComposeInput } from './compose';

// The composing rules of an invoice, one at a time.

const base: ComposeInput = {
  rows: [{ title: 'Jäsenmaksu', amount_with_vat: '25,00', vat_percent: 0 }],
  subject: 'Jäsenmaksu 2026',
  description: '<p>Hei</p>',
  date_due: '2026-03-01',
  invoice_date: '2026-02-01',
  today: '2026-02-01',
  vat_obliged: true,
  sending: true,
  confirmed: false,
};
const run = (over: Partial<ComposeInput>) => composeInvoice({ ...base, ...over });

describe('invoice rows', () => {
  it('parses Finnish amounts to cents with VAT', () => {
    const { rows, errors } = parseRows(
      [
        { title: 'A', amount_with_vat: '1 234,5', vat_percent: 25.5 },
        { title: 'B', amount_with_vat: '10', vat_percent: 13.5 },
        { title: 'C', amount_with_vat: '0,99 €', vat_percent: 0 },
      ],
      '2026-02-01',
      true,
    );
    expect(errors).toEqual({});
    expect(rows).toEqual([
      { title: 'A', amount_c: 123_450, vat_percent: 25.5 },
      { title: 'B', amount_c: 1000, vat_percent: 13.5 },
      { title: 'C', amount_c: 99, vat_percent: 0 },
    ]);
  });

  it('refuses amounts that are not euros or not above zero, keyed by row index', () => {
    const { errors } = parseRows(
      [
        { title: 'A', amount_with_vat: '12,345', vat_percent: 0 },
        { title: 'B', amount_with_vat: '0', vat_percent: 0 },
        { title: 'C', amount_with_vat: '-5', vat_percent: 0 },
        { title: 'D', amount_with_vat: '5', vat_percent: 0 },
      ],
      '2026-02-01',
      true,
    );
    expect(errors).toEqual({
      'invoice_rows_.0.amount_with_vat': ['invoice_amount_invalid'],
      'invoice_rows_.1.amount_with_vat': ['invoice_amount_invalid'],
      'invoice_rows_.2.amount_with_vat': ['invoice_amount_invalid'],
    });
  });

  it('accepts only the VAT rates valid on the invoice date', () => {
    const rows = [
      { title: 'A', amount_with_vat: '10', vat_percent: 24 },
      { title: 'B', amount_with_vat: '10', vat_percent: 14 },
      { title: 'C', amount_with_vat: '10', vat_percent: 25.5 },
    ];
    expect(parseRows(rows, '2026-02-01', true).errors).toEqual({
      'invoice_rows_.0.vat_percent': ['invoice_vat_rate_invalid'],
      'invoice_rows_.1.vat_percent': ['invoice_vat_rate_invalid'],
    });
    // 2024 before September: 24 % and 14 % were in force, 25,5 % not yet.
    expect(parseRows(rows, '2024-06-01', true).errors).toEqual({ 'invoice_rows_.2.vat_percent': ['invoice_vat_rate_invalid'] });
  });

  it('invoices without VAT when the association is not VAT-registered, whatever rate was sent', () => {
    const { rows, errors } = parseRows(
      [
        { title: 'A', amount_with_vat: '10', vat_percent: 24 },
        { title: 'B', amount_with_vat: '20', vat_percent: 25.5 },
      ],
      '2026-02-01',
      false,
    );
    expect(errors).toEqual({});
    expect(rows.map((r) => r.vat_percent)).toEqual([0, 0]);
    expect(breakdownOf(rows)).toEqual([{ vat_percent: 0, net_c: 3000, vat_c: 0, gross_c: 3000 }]);
  });
});

describe('VAT breakdown', () => {
  it('splits per rate to the cent, net + VAT = gross for every rate and in total', () => {
    const rows = [
      { amount_c: 2500, vat_percent: 25.5 },
      { amount_c: 1001, vat_percent: 25.5 },
      { amount_c: 1000, vat_percent: 13.5 },
      { amount_c: 333, vat_percent: 10 },
      { amount_c: 500, vat_percent: 0 },
    ];
    const b = breakdownOf(rows);
    expect(b.map((r) => r.vat_percent)).toEqual([0, 10, 13.5, 25.5]);
    // 35,01 € at 25,5 %: VAT = 3501 × 25,5 / 125,5 = 711,35… → 711 c.
    expect(b[3]).toEqual({ vat_percent: 25.5, net_c: 2790, vat_c: 711, gross_c: 3501 });
    expect(b[2]).toEqual({ vat_percent: 13.5, net_c: 881, vat_c: 119, gross_c: 1000 });
    expect(b[1]).toEqual({ vat_percent: 10, net_c: 303, vat_c: 30, gross_c: 333 });
    for (const r of b) expect(r.net_c + r.vat_c).toBe(r.gross_c);
    expect(b.reduce((s, r) => s + r.gross_c, 0)).toBe(rows.reduce((s, r) => s + r.amount_c, 0));
  });
});

describe('composeInvoice', () => {
  it('composes a valid invoice: total, breakdown, pages', () => {
    const { composed, errors } = run({ description: '<p>1</p><hr><p>2</p><hr /><p>3</p>' });
    expect(errors).toEqual({});
    expect(composed).toMatchObject({ amount_c: 2500, needs_confirmation: false, pages: 4 });
    expect(composed.vat_breakdown).toEqual([{ vat_percent: 0, net_c: 2500, vat_c: 0, gross_c: 2500 }]);
  });

  it('needs at least one row', () => {
    expect(run({ rows: [] }).errors).toEqual({ invoice_rows_: ['invoice_rows_required'] });
  });

  it('asks for confirmation above 9 999 € and refuses 100 000 € or more', () => {
    const row = (amount: string) => [{ title: 'Iso', amount_with_vat: amount, vat_percent: 0 }];
    expect(run({ rows: row('9999,00') }).composed.needs_confirmation).toBe(false);
    expect(run({ rows: row('9999,00') }).errors).toEqual({});
    const big = run({ rows: row('9999,01') });
    expect(big.composed.needs_confirmation).toBe(true);
    expect(big.errors).toEqual({ general: ['invoice_needs_confirmation'] });
    expect(run({ rows: row('9999,01'), confirmed: true }).errors).toEqual({});
    // Preview and drafts only report it.
    expect(run({ rows: row('9999,01'), sending: false }).errors).toEqual({});
    expect(run({ rows: row('99999,99'), confirmed: true }).errors).toEqual({});
    expect(run({ rows: [...row('50000'), ...row('50000')], confirmed: true }).errors).toEqual({ invoice_rows_: ['invoice_total_too_large'] });
    expect(run({ rows: row('100000'), confirmed: true }).composed.needs_confirmation).toBe(false);
  });

  it('refuses a due date in the past (Helsinki today), accepts today', () => {
    expect(run({ date_due: '2026-01-31' }).errors).toEqual({ date_due: ['invoice_due_in_past'] });
    expect(run({ date_due: '2026-02-01' }).errors).toEqual({});
  });

  it('refuses more than 16 pages', () => {
    const pages = (n: number) => Array.from({ length: n }, (_, i) => `<p>Sivu ${i}</p>`).join('<hr>');
    expect(run({ description: pages(15) }).errors).toEqual({});
    expect(run({ description: pages(16) }).errors).toEqual({ description: ['invoice_too_many_pages'] });
  });

  it('requires a subject when sending only', () => {
    expect(run({ subject: '  ' }).errors).toEqual({ subject: ['_validation_field_required'] });
    expect(run({ subject: '', sending: false }).errors).toEqual({});
  });
});
