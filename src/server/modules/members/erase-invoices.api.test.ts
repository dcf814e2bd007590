import { describe, expect, it } from 'vitest';
import { testDialect } from '../../test/harness';
import { adminContext } from '../../test/adminContext';
import { sentInvoice } from '../../test/factories/invoice';

// Permanent delete and invoices: accounting records are kept six years (Kirjanpitolaki 2:10),
// so an erased member's invoice instance stays with its amounts and numbers, but carries a
// pseudonym instead of the name and address as invoiced, and no longer points at a member.

describe(`permanent delete keeps invoices for the books (${testDialect})`, () => {
  const ctx = adminContext();
  const { t, tenant, admin } = ctx;

  it('unlinks the erased member from their invoice instances, pseudonymising the invoiced name', async () => {
    const sent = await sentInvoice(ctx, { members: 2 });
    const [gone, stays] = sent.memberIds as [number, number];
    const instances = () => t.deps.db.selectFrom('invoice_instances').selectAll().where('invoice_id', '=', sent.invoiceId).orderBy('id').execute();
    const before = await instances();
    const email = (await t.deps.db.selectFrom('members').select('email').where('id', '=', gone).executeTakeFirstOrThrow()).email!;

    // The outbox has sent the invoices (a member with mail still queued cannot be deleted).
    await t.deps.db.updateTable('deliveries').set({ status: 'sent' }).where('tenant_id', '=', tenant.tenant.id).execute();
    const del = await admin.delete(`/api/1/members/${gone}`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const r = await admin.post('/api/1/members/delete_permanently', { filter: [{ field: 'email', verb: 'eq', value: email }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    const after = await instances();
    expect(after.map((i) => i.member_id)).toEqual([null, stays]);
    const pseudonym = after[0]!.recipient_name;
    expect(pseudonym).toMatch(/^Poistettu henkilö [0-9A-F]{6}$/);
    expect(after[0]).toMatchObject({ recipient_address: '', recipient_email: '', amount_c: before[0]!.amount_c, reference: before[0]!.reference, invoice_number: before[0]!.invoice_number });
    expect(after[1]).toEqual(before[1]);
    // The invoice still reads, with the erased person's instance under the pseudonym.
    const got = await admin.get(`/api/1/invoices/${sent.invoiceId}`);
    expect(got.status).toBe(200);
    expect(got.body.instances.map((i: { person_id: number | null; name: string }) => [i.person_id, i.name])).toEqual([
      [null, pseudonym],
      [stays, before[1]!.recipient_name],
    ]);
  });
});
