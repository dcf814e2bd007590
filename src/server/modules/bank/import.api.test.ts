import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { adminContext } from '../../test/adminContext';
import { testDialect } from '../../test/harness';
import { sentInvoice, testIban } from '../../test/factories/invoice';
import { delivered } from '../../test/factories/invoice-actions';
import { camt054, ktl, type BuiltPayment } from '../../test/factories/bank-statements';
import { uploadStatement } from '../../test/factories/bank-upload';
import { helsinkiToday } from '../invoices/present';
import { BANK_MAX_FILE_BYTES, UPLOADS_MAX_PER_MEMBER } from '../../../shared/constants';

// The statement pipeline over the API: upload (parse and dry run), apply, undo and the list of
// statements, against invoices sent through the real API.

describe(`bank statement import (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Tiliteseura ry' });
  const { admin } = ctx;
  const db = () => ctx.t.deps.db;
  const tid = () => ctx.tenant.tenant.id;
  const account = () => testIban(tid());
  const file = (payments: BuiltPayment[]) => camt054({ account: account(), payments });

  /** An invoice to new members (or to the given ones), delivered; its instances with their references. */
  async function invoice(opts: { members?: number; to?: number[]; amount?: string } = {}) {
    const rows = [{ title: 'Jäsenmaksu', amount_with_vat: opts.amount ?? '25,00', vat_percent: 0 }];
    let invoiceId: number;
    if (opts.to) {
      const due = new Date(`${helsinkiToday(ctx.t.clock.now())}T12:00:00Z`);
      due.setUTCDate(due.getUTCDate() + 14);
      const r = await admin.post('/api/1/invoices/save', {
        msg_media: 'email',
        subject: 'Toinen lasku',
        description: '<p>Lisämaksu.</p>',
        invoice_rows_: rows,
        date_due: due.toISOString().slice(0, 10),
        addrecips: opts.to,
        send: true,
        confirmed: true,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      invoiceId = r.body.id;
    } else invoiceId = (await sentInvoice(ctx, { members: opts.members ?? 1, rows })).invoiceId;
    await delivered(ctx, invoiceId);
    const instances = await db().selectFrom('invoice_instances').selectAll().where('tenant_id', '=', tid()).where('invoice_id', '=', invoiceId).orderBy('id').execute();
    return { invoiceId, instances };
  }

  async function statuses(invoiceId: number): Promise<Record<number, string>> {
    const r = await admin.get(`/api/1/invoices/${invoiceId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return Object.fromEntries(r.body.instances.map((i: { id: number; status_c: string }) => [i.id, i.status_c]));
  }

  async function upload(payments: BuiltPayment[] | string) {
    const r = await uploadStatement(admin, typeof payments === 'string' ? payments : file(payments));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  }

  const apply = (id: number, accept: string[] = []) => admin.post('/api/1/invoices/bank/apply', { id, accept });
  const undo = (id: number) => admin.post('/api/1/invoices/bank/undo', { id });
  const actionsOf = (instanceId: number) => db().selectFrom('invoice_actions').selectAll().where('tenant_id', '=', tid()).where('instance_id', '=', instanceId).orderBy('id').execute();

  it('books exact references for the whole amount: paid, underpaid and overpaid; an unknown reference waits; apply twice is refused', async () => {
    const { invoiceId, instances } = await invoice({ members: 3 });
    const [a, b, c] = instances;
    const body = await upload([
      { amount_c: 2500, reference: a!.reference, payer_name: 'Maksaja Yksi', archive_id: 'EX-1', booking_date: '2026-11-20' },
      { amount_c: 1000, reference: `00 ${b!.reference}`, archive_id: 'EX-2' },
      { amount_c: 3000, reference: c!.reference, archive_id: 'EX-3' },
      { amount_c: 500, reference: '9999999999999999997', archive_id: 'EX-4' },
    ]);
    expect(body).toMatchObject({ format: 'camt054', entries: 4, total_c: 7000, accounts: [account()], accounts_outside_mandate: [account()] });
    expect(body.dry_run.duplicates).toBe(0);
    expect(body.dry_run.matched.map((m: { kind: string; instances: { instance_id: number; amount_c: number; amount_open_c: number }[] }) => [m.kind, m.instances.map((i) => [i.instance_id, i.amount_c, i.amount_open_c])])).toEqual([
      ['exact', [[a!.id, 2500, 2500]]],
      ['exact', [[b!.id, 1000, 2500]]],
      ['exact', [[c!.id, 3000, 2500]]],
    ]);
    expect(body.dry_run.matched[0].instances[0]).toMatchObject({ invoice_id: invoiceId, invoice_number: a!.invoice_number, name: a!.recipient_name, subject: 'Jäsenmaksu' });
    expect(body.dry_run.unmatched.map((p: { key: string }) => p.key)).toEqual(['EX-4']);
    // The dry run books nothing.
    expect(await actionsOf(a!.id)).toEqual([]);

    const r = await apply(body.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ booked: 3, batch_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await statuses(invoiceId)).toEqual({ [a!.id]: 'paid', [b!.id]: 'underpaid', [c!.id]: 'overpaid' });
    const [act] = await actionsOf(a!.id);
    const paymentA = await db().selectFrom('bank_payments').selectAll().where('tenant_id', '=', tid()).where('archive_id', '=', 'EX-1').executeTakeFirstOrThrow();
    expect(act).toMatchObject({ action_type: 'sync_payment', amount_c: 2500, pay_date: '2026-11-20', payer_name: 'Maksaja Yksi', archive_id: 'EX-1', batch_id: r.body.batch_id, bank_payment_id: paymentA.id, combined: 0 });
    expect(paymentA).toMatchObject({ state: 'booked', match_kind: 'exact', statement_id: body.id, amount_c: 2500 });
    const waiting = await db().selectFrom('bank_payments').selectAll().where('tenant_id', '=', tid()).where('archive_id', '=', 'EX-4').executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ state: 'unmatched', match_kind: null });

    const log = await db().selectFrom('activity_log').selectAll().where('tenant_id', '=', tid()).where('event', '=', 'bank_statement_applied').execute();
    expect(log).toHaveLength(1);
    expect(log[0]!.context).toBe('invoices');
    expect(JSON.parse(log[0]!.data as string)).toEqual([
      { field: 'bank_statement', new: expect.objectContaining({ statement_id: body.id, entries: 4, total_c: 7000, booked: 3, booked_c: 6500, exact: 3, unmatched: 1, duplicates: 0 }) },
    ]);

    const again = await apply(body.id);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ errors: { general: ['bank_statement_already_applied'] } });
  });

  it('the same file twice adds nothing and says so; an overlapping file books only its new payments', async () => {
    const { invoiceId, instances } = await invoice({ members: 3 });
    const [a, b, c] = instances;
    const bytes = file([
      { amount_c: 2500, reference: a!.reference, archive_id: 'DUP-1' },
      { amount_c: 2500, reference: b!.reference, archive_id: 'DUP-2' },
    ]);
    const first = await upload(bytes);
    expect((await apply(first.id)).body.booked).toBe(2);
    const again = await upload(bytes);
    expect(again.dry_run).toMatchObject({ matched: [], suggested: [], unmatched: [], duplicates: 2 });
    expect((await apply(again.id)).body.booked).toBe(0);
    expect(await actionsOf(a!.id)).toHaveLength(1);

    const overlap = await upload([
      { amount_c: 2500, reference: b!.reference, archive_id: 'DUP-2' },
      { amount_c: 2500, reference: c!.reference, archive_id: 'DUP-3' },
      // Twice in one file: counted once.
      { amount_c: 2500, reference: c!.reference, archive_id: 'DUP-3' },
    ]);
    expect(overlap.dry_run.duplicates).toBe(2);
    expect(overlap.dry_run.matched.map((m: { payment: { key: string } }) => m.payment.key)).toEqual(['DUP-3']);
    expect((await apply(overlap.id)).body.booked).toBe(1);
    expect(await statuses(invoiceId)).toEqual({ [a!.id]: 'paid', [b!.id]: 'paid', [c!.id]: 'paid' });
    expect(await actionsOf(b!.id)).toHaveLength(1);
  });

  it('a combined payment settles two invoices of one member (references in the text, or the payer name): combosettled, counted as paid', async () => {
    const first = await invoice({ members: 2 });
    const [m1, m2] = first.instances;
    const second = await invoice({ to: [m1!.member_id!, m2!.member_id!], amount: '40,00' });
    const [n1, n2] = second.instances;
    const [last, firstname] = [m2!.recipient_name.split(' ')[1]!, m2!.recipient_name.split(' ')[0]!];
    const body = await upload([
      { amount_c: 6500, message: `Laskut ${m1!.reference} ja ${n1!.reference}`, archive_id: 'CMB-1' },
      { amount_c: 6500, payer_name: `${last.toUpperCase()}  ${firstname.toUpperCase()}`, archive_id: 'CMB-2' },
    ]);
    expect(body.dry_run.matched.map((m: { kind: string; instances: { instance_id: number; amount_c: number }[] }) => [m.kind, m.instances.map((i) => [i.instance_id, i.amount_c])])).toEqual([
      ['combined', [[m1!.id, 2500], [n1!.id, 4000]]],
      ['combined', [[m2!.id, 2500], [n2!.id, 4000]]],
    ]);
    expect((await apply(body.id)).body.booked).toBe(2);
    const s1 = await statuses(first.invoiceId);
    const s2 = await statuses(second.invoiceId);
    expect([s1[m1!.id], s1[m2!.id], s2[n1!.id], s2[n2!.id]]).toEqual(['combosettled', 'combosettled', 'combosettled', 'combosettled']);
    const page = (await admin.get(`/api/1/invoices/${second.invoiceId}`)).body;
    expect(page).toMatchObject({ count_paid_c: 2, count_open_c: 0, amount_paid_c: 8000, amount_pending_c: 0 });
    const acts = await actionsOf(n1!.id);
    expect(acts).toMatchObject([{ action_type: 'sync_payment', amount_c: 4000, combined: 1, archive_id: 'CMB-1' }]);
    const cached = await db().selectFrom('invoice_instances').select(['id', 'combosettled']).where('id', 'in', [m1!.id, n1!.id]).execute();
    expect(cached.map((c) => c.combosettled)).toEqual([1, 1]);
  });

  it('suggestions (typo, message, name and amount) are booked only when accepted', async () => {
    const typo = await invoice({ members: 1, amount: '37,00' });
    const named = await invoice({ members: 1, amount: '12,00' });
    const told = await invoice({ members: 1 });
    const t = typo.instances[0]!;
    const n = named.instances[0]!;
    const m = told.instances[0]!;
    const last = Number(t.reference.slice(-1));
    const wrong = t.reference.slice(0, -1) + String((last + 1) % 10);
    const [nFirst, nLast] = n.recipient_name.split(' ');
    const body = await upload([
      { amount_c: 3700, reference: wrong, archive_id: 'SUG-1' },
      { amount_c: 2500, message: `Lasku ${m.invoice_number} jäsenmaksu`, archive_id: 'SUG-2' },
      { amount_c: 1200, payer_name: `${nLast} ${nFirst}`, archive_id: 'SUG-3' },
    ]);
    expect(body.dry_run.matched).toEqual([]);
    expect(body.dry_run.suggested.map((s: { payment: { key: string }; instance_id: number; reason: string; instance: { instance_id: number } }) => [s.payment.key, s.instance_id, s.reason, s.instance.instance_id])).toEqual([
      ['SUG-1', t.id, 'reference_typo', t.id],
      ['SUG-2', m.id, 'message_mentions', m.id],
      ['SUG-3', n.id, 'name_and_amount', n.id],
    ]);
    const r = await apply(body.id, ['SUG-1']);
    expect(r.body.booked).toBe(1);
    expect(await statuses(typo.invoiceId)).toEqual({ [t.id]: 'paid' });
    expect(await statuses(named.invoiceId)).toEqual({ [n.id]: 'pending' });
    expect(await actionsOf(t.id)).toMatchObject([{ action_type: 'sync_payment', amount_c: 3700, archive_id: 'SUG-1', combined: 0 }]);
    const rows = await db().selectFrom('bank_payments').selectAll().where('tenant_id', '=', tid()).where('statement_id', '=', body.id).orderBy('archive_id').execute();
    expect(rows.map((p) => [p.archive_id, p.state, p.match_kind, p.suggested_instance_id, p.suggestion_reason])).toEqual([
      ['SUG-1', 'booked', 'suggestion', t.id, 'reference_typo'],
      ['SUG-2', 'suggested', null, m.id, 'message_mentions'],
      ['SUG-3', 'suggested', null, n.id, 'name_and_amount'],
    ]);
  });

  it('undo restores the exact previous state (sums, statuses, actions) and the file can be loaded again; undone is final', async () => {
    const one = await invoice({ members: 2 });
    const [a, b] = one.instances;
    const two = await invoice({ to: [b!.member_id!], amount: '10,00' });
    const c = two.instances[0]!;
    // Something booked by hand before: it stays.
    expect((await admin.post('/api/1/invoices/add_action', { instance_id: a!.id, action_type: 'manual_payment', amount: '5,00' })).status).toBe(200);
    const snapshot = async () => ({
      instances: await db().selectFrom('invoice_instances').select(['id', 'paid_c', 'credited_c', 'mark', 'reminder_due', 'combosettled']).where('tenant_id', '=', tid()).orderBy('id').execute(),
      actions: await db().selectFrom('invoice_actions').selectAll().where('tenant_id', '=', tid()).orderBy('id').execute(),
      statuses: { ...(await statuses(one.invoiceId)), ...(await statuses(two.invoiceId)) },
    });
    const before = await snapshot();
    const payments: BuiltPayment[] = [
      { amount_c: 2000, reference: a!.reference, archive_id: 'UND-1' },
      { amount_c: 3500, message: `${b!.reference} ${c!.reference}`, archive_id: 'UND-2' },
      { amount_c: 700, reference: '9999999999999999997', archive_id: 'UND-3' },
    ];
    const body = await upload(payments);
    expect((await undo(body.id)).body).toEqual({ errors: { general: ['bank_statement_not_applied'] } });
    expect((await apply(body.id)).body.booked).toBe(2);
    // A later decision on one of its payments (the review's assignment) goes with the undo too.
    const waiting = await db().selectFrom('bank_payments').selectAll().where('tenant_id', '=', tid()).where('archive_id', '=', 'UND-3').executeTakeFirstOrThrow();
    await db()
      .insertInto('invoice_actions')
      .values({ tenant_id: tid(), instance_id: a!.id, action_type: 'manual_payment', amount_c: 700, bank_payment_id: waiting.id, archive_id: 'UND-3', created_at: new Date().toISOString() })
      .execute();
    expect((await statuses(one.invoiceId))[b!.id]).toBe('combosettled');

    const r = await undo(body.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({ removed: 3 });
    expect(await snapshot()).toEqual(before);
    expect(await db().selectFrom('bank_payments').select('id').where('tenant_id', '=', tid()).where('statement_id', '=', body.id).execute()).toEqual([]);
    const log = await db().selectFrom('activity_log').selectAll().where('tenant_id', '=', tid()).where('event', '=', 'bank_statement_undone').execute();
    expect(log).toHaveLength(1);

    expect((await undo(body.id)).body).toEqual({ errors: { general: ['bank_statement_already_undone'] } });
    expect((await apply(body.id)).status).toBe(422);
    expect((await apply(body.id)).body).toEqual({ errors: { general: ['bank_statement_undone'] } });
    const again = await upload(payments);
    expect(again.dry_run.duplicates).toBe(0);
    expect(again.dry_run.matched).toHaveLength(2);
  });

  it('undo restores the exact previous state whatever the statement held (property)', async () => {
    const one = await invoice({ members: 3 });
    const [a, b] = one.instances;
    const two = await invoice({ to: [a!.member_id!, b!.member_id!], amount: '40,00' });
    const all = [...one.instances, ...two.instances];
    const snapshot = async () => ({
      instances: await db().selectFrom('invoice_instances').select(['id', 'paid_c', 'credited_c', 'mark', 'reminder_due', 'combosettled']).where('tenant_id', '=', tid()).orderBy('id').execute(),
      actions: await db().selectFrom('invoice_actions').selectAll().where('tenant_id', '=', tid()).orderBy('id').execute(),
      payments: await db().selectFrom('bank_payments').selectAll().where('tenant_id', '=', tid()).orderBy('id').execute(),
      statuses: { ...(await statuses(one.invoiceId)), ...(await statuses(two.invoiceId)) },
    });
    let run = 0;
    const payment = fc.record({ kind: fc.constantFrom('exact', 'text', 'name', 'typo', 'unknown', 'repeat'), i: fc.nat(all.length - 1), j: fc.nat(all.length - 1), amount: fc.integer({ min: 1, max: 90 }).map((k) => k * 100) });
    await fc.assert(
      fc.asyncProperty(fc.array(payment, { minLength: 1, maxLength: 8 }), fc.boolean(), async (spec, acceptAll) => {
        run += 1;
        const before = await snapshot();
        const built: BuiltPayment[] = [];
        spec.forEach((s, k) => {
          const x = all[s.i]!;
          const y = all[s.j]!;
          const archive_id = `PROP-${run}-${k}`;
          if (s.kind === 'exact') built.push({ amount_c: s.amount, reference: x.reference, archive_id });
          else if (s.kind === 'text') built.push({ amount_c: x.amount_c + y.amount_c, message: `${x.reference} ${y.reference}`, archive_id });
          else if (s.kind === 'name') built.push({ amount_c: s.amount % 2 === 0 ? x.amount_c : s.amount, payer_name: x.recipient_name, archive_id });
          else if (s.kind === 'typo') built.push({ amount_c: x.amount_c, reference: x.reference.slice(0, -1) + String((Number(x.reference.slice(-1)) + 1) % 10), archive_id });
          else if (s.kind === 'repeat' && built.length > 0) built.push({ ...built[0]! });
          else built.push({ amount_c: s.amount, reference: '9999999999999999997', archive_id });
        });
        const body = await upload(built);
        const accept = acceptAll ? body.dry_run.suggested.map((x: { payment: { key: string } }) => x.payment.key) : [];
        const applied = await apply(body.id, accept);
        expect(applied.status, JSON.stringify(applied.body)).toBe(200);
        // Booked: the matched payments and the accepted suggestions, each amount in full.
        expect(applied.body.booked).toBe(body.dry_run.matched.length + accept.length);
        const actions = await db().selectFrom('invoice_actions').selectAll().where('tenant_id', '=', tid()).where('batch_id', '=', applied.body.batch_id).execute();
        const paid = [...body.dry_run.matched.map((m: { payment: { amount_c: number } }) => m.payment.amount_c), ...body.dry_run.suggested.filter((x: { payment: { key: string } }) => accept.includes(x.payment.key)).map((x: { payment: { amount_c: number } }) => x.payment.amount_c)];
        expect(actions.reduce((sum, x) => sum + (x.amount_c ?? 0), 0)).toBe(paid.reduce((sum: number, x: number) => sum + x, 0));
        expect((await undo(body.id)).status).toBe(200);
        expect(await snapshot()).toEqual(before);
      }),
      { numRuns: testDialect === 'postgres' ? 6 : 12 },
    );
  });

  it('lists the statements newest first with their status, author and counts', async () => {
    const { instances } = await invoice({ members: 1 });
    const body = await upload([{ amount_c: 2500, reference: instances[0]!.reference }]);
    await apply(body.id);
    const r = await admin.post('/api/1/invoices/bank/statements', { page: 0 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.count).toBeGreaterThanOrEqual(1);
    expect(r.body.results[0]).toMatchObject({ id: body.id, format: 'camt054', source: 'upload', filename: 'tiliote.xml', accounts: [account()], entries: 1, total_c: 2500, booked: 1, status: 'applied', author: expect.stringMatching(/\S/), undone_at: null });
    const ids = r.body.results.map((s: { id: number }) => s.id);
    expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));
    expect((await admin.post('/api/1/invoices/bank/statements', { page: 1000 })).body.results).toEqual([]);
  });

  it('an account on the bank mandate is not listed as outside it; KTL files are read too', async () => {
    const { invoiceId, instances } = await invoice({ members: 1 });
    await db().insertInto('bank_mandates').values({ tenant_id: tid(), iban: account(), given_on: '2026-01-01', given_by: 'Rahastonhoitaja', created_at: new Date().toISOString() }).execute();
    const body = await upload(ktl({ account: account(), payments: [{ amount_c: 2500, reference: instances[0]!.reference }] }));
    expect(body.format).toBe('ktl');
    expect(body.accounts_outside_mandate).toEqual([]);
    expect((await apply(body.id)).body.booked).toBe(1);
    expect(await statuses(invoiceId)).toEqual({ [instances[0]!.id]: 'paid' });
  });

  it('file errors answer 400 under "file", nothing stored; unknown ids 404', async () => {
    const count = async () => (await db().selectFrom('bank_statements').select('id').where('tenant_id', '=', tid()).execute()).length;
    const before = await count();
    let r = await uploadStatement(admin, 'tämä ei ole tiliote');
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ file: ['bank_file_unknown_format'] });
    r = await uploadStatement(admin, ktl({ account: account(), payments: [{ amount_c: 100, reference: '1232' }], totalsOverride: { sum_c: 999 } }));
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({ file: ['bank_ktl_totals_mismatch'] });
    expect(r.body.params).toBeDefined();
    r = await admin.post('/api/1/invoices/bank/upload', { file: 'x' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: { file: ['upload_error'] } });
    // Larger than the importer's 10 MB but within the statement limit: read (and found no statement).
    r = await uploadStatement(admin, Buffer.alloc(11 * 1024 * 1024, 0x41));
    expect(r.body.errors).toEqual({ file: ['bank_file_unknown_format'] });
    r = await uploadStatement(admin, Buffer.alloc(BANK_MAX_FILE_BYTES + 1, 0x41));
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: { file: ['bank_file_too_large'] }, params: { max: '20' } });
    expect(await count()).toBe(before);
    expect((await apply(99_999_999)).status).toBe(404);
    expect((await undo(99_999_999)).status).toBe(404);
    expect((await admin.post('/api/1/invoices/bank/apply', { id: 'x' })).status).toBe(400);
  });
});

describe(`bank statement upload limits (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Kiireseura ry' });

  it('is rate limited as the importer: 30 files an hour per admin, then 429 before the file is read', async () => {
    const bytes = camt054({ account: testIban(ctx.tenant.tenant.id), payments: [{ amount_c: 100, reference: '1232' }] });
    for (let i = 0; i < UPLOADS_MAX_PER_MEMBER; i++) expect((await uploadStatement(ctx.admin, bytes)).status).toBe(200);
    const r = await uploadStatement(ctx.admin, bytes);
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ errors: { general: ['bank_upload_rate_limited'] } });
    ctx.t.clock.advance(61 * 60 * 1000);
    expect((await uploadStatement(ctx.admin, bytes)).status).toBe(200);
  });
});
