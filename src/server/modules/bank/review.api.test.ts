import { describe, expect, it } from 'vitest';
import { adminContext, type AdminContext } from '../../test/adminContext';
import { testDialect } from '../../test/harness';
import { delivered } from '../../test/factories/invoice-actions';
import { appliedStatement, type PaymentSeed } from '../../test/factories/bank-payments';
import { camt054 } from '../../test/factories/bank-statements';
import { uploadStatement } from '../../test/factories/bank-upload';
import { sentInvoice, testIban } from '../../test/factories/invoice';
import { BANK_PAGE_SIZE } from '../../../shared/constants';

// The review of bank payments an applied statement did not book: the waiting list with its
// suggestions as they stand now, assigning (accepting the suggestion, or any other instance)
// and dismissing with a comment, each logged; and what is refused.

const logLines = (ctx: AdminContext, event: string) =>
  ctx.t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', ctx.tenant.tenant.id).where('event', '=', event).orderBy('id').execute();

describe(`bank payment review (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Tarkastusseura ry' });
  const { admin } = ctx;
  const db = () => ctx.t.deps.db;
  const statement = (seeds: PaymentSeed[]) => appliedStatement(db(), ctx.tenant.tenant.id, seeds);
  const list = (page = 0) => admin.post('/api/1/invoices/bank/unmatched', { page });
  const assign = (payment_id: number, instance_id: number) => admin.post('/api/1/invoices/bank/assign', { payment_id, instance_id });
  const dismiss = (payment_id: number, comment?: string) => admin.post('/api/1/invoices/bank/dismiss', { payment_id, ...(comment === undefined ? {} : { comment }) });
  const instance = async (id: number) => (await admin.post('/api/1/invoices/get_invoice_instance_actions', { instance_id: id })).body;
  const payment = (id: number) => db().selectFrom('bank_payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sent = async (members = 1) => {
    const s = await sentInvoice(ctx, { members });
    await delivered(ctx, s.invoiceId);
    return s;
  };
  /** Clears the waiting list, so each test sees only its own payments. */
  const clearWaiting = () => db().updateTable('bank_payments').set({ state: 'dismissed' }).where('tenant_id', '=', ctx.tenant.tenant.id).where('state', 'in', ['suggested', 'unmatched']).execute();

  it('lists the waiting payments oldest first with their suggestion at its current open amount, count and total of all waiting', async () => {
    await clearWaiting();
    expect((await list()).body).toEqual({ results: [], count: 0, total_c: 0 });
    const { instanceIds } = await sent(2);
    const [x, y] = instanceIds as [number, number];
    const ref = (await db().selectFrom('invoice_instances').select('reference').where('id', '=', x).executeTakeFirstOrThrow()).reference;
    const { statementId, paymentIds } = await statement([
      { amount_c: 2500, booking_date: '2026-03-05', reference: '12345', payer_name: 'Laskutettava Maksaja', suggested_instance_id: x, suggestion_reason: 'reference_typo' },
      { amount_c: 700, booking_date: '2026-03-01', payer_name: 'Tuntematon Maksaja', message: 'Kevään retki' },
      { amount_c: 2500, booking_date: '2026-03-02', state: 'booked' },
      { amount_c: 2500, booking_date: '2026-03-03', suggested_instance_id: y, suggestion_reason: 'name_and_amount' },
    ]);
    // The instance gets 10 € by hand meanwhile: the suggestion shows what is open now.
    expect((await admin.post('/api/1/invoices/add_action', { instance_id: x, action_type: 'manual_payment', amount: '10' })).status).toBe(200);
    // The other suggested instance is cancelled: no longer open, so no suggestion.
    expect((await admin.post('/api/1/invoices/add_action', { instance_id: y, action_type: 'mark_cancelled' })).status).toBe(200);

    const r = await list();
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.count).toBe(3);
    expect(r.body.total_c).toBe(2500 + 700 + 2500);
    expect(r.body.results.map((p: { payment_id: number }) => p.payment_id)).toEqual([paymentIds[1], paymentIds[3], paymentIds[0]]);
    const [unknown, closed, typo] = r.body.results;
    expect(unknown).toMatchObject({ statement_id: statementId, state: 'unmatched', amount_c: 700, payer_name: 'Tuntematon Maksaja', message: 'Kevään retki', reference: null, suggestion: null });
    expect(unknown.key).toBe(unknown.archive_id);
    expect(closed).toMatchObject({ state: 'suggested', suggestion: null });
    expect(typo).toMatchObject({ state: 'suggested', reference: '12345', booking_date: '2026-03-05' });
    expect(typo.suggestion).toEqual({
      reason: 'reference_typo',
      instance: {
        instance_id: x,
        invoice_id: expect.any(Number),
        person_id: expect.any(Number),
        invoice_number: expect.any(Number),
        name: expect.stringMatching(/Laskutettava/),
        reference: ref,
        subject: 'Jäsenmaksu',
        amount_open_c: 1500,
        amount_c: 2500,
      },
    });
    expect((await list(1)).body).toEqual({ results: [], count: 3, total_c: 5700 });
  });

  it(`pages by ${BANK_PAGE_SIZE}`, async () => {
    await clearWaiting();
    await statement(Array.from({ length: BANK_PAGE_SIZE + 2 }, (_, i) => ({ amount_c: 100 + i, booking_date: `2026-04-${String(1 + (i % 28)).padStart(2, '0')}` })));
    const first = (await list(0)).body;
    const second = (await list(1)).body;
    expect(first.results).toHaveLength(BANK_PAGE_SIZE);
    expect(second.results).toHaveLength(2);
    expect(first.count).toBe(BANK_PAGE_SIZE + 2);
    const dates = [...first.results, ...second.results].map((p: { booking_date: string }) => p.booking_date);
    expect(dates).toEqual([...dates].sort());
    expect(new Set([...first.results, ...second.results].map((p: { payment_id: number }) => p.payment_id)).size).toBe(BANK_PAGE_SIZE + 2);
  });

  it('accepting the suggestion books a sync_payment with the payment and the statement batch; logged as accepted', async () => {
    const { instanceIds } = await sent(1);
    const x = instanceIds[0]!;
    const { batchId, paymentIds } = await statement([
      { amount_c: 2500, booking_date: '2026-02-10', payer_name: 'Laskutettava Maksaja', reference: '1234', message: 'jäsenmaksu', suggested_instance_id: x, suggestion_reason: 'message_mentions' },
    ]);
    const pid = paymentIds[0]!;
    const before = (await logLines(ctx, 'bank_payment_accepted')).length;
    const r = await assign(pid, x);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ payment_id: pid, instance_id: x, state: 'assigned' });
    const p = await payment(pid);
    expect(p).toMatchObject({ state: 'assigned', match_kind: 'suggestion', decided_by: ctx.tenant.admin.id, decided_at: expect.any(String) });
    const inst = await instance(x);
    expect(inst.instance).toMatchObject({ status_c: 'paid', amount_paid_c: 2500, amount_open_c: 0 });
    expect(inst.actions).toEqual([
      expect.objectContaining({ action_type: 'sync_payment', amount_c: 2500, pay_date: '2026-02-10', payer_name: 'Laskutettava Maksaja', archive_id: p.archive_id, batch_id: batchId }),
    ]);
    const action = await db().selectFrom('invoice_actions').selectAll().where('instance_id', '=', x).executeTakeFirstOrThrow();
    expect(action).toMatchObject({ bank_payment_id: pid, author_id: ctx.tenant.admin.id, combined: 0 });
    const lines = await logLines(ctx, 'bank_payment_accepted');
    expect(lines.length).toBe(before + 1);
    expect(lines.at(-1)).toMatchObject({ context: 'invoices', author_id: ctx.tenant.admin.id });
    expect(JSON.parse(lines.at(-1)!.data)).toEqual([
      {
        field: 'bank_payment',
        new: expect.objectContaining({ payment_id: pid, archive_id: p.archive_id, amount_c: 2500, instance_id: x, action_type: 'sync_payment', reason: 'message_mentions' }),
      },
    ]);
    expect((await list()).body.results.map((q: { payment_id: number }) => q.payment_id)).not.toContain(pid);
  });

  it('assigning to another instance books a manual_payment of the whole amount; logged as assigned', async () => {
    const { instanceIds } = await sent(2);
    const [x, y] = instanceIds as [number, number];
    const { batchId, paymentIds } = await statement([
      { amount_c: 3000, booking_date: '2026-02-11', payer_name: 'Joku Muu' },
      { amount_c: 1000, booking_date: '2026-02-12', payer_name: 'Ehdotettu', suggested_instance_id: x },
    ]);
    const [unknown, suggested] = paymentIds as [number, number];
    const before = (await logLines(ctx, 'bank_payment_assigned')).length;
    expect((await assign(unknown, x)).body).toEqual({ payment_id: unknown, instance_id: x, state: 'assigned' });
    // A suggested payment put elsewhere than suggested is the treasurer's own assignment.
    expect((await assign(suggested, y)).status).toBe(200);
    const ix = await instance(x);
    expect(ix.instance).toMatchObject({ status_c: 'overpaid', amount_paid_c: 3000 });
    expect(ix.actions).toEqual([expect.objectContaining({ action_type: 'manual_payment', amount_c: 3000, pay_date: '2026-02-11', payer_name: 'Joku Muu', batch_id: batchId })]);
    expect((await instance(y)).instance).toMatchObject({ status_c: 'underpaid', amount_paid_c: 1000, amount_open_c: 1500 });
    expect(await payment(unknown)).toMatchObject({ state: 'assigned', match_kind: 'assigned' });
    expect(await payment(suggested)).toMatchObject({ state: 'assigned', match_kind: 'assigned' });
    const lines = await logLines(ctx, 'bank_payment_assigned');
    expect(lines.length).toBe(before + 2);
    expect(JSON.parse(lines.at(-2)!.data)[0].new).toMatchObject({ payment_id: unknown, instance_id: x, amount_c: 3000, payer_name: 'Joku Muu', action_type: 'manual_payment' });
  });

  it('refuses: a decided payment (422), an unknown payment or instance (404), a credit invoice or a cancelled instance (422)', async () => {
    const { instanceIds } = await sent(2);
    const [x, y] = instanceIds as [number, number];
    const { paymentIds } = await statement([{ amount_c: 500 }, { amount_c: 600 }, { amount_c: 700, state: 'booked' }]);
    const [a, b, booked] = paymentIds as [number, number, number];
    const refused = (r: { status: number; body: unknown }, key: string) => {
      expect(r.status, JSON.stringify(r.body)).toBe(422);
      expect(r.body).toEqual({ errors: { general: [key] } });
    };
    refused(await assign(booked, x), 'bank_payment_already_decided');
    refused(await dismiss(booked, 'turha'), 'bank_payment_already_decided');
    expect((await assign(a, x)).status).toBe(200);
    refused(await assign(a, x), 'bank_payment_already_decided');
    refused(await assign(a, y), 'bank_payment_already_decided');
    refused(await dismiss(a, 'myöhässä'), 'bank_payment_already_decided');
    expect((await assign(999_999, x)).status).toBe(404);
    expect((await assign(b, 999_999)).status).toBe(404);
    expect((await dismiss(999_999, 'ei ole')).status).toBe(404);

    const credit = await admin.post('/api/1/invoices/add_action', { instance_id: y, action_type: 'credit', rows: [{ amount: '5' }] });
    expect(credit.status, JSON.stringify(credit.body)).toBe(200);
    refused(await assign(b, credit.body.action.credit_instance_id), 'bank_assign_not_allowed');
    expect((await admin.post('/api/1/invoices/add_action', { instance_id: y, action_type: 'mark_cancelled' })).status).toBe(200);
    refused(await assign(b, y), 'bank_assign_not_allowed');
    expect(await payment(b)).toMatchObject({ state: 'unmatched', decided_by: null });
    expect(await db().selectFrom('invoice_actions').select('id').where('instance_id', '=', y).where('action_type', 'in', ['sync_payment', 'manual_payment']).execute()).toEqual([]);
  });

  it('parallel decisions on one payment: exactly one wins, the others are refused and book nothing', async () => {
    const { instanceIds } = await sent(2);
    const [x, y] = instanceIds as [number, number];
    const { paymentIds } = await statement([{ amount_c: 800 }]);
    const pid = paymentIds[0]!;
    const replies = await Promise.all([assign(pid, x), assign(pid, y), dismiss(pid, 'rinnakkain'), assign(pid, x)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 422, 422, 422]);
    const booked = await db().selectFrom('invoice_actions').select(['instance_id', 'amount_c']).where('bank_payment_id', '=', pid).execute();
    const p = await payment(pid);
    expect(booked).toHaveLength(p.state === 'dismissed' ? 0 : 1);
    const decisions = await db()
      .selectFrom('activity_log')
      .select('id')
      .where('tenant_id', '=', ctx.tenant.tenant.id)
      .where('event', 'in', ['bank_payment_assigned', 'bank_payment_dismissed'])
      .where('data', 'like', `%"payment_id":${pid},%`)
      .execute();
    expect(decisions).toHaveLength(1);
  });

  it('dismiss needs a comment; the payment leaves the list, stays in its statement, and the decision is logged', async () => {
    const { statementId, paymentIds } = await statement([{ amount_c: 1234, payer_name: 'Lahjoittaja Oy', booking_date: '2026-01-15' }]);
    const pid = paymentIds[0]!;
    for (const comment of [undefined, '', '   ']) {
      const r = await dismiss(pid, comment);
      expect(r.status, String(comment)).toBe(400);
      expect(r.body.errors.comment).toEqual(['_validation_field_required']);
    }
    const before = (await logLines(ctx, 'bank_payment_dismissed')).length;
    const r = await dismiss(pid, 'Lahjoitus, kirjattu kirjanpitoon');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ ok: true });
    const p = await payment(pid);
    expect(p).toMatchObject({ statement_id: statementId, state: 'dismissed', comment: 'Lahjoitus, kirjattu kirjanpitoon', decided_by: ctx.tenant.admin.id, decided_at: expect.any(String), match_kind: null });
    expect((await list()).body.results.map((q: { payment_id: number }) => q.payment_id)).not.toContain(pid);
    const lines = await logLines(ctx, 'bank_payment_dismissed');
    expect(lines.length).toBe(before + 1);
    expect(lines.at(-1)!.context).toBe('invoices');
    expect(JSON.parse(lines.at(-1)!.data)).toEqual([
      { field: 'bank_payment', new: { payment_id: pid, archive_id: p.archive_id, amount_c: 1234, payer_name: 'Lahjoittaja Oy', comment: 'Lahjoitus, kirjattu kirjanpitoon' } },
    ]);
    expect((await dismiss(pid, 'uudelleen')).status).toBe(422);
  });

  it('through the real pipeline: a statement applied, its suggestion accepted and an unknown payment assigned; undoing the statement removes both bookings', async () => {
    await clearWaiting();
    const { instanceIds } = await sent(2);
    const [x, y] = instanceIds as [number, number];
    const xRef = (await db().selectFrom('invoice_instances').select('reference').where('id', '=', x).executeTakeFirstOrThrow()).reference;
    // The check digit off by one: one substitution away from x's reference, with x's open amount.
    const typo = xRef.slice(0, -1) + String((Number(xRef.slice(-1)) + 1) % 10);
    const file = camt054({
      account: testIban(ctx.tenant.tenant.id),
      payments: [
        { amount_c: 2500, reference: typo, payer_name: 'Kirjoitusvirhe Maksaja', archive_id: 'REV-TYPO-1' },
        { amount_c: 4100, payer_name: 'Tuntematon Lahjoittaja', message: 'Kiitos', archive_id: 'REV-UNK-1' },
      ],
    });
    const up = await uploadStatement(admin, file);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const applied = await admin.post('/api/1/invoices/bank/apply', { id: up.body.id, accept: [] });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body.booked).toBe(0);

    const waiting = (await list()).body;
    expect(waiting.count).toBe(2);
    const byArchive = Object.fromEntries(waiting.results.map((p: { archive_id: string }) => [p.archive_id, p]));
    expect(byArchive['REV-TYPO-1']).toMatchObject({ state: 'suggested', reference: typo, suggestion: { reason: 'reference_typo', instance: { instance_id: x, amount_open_c: 2500, amount_c: 2500 } } });
    expect(byArchive['REV-UNK-1']).toMatchObject({ state: 'unmatched', suggestion: null, message: 'Kiitos' });

    expect((await assign(byArchive['REV-TYPO-1'].payment_id, x)).status).toBe(200);
    expect((await assign(byArchive['REV-UNK-1'].payment_id, y)).status).toBe(200);
    expect((await instance(x)).instance).toMatchObject({ status_c: 'paid' });
    expect((await instance(y)).instance).toMatchObject({ status_c: 'overpaid', amount_paid_c: 4100 });
    expect((await list()).body.count).toBe(0);

    const undone = await admin.post('/api/1/invoices/bank/undo', { id: up.body.id });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    for (const id of [x, y]) {
      const after = await instance(id);
      expect(after.instance).toMatchObject({ status_c: 'pending', amount_paid_c: 0, amount_open_c: 2500 });
      expect(after.actions).toEqual([]);
    }
    expect(await db().selectFrom('bank_payments').select('id').where('statement_id', '=', up.body.id).execute()).toEqual([]);
    expect((await list()).body).toEqual({ results: [], count: 0, total_c: 0 });
    // The decisions stay in the activity log: undoing books nothing back, it removes.
    expect((await logLines(ctx, 'bank_payment_accepted')).some((l) => l.data.includes('REV-TYPO-1'))).toBe(true);
  });
});
