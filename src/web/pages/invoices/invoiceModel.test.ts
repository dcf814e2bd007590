import { describe, expect, it } from 'vitest';
import { creditDefaults } from './creditModel';
import { centsToTyped, draftKey, emptyDraft, localErrors, previewBody, rowField, saveBody } from './invoiceModel';

const rows = [
  { title: 'Jäsenmaksu', amount_c: 3000, vat_percent: 0 },
  { title: 'Lehti', amount_c: 1250, vat_percent: 10 },
];

describe('credit form defaults', () => {
  it('prefills every row in full when nothing is paid', () => {
    expect(creditDefaults(rows, 4250)).toEqual(['30', '12,50']);
  });
  it('prefills the open part in row order, each row at most its amount', () => {
    expect(creditDefaults(rows, 3500)).toEqual(['30', '5']);
    expect(creditDefaults(rows, 0)).toEqual(['0', '0']);
  });
});

describe('invoice composer model', () => {
  const today = '2026-11-24';
  it('defaults the due date to 14 days ahead in d.M.yyyy', () => {
    expect(emptyDraft(today).date_due).toBe('8.12.2026');
    expect(emptyDraft('2026-12-25').date_due).toBe('8.1.2027');
  });
  it('writes cents as typed amounts', () => {
    expect(centsToTyped(2550)).toBe('25,50');
    expect(centsToTyped(2500)).toBe('25');
  });
  it('sends the due date as ISO and 0 % VAT when not VAT-obliged', () => {
    const d = { ...emptyDraft(today), subject: 'Jäsenmaksu 2027', rows: [{ title: 'Jäsenmaksu', amount_with_vat: '30', vat_percent: 25.5 }] };
    expect(previewBody(d, false)?.date_due).toBe('2026-12-08');
    expect(previewBody(d, false)?.invoice_rows_?.[0]?.vat_percent).toBe(0);
    expect(saveBody(d, true, { id: 5, send: true, confirmed: true })).toMatchObject({ id: 5, send: true, confirmed: true, invoice_rows_: [{ vat_percent: 25.5 }] });
    expect(previewBody({ ...d, date_due: '31.2.2026' }, false)).toBeNull();
  });
  it('keys row errors by row index and field, and refuses a past due date', () => {
    const d = { ...emptyDraft(today), rows: [{ title: '', amount_with_vat: '12,345', vat_percent: 0 }], date_due: '1.1.2026' };
    expect(localErrors(d, today)).toEqual({
      subject: '_validation_field_required',
      [rowField(0, 'title')]: '_validation_field_required',
      [rowField(0, 'amount_with_vat')]: 'invoice_amount_invalid',
      date_due: 'invoice_due_in_past',
    });
    expect(rowField(0, 'title')).toBe('invoice_rows_.0.title');
  });
  it('sees a changed row as unsaved', () => {
    const d = emptyDraft(today);
    expect(draftKey(d)).not.toBe(draftKey({ ...d, rows: [{ ...d.rows[0]!, amount_with_vat: '5' }] }));
  });
});
