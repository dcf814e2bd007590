import { describe, expect, it } from 'vitest';
import { adminContext, type AdminContext } from '../../test/adminContext';
import { testDialect } from '../../test/harness';
import { sentInvoice } from '../../test/factories/invoice';
import { delivered, vatObliged } from '../../test/factories/invoice-actions';
import { createReference } from '../../../shared/finnish/reference';

// Hand actions on invoice instances over the API: marks, manual payments, credits, the fake
// bank row, the instance's action list and the credit invoice by number.

const logLines = (ctx: AdminContext, event: string) =>
  ctx.t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', ctx.tenant.tenant.id).where('event', '=', event).execute();

describe(`invoice actions (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Toimenpideseura ry' });
  const { admin } = ctx;
  const action = (instance_id: number, action_type: string, extra: Record<string, unknown> = {}) => admin.post('/api/1/invoices/add_action', { instance_id, action_type, ...extra });
  const actionsOf = (instance_id: number) => admin.post('/api/1/invoices/get_invoice_instance_actions', { instance_id });

  it('manual payments: partial is underpaid, the rest paid, a negative amount corrects; each an action with author and a log line', async () => {
    const { invoiceId, instanceIds } = await sentInvoice(ctx, { members: 1 });
    await delivered(ctx, invoiceId);
    const id = instanceIds[0]!;
    const before = (await logLines(ctx, 'invoice_action_added')).length;
    let r = await action(id, 'manual_payment', { amount: '10,00', comment: 'Käteisellä' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.instance).toMatchObject({ status_c: 'underpaid', amount_paid_c: 1000, amount_open_c: 1500 });
    expect(r.body.action).toMatchObject({ action_type: 'manual_payment', amount_c: 1000, comment: 'Käteisellä', author: expect.stringMatching(/\S/) });
    r = await action(id, 'manual_payment', { amount: '15' });
    expect(r.body.instance).toMatchObject({ status_c: 'paid', amount_open_c: 0 });
    r = await action(id, 'manual_payment', { amount: '-5,00', comment: 'Väärä summa' });
    expect(r.body.instance).toMatchObject({ status_c: 'underpaid', amount_paid_c: 2000, amount_open_c: 500 });
    expect((await logLines(ctx, 'invoice_action_added')).length).toBe(before + 3);

    expect((await action(id, 'manual_payment', { amount: '0' })).body).toEqual({ errors: { amount: ['invoice_payment_zero'] } });
    expect((await action(id, 'manual_payment', { amount: '1,234' })).body).toEqual({ errors: { amount: ['invoice_payment_amount_invalid'] } });
    expect((await action(id, 'manual_payment', { amount: '-20,01' })).body).toEqual({ errors: { amount: ['invoice_payment_below_zero'] } });

    const list = await actionsOf(id);
    expect(list.status).toBe(200);
    expect(list.body.actions.map((a: { action_type: string; amount_c: number }) => [a.action_type, a.amount_c])).toEqual([
      ['manual_payment', 1000],
      ['manual_payment', 1500],
      ['manual_payment', -500],
    ]);
  });

  it('marks: paid, unpaid again, cancelled and its undo; refused where they do not fit (422)', async () => {
    const { invoiceId, instanceIds } = await sentInvoice(ctx, { members: 1 });
    await delivered(ctx, invoiceId);
    const id = instanceIds[0]!;
    expect((await actionsOf(id)).body.allowed).toEqual(['mark_paid', 'mark_cancelled', 'manual_payment', 'credit']);
    expect((await action(id, 'mark_paid')).body.instance).toMatchObject({ status_c: 'paid', amount_open_c: 0 });
    const again = await action(id, 'mark_paid');
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ errors: { general: ['invoice_action_not_allowed'] } });
    expect((await action(id, 'mark_cancelled')).status).toBe(422);
    // mark_paid_cancel only when the bank has paid too; the plain mark is undone by mark_pending.
    expect((await action(id, 'mark_paid_cancel')).status).toBe(422);
    expect((await actionsOf(id)).body.allowed).toEqual(['mark_pending', 'manual_payment', 'credit']);
    expect((await action(id, 'mark_pending')).body.instance).toMatchObject({ status_c: 'pending', amount_open_c: 2500 });
    expect((await action(id, 'mark_cancelled', { comment: 'Erosi' })).body.instance).toMatchObject({ status_c: 'cancelled', amount_open_c: 0 });
    expect((await action(id, 'mark_paid')).status).toBe(422);
    expect((await action(id, 'manual_payment', { amount: '5' })).status).toBe(422);
    expect((await action(id, 'mark_pending')).body.instance).toMatchObject({ status_c: 'pending' });
  });

  it('mark_paid_cancel: only when exactly a paid mark and a bank payment exist (reminders aside)', async () => {
    const { invoiceId, instanceIds } = await sentInvoice(ctx, { members: 1 });
    await delivered(ctx, invoiceId);
    const id = instanceIds[0]!;
    await action(id, 'mark_paid');
    const bank = await admin.post('/api/1/invoices/add_fake_bank_row', { instance_id: id, amount: '10', pay_date: '2026-01-02', payer_name: 'Maksaja' });
    expect(bank.status, JSON.stringify(bank.body)).toBe(200);
    expect((await actionsOf(id)).body.allowed).toContain('mark_paid_cancel');
    const r = await action(id, 'mark_paid_cancel');
    expect(r.status).toBe(200);
    expect(r.body.instance).toMatchObject({ status_c: 'underpaid', amount_paid_c: 1000, amount_open_c: 1500 });
    // Now three events: no second cancel.
    await action(id, 'mark_paid');
    expect((await action(id, 'mark_paid_cancel')).status).toBe(422);
  });

  it('the fake bank row books a sync_payment with a TEST archive id; the amount is checked', async () => {
    const { invoiceId, instanceIds } = await sentInvoice(ctx, { members: 1 });
    await delivered(ctx, invoiceId);
    const id = instanceIds[0]!;
    const r = await admin.post('/api/1/invoices/add_fake_bank_row', { instance_id: id, amount: '12.5', pay_date: '2026-02-03', payer_name: 'Matti Maksaja' });
    expect(r.status).toBe(200);
    expect(r.body.action).toMatchObject({ action_type: 'sync_payment', amount_c: 1250, pay_date: '2026-02-03', payer_name: 'Matti Maksaja', archive_id: expect.stringMatching(/^TEST-/) });
    expect(r.body.instance).toMatchObject({ status_c: 'underpaid', amount_paid_c: 1250 });
    const rest = await admin.post('/api/1/invoices/add_fake_bank_row', { instance_id: id, amount: '12,50', pay_date: '2026-02-04', payer_name: '' });
    expect(rest.body.instance).toMatchObject({ status_c: 'paid' });
    for (const amount of ['12,555', 'abc', '1 000', '+5']) {
      const bad = await admin.post('/api/1/invoices/add_fake_bank_row', { instance_id: id, amount, pay_date: '2026-02-04', payer_name: '' });
      expect(bad.status, amount).toBe(400);
      expect(bad.body.errors.amount).toEqual(['invoice_amount_invalid']);
    }
  });

  it('credits in part: a numbered credit invoice with its own reference, negative rows; the original partly credited', async () => {
    const { invoiceId, instanceIds } = await sentInvoice(ctx, {
      members: 1,
      rows: [
        { title: 'Jäsenmaksu', amount_with_vat: '20,00', vat_percent: 0 },
        { title: 'Liittymismaksu', amount_with_vat: '10,00', vat_percent: 0 },
      ],
    });
    await delivered(ctx, invoiceId);
    const id = instanceIds[0]!;
    const before = (await logLines(ctx, 'invoice_credited')).length;
    const r = await action(id, 'credit', { rows: [{ amount: '5,00' }, { amount: '' }], comment: 'Alennus' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.instance).toMatchObject({ status_c: 'partially_credited', amount_credited_c: 500, amount_open_c: 2500 });
    expect(r.body.action).toMatchObject({ action_type: 'credit', amount_c: 500, comment: 'Alennus', credit_invoice_number: expect.any(Number), credit_instance_id: expect.any(Number) });
    expect(r.body.action.rows).toEqual([
      { title: 'Jäsenmaksu', amount_c: 500, vat_percent: 0 },
      { title: 'Liittymismaksu', amount_c: 0, vat_percent: 0 },
    ]);
    expect((await logLines(ctx, 'invoice_credited')).length).toBe(before + 1);
    const number = r.body.action.credit_invoice_number as number;
    const original = (await actionsOf(id)).body.instance;
    expect(number).toBeGreaterThan(original.invoice_number);

    const credit = await admin.post('/api/1/invoices/get_credit_invoice', { iinumber: number });
    expect(credit.status).toBe(200);
    expect(credit.body).toMatchObject({
      instance: { kind: 'credit', credit_of: id, invoice_number: number, reference: createReference(String(number)), amount_c: -500, status_c: 'credit_invoice', amount_open_c: 0 },
      rows: [{ title: 'Jäsenmaksu', amount_c: -500, vat_percent: 0 }],
      vat_breakdown: [{ vat_percent: 0, net_c: -500, vat_c: 0, gross_c: -500 }],
      comment: 'Alennus',
      original_invoice_number: original.invoice_number,
      invoice_id: invoiceId,
    });
    // Later credits take what is left of each row.
    const over = await action(id, 'credit', { rows: [{ amount: '15,01' }, { amount: '' }] });
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual({ 'rows.0.amount': ['credit_row_exceeds'] });
    const rest = await action(id, 'credit', { rows: [{ amount: '15' }, { amount: '10' }] });
    expect(rest.body.instance).toMatchObject({ status_c: 'credited', amount_open_c: 0 });
    expect((await action(id, 'credit', { rows: [{ amount: '1' }] })).status).toBe(422);
    // A credit invoice takes no actions, and an invoice's own number is no credit invoice.
    expect((await action(r.body.action.credit_instance_id, 'mark_paid')).status).toBe(422);
    expect((await admin.post('/api/1/invoices/get_credit_invoice', { iinumber: original.invoice_number })).status).toBe(404);
  });

  it('credits a multi-VAT invoice only in full; partly paid, exactly its open amount', async () => {
    const rows = [
      { title: 'Jäsenmaksu', amount_with_vat: '20,00', vat_percent: 0 },
      { title: 'Jäsenlehti', amount_with_vat: '11,00', vat_percent: 10 },
    ];
    await vatObliged(ctx);
    const { invoiceId, instanceIds } = await sentInvoice(ctx, { members: 2, rows });
    await delivered(ctx, invoiceId);
    const [a, b] = instanceIds as [number, number];
    const part = await action(a, 'credit', { rows: [{ amount: '20' }, { amount: '' }] });
    expect(part.body.errors).toEqual({ general: ['credit_multi_vat_full_only'] });
    const full = await action(a, 'credit', { rows: [{ amount: '20' }, { amount: '11' }] });
    expect(full.body.instance).toMatchObject({ status_c: 'credited' });
    const credit = await admin.post('/api/1/invoices/get_credit_invoice', { iinumber: full.body.action.credit_invoice_number });
    expect(credit.body.vat_breakdown).toEqual([
      { vat_percent: 0, net_c: -2000, vat_c: 0, gross_c: -2000 },
      { vat_percent: 10, net_c: -1000, vat_c: -100, gross_c: -1100 },
    ]);

    await action(b, 'manual_payment', { amount: '21' });
    const wrong = await action(b, 'credit', { rows: [{ amount: '5' }, { amount: '' }] });
    expect(wrong.body.errors).toEqual({ general: ['credit_total_must_equal_open'] });
    const tooMuch = await action(b, 'credit', { rows: [{ amount: '10,01' }, { amount: '' }] });
    expect(tooMuch.body.errors).toEqual({ 'rows.0.amount': ['credit_row_exceeds'] });
    const ok = await action(b, 'credit', { rows: [{ amount: '5' }, { amount: '5' }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.instance).toMatchObject({ status_c: 'paid', amount_open_c: 0, amount_credited_c: 1000 });
  });

  it('parallel marks of one instance: one succeeds, the others are refused', async () => {
    const { invoiceId, instanceIds } = await sentInvoice(ctx, { members: 1 });
    await delivered(ctx, invoiceId);
    const id = instanceIds[0]!;
    const replies = await Promise.all([1, 2, 3, 4].map(() => action(id, 'mark_paid')));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 422, 422, 422]);
    const marks = await ctx.t.deps.db.selectFrom('invoice_actions').select('id').where('instance_id', '=', id).execute();
    expect(marks).toHaveLength(1);
  });

  it('answers 404 for unknown instances and credit invoices', async () => {
    expect((await action(999_999, 'mark_paid')).status).toBe(404);
    expect((await actionsOf(999_999)).status).toBe(404);
    expect((await admin.post('/api/1/invoices/add_fake_bank_row', { instance_id: 999_999, amount: '1', pay_date: '2026-01-01' })).status).toBe(404);
    expect((await admin.post('/api/1/invoices/get_credit_invoice', { iinumber: 999_999 })).status).toBe(404);
  });
});
