import { describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { makeMember } from '../../test/factories/member';
import { datedClaim, datedInvoice } from '../../test/factories/accounting';
import { runRetentionDue } from './service';

// Retention settings, what is due, and erasing a member pseudonymising their accounting rows.

describe(`retention settings and pseudonyms (${testDialect})`, () => {
  const ctx = adminContext({ at: '2026-11-20T10:00:00Z' });
  const { t, tenant, admin } = ctx;

  it('saves the retention scope (never by default), refuses other values, and logs the change', async () => {
    const before = (await admin.get('/api/1/settings')).body;
    expect(before).toMatchObject({ retention_removed_months: 0, retention_inactive_years: 0 });
    for (const bad of [{ retention_removed_months: 5, retention_inactive_years: 0 }, { retention_removed_months: 12, retention_inactive_years: 11 }, { retention_removed_months: 'x', retention_inactive_years: 1 }]) {
      const r = await admin.post('/api/1/settings/save', { scope_: 'retention', ...bad });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(Object.values(r.body.errors as Record<string, string[]>).flat()).toContain('_validation_invalid_choice');
    }
    const r = await admin.post('/api/1/settings/save', { scope_: 'retention', retention_removed_months: 12, retention_inactive_years: 3 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ retention_removed_months: 12, retention_inactive_years: 3 });
    const line = await t.deps.db.selectFrom('activity_log').select(['context', 'data']).where('tenant_id', '=', tenant.tenant.id).where('event', '=', 'settings_changed').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(line.context).toBe('retention');
    expect(JSON.parse(line.data)).toEqual([
      { field: 'retention_removed_months', old: 0, new: 12 },
      { field: 'retention_inactive_years', old: 0, new: 3 },
    ]);
  });

  it('retention_due counts removed members due now and within 30 days, and the inactive to review', async () => {
    await makeMember(t.deps, tenant, { deleted_at: '2025-10-01T10:00:00.000Z' });
    await makeMember(t.deps, tenant, { deleted_at: '2025-12-05T10:00:00.000Z' });
    await makeMember(t.deps, tenant, { deleted_at: '2026-05-05T10:00:00.000Z' });
    const idle = await makeMember(t.deps, tenant, { active: 0, updated_at: '2026-01-01T10:00:00.000Z' });
    // Inactive since the history entry that switched them off, not since their last edit.
    await t.deps.db
      .insertInto('member_history')
      .values({ tenant_id: tenant.tenant.id, member_id: idle.id, context: 'PersonUpdate', data: JSON.stringify([{ field: 'active', label: 'Aktiivinen', old: true, new: false }]), author_id: null, batch_id: null, at: '2022-03-01T10:00:00.000Z' })
      .execute();
    await makeMember(t.deps, tenant, { active: 0, updated_at: '2025-01-01T10:00:00.000Z' });
    const r = await admin.get('/api/1/settings/retention_due');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ removed_months: 12, inactive_years: 3, removed_due_now: 1, removed_due_soon: 2, removed_held: 0, inactive_review: 1, last_run: null });
    const review = await admin.get('/api/1/settings/retention_review');
    expect(review.body.members).toEqual([{ id: idle.id, firstname: idle.firstname, lastname: idle.lastname, since: '2022-03-01T10:00:00.000Z' }]);

    expect(await runRetentionDue(t.deps)).toBe(1);
    const after = await admin.get('/api/1/settings/retention_due');
    expect(after.body).toMatchObject({ removed_due_now: 0, removed_due_soon: 1, last_run: { day: '2026-11-20', result: { erased: 1, held: 0, review: 1 } } });
  });

  it('erasing a member pseudonymises their invoice, bank payment and claims, and the sealed identity opens again', async () => {
    const tid = tenant.tenant.id;
    const db = t.deps.db;
    const m = await makeMember(t.deps, tenant, { firstname: 'Raili', lastname: 'Reskontra', email: 'raili@example.fi', phone: '+358401112223' });
    const inv = await datedInvoice(db, tid, '2026-02-01', { memberId: m.id, name: 'Raili Reskontra', address: 'Tilikatu 3\n00100 Helsinki', email: 'raili@example.fi', message: 'Raili Reskontran jäsenmaksu' });
    const other = await datedInvoice(db, tid, '2026-02-01', { name: 'Muu Maksaja', message: 'Jäsenmaksu' });
    const paid = await datedClaim(db, tid, { personId: m.id, name: 'Raili Reskontra', account: 'FI4950009420028730', status: 'paid', day: '2026-03-01', handled: '2026-03-10' });
    const pending = await datedClaim(db, tid, { personId: m.id, name: 'Raili Reskontra', account: 'FI4950009420028730', status: 'pending', day: '2026-04-01' });
    const before = await db.selectFrom('invoice_instances').selectAll().where('id', '=', inv.instanceId).executeTakeFirstOrThrow();

    expect((await admin.delete(`/api/1/members/${m.id}`)).status).toBe(200);
    const del = await admin.post('/api/1/members/delete_permanently', { filter: [{ field: 'email', verb: 'eq', value: 'raili@example.fi' }] });
    expect(del.status, JSON.stringify(del.body)).toBe(200);

    const instance = await db.selectFrom('invoice_instances').selectAll().where('id', '=', inv.instanceId).executeTakeFirstOrThrow();
    const pseudonym = instance.recipient_name;
    expect(pseudonym).toMatch(/^Poistettu henkilö [0-9A-F]{6}$/);
    expect(instance).toMatchObject({ member_id: null, recipient_address: '', recipient_email: '', amount_c: before.amount_c, reference: before.reference, invoice_number: before.invoice_number, paid_c: 2500 });
    const action = await db.selectFrom('invoice_actions').select(['payer_name', 'amount_c']).where('instance_id', '=', inv.instanceId).executeTakeFirstOrThrow();
    expect(action).toEqual({ payer_name: pseudonym, amount_c: 2500 });
    const payment = await db.selectFrom('bank_payments').select(['payer_name', 'message', 'amount_c']).where('id', '=', inv.paymentId).executeTakeFirstOrThrow();
    expect(payment).toEqual({ payer_name: pseudonym, message: '[poistettu]n jäsenmaksu', amount_c: 2500 });
    // Someone else's payment is left as the bank sent it.
    expect(await db.selectFrom('bank_payments').select(['payer_name', 'message']).where('id', '=', other.paymentId).executeTakeFirstOrThrow()).toEqual({ payer_name: 'Muu Maksaja', message: 'Jäsenmaksu' });
    const claims = await db.selectFrom('expense_claims').select(['id', 'person_name', 'person_account_number', 'amount_c']).where('id', 'in', [paid, pending]).orderBy('id').execute();
    // A claim still to be paid keeps the account it is paid to; a paid one does not.
    expect(claims).toEqual([
      { id: paid, person_name: pseudonym, person_account_number: pseudonym, amount_c: 1250 },
      { id: pending, person_name: pseudonym, person_account_number: 'FI4950009420028730', amount_c: 1250 },
    ]);
    const sealed = await db.selectFrom('accounting_pseudonyms').select('sealed').where('tenant_id', '=', tid).where('pseudonym', '=', pseudonym).executeTakeFirstOrThrow();
    expect(sealed.sealed).not.toContain('Raili');

    const reveal = await admin.post('/api/1/settings/reveal_pseudonym', { pseudonym });
    expect(reveal.status, JSON.stringify(reveal.body)).toBe(200);
    expect(reveal.body).toMatchObject({
      pseudonym,
      member_id: m.id,
      name: 'Raili Reskontra',
      addresses: ['Tilikatu 3\n00100 Helsinki'],
      emails: ['raili@example.fi'],
      phone: '+358401112223',
      accounts: ['FI4950009420028730'],
    });
    const line = await db.selectFrom('activity_log').select(['data', 'author_id']).where('tenant_id', '=', tid).where('event', '=', 'pseudonym_revealed').executeTakeFirstOrThrow();
    expect(line.author_id).toBe(tenant.admin.id);
    expect(line.data).not.toContain('Raili');
    expect((await admin.post('/api/1/settings/reveal_pseudonym', { pseudonym: 'Poistettu henkilö 000000' })).status).toBe(404);
  });
});
