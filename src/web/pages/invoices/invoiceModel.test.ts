import { describe, expect, it } from 'vitest';
import { creditDefaults } from './creditModel';
import { centsToTyped, draftKey, emptyDraft, localErrors, previewBody, recipientsOnlyBody, rowField, saveBody } from './invoiceModel';

const rows = [
  { title: 'Jäsenmaksu', amount_c: 3000, vat_percent: 0 },
  { title: 'Lehti', amount_c: 1250, vat_percent: 10 },
];

describe('credit form defaults', () => {
  const open = (amount_open_c: number, paid = 0, credited = 0) => ({ amount_c: 4250, amount_paid_c: paid, amount_credited_c: credited, amount_open_c });
  const credit = (a: number, b: number) => ({ action_type: 'credit' as const, rows: [{ title: 'Jäsenmaksu', amount_c: a, vat_percent: 0 }, { title: 'Lehti', amount_c: b, vat_percent: 10 }] });
  it('prefills every row in full when nothing is paid', () => {
    expect(creditDefaults(rows, open(4250), [])).toEqual(['30', '12,50']);
  });
  it('prefills the open part in row order, each row at most its amount', () => {
    const single = rows.map((r) => ({ ...r, vat_percent: 0 }));
    expect(creditDefaults(single, open(3500, 750), [])).toEqual(['30', '5']);
    expect(creditDefaults(single, open(0, 4250), [])).toEqual(['0', '0']);
  });
  it('leaves out what earlier credits took of each row', () => {
    // 10 € of the fee was credited before: the fee row offers its remaining 20 €.
    expect(creditDefaults(rows, open(3250, 0, 1000), [credit(1000, 0), { action_type: 'manual_payment' as const, rows: null }])).toEqual(['20', '12,50']);
  });
  it('keeps a partly paid multi-VAT invoice within its open amount on every row', () => {
    expect(creditDefaults(rows, open(1000, 3250), [])).toEqual(['10', '0']);
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
  it('counts recipients with a harmless row while the draft itself cannot be previewed', () => {
    const d = { ...emptyDraft(today), subject: 'Iso lasku', description: '<p>x</p>', rows: [{ title: '', amount_with_vat: '12,345', vat_percent: 24 }], filter: [{ field: 'lastname', op: 'is', value: 'Virtanen' }] as never, addrecips: [7] };
    const body = previewBody(d, true)!;
    expect(recipientsOnlyBody(body, today)).toEqual({ ...body, description: '', invoice_rows_: [{ title: '-', amount_with_vat: '1', vat_percent: 0 }], date_due: '2026-12-08' });
  });
  it('sees a changed row as unsaved', () => {
    const d = emptyDraft(today);
    expect(draftKey(d)).not.toBe(draftKey({ ...d, rows: [{ ...d.rows[0]!, amount_with_vat: '5' }] }));
  });
});
