import { describe, expect, it } from 'vitest';
import { adminContext } from './adminContext';
import { memberClient, testDialect } from './harness';
import { sentInvoice } from './factories/invoice';
import { createReference, formatReference } from '../../shared/finnish/reference';
import { createRfReference, formatRfReference } from '../../shared/finnish/rf-reference';
import { LIST_PAGE_SIZE } from '../../shared/constants';

// The four supersearch calls that feed the web's search page and header box, side by side:
// the minimum length, who may call them, how many hits they answer, and an invoice found by
// its reference in every form a treasurer may type it.

const SEARCHES = ['members', 'invoices', 'announcements', 'updreqs'] as const;

describe(`supersearch across areas (${testDialect})`, () => {
  const ctx = adminContext({ name: 'Hakuseura ry' });
  const { t, tenant, admin } = ctx;

  it('needs more than two characters in every area, the too-short answer under term', async () => {
    for (const area of SEARCHES) {
      for (const term of ['ab', ' ab ', 'äö']) {
        const r = await admin.post(`/api/1/${area}/supersearch`, { term });
        expect(r.status, `${area} ${term}`).toBe(400);
        // Members keep their own key, whose text names the minimum.
        expect(r.body, `${area} ${term}`).toEqual(
          area === 'members' ? { errors: { term: ['members_search_term_too_short'] }, params: { min: 3 } } : { errors: { term: ['_validation_too_short'] } },
        );
      }
      const ok = await admin.post(`/api/1/${area}/supersearch`, { term: 'abc' });
      expect(ok.status, area).toBe(200);
    }
  });

  it('lets the board search members only, and ordinary members nothing', async () => {
    const board = await memberClient(t, tenant, 'board');
    const member = await memberClient(t, tenant, 'member');
    for (const area of SEARCHES) {
      expect((await board.post(`/api/1/${area}/supersearch`, { term: 'abc' })).status, `board ${area}`).toBe(area === 'members' ? 200 : 403);
      expect((await member.post(`/api/1/${area}/supersearch`, { term: 'abc' })).status, `member ${area}`).toBe(403);
    }
  });

  it('caps the hits: members 10 (100 with show_all) with "more", invoices a page of instances', async () => {
    for (let i = 0; i < 12; i++) {
      const r = await admin.post('/api/1/members/new', { firstname: 'Rajattu', lastname: `Hakutulos${String(i)}`, email: `hakutulos${String(i)}@example.fi` });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const few = await admin.post('/api/1/members/supersearch', { term: 'hakutulos' });
    expect(few.body.results).toHaveLength(10);
    expect(few.body.more).toBe(true);
    const all = await admin.post('/api/1/members/supersearch', { term: 'hakutulos', show_all: true });
    expect(all.body.results).toHaveLength(12);
    expect(all.body.more).toBe(false);

    await sentInvoice(ctx, { members: LIST_PAGE_SIZE + 2 });
    const inv = await admin.post('/api/1/invoices/supersearch', { term: 'laskutettava' });
    expect(inv.body.results.filter((r: { instance_id: number | null }) => r.instance_id !== null)).toHaveLength(LIST_PAGE_SIZE);
  });

  it('finds an invoice instance by its reference grouped, compact, as RF, and the RF one by its national form', async () => {
    const s = await sentInvoice(ctx, { members: 1 });
    const inst = await t.deps.db.selectFrom('invoice_instances').selectAll().where('id', '=', s.instanceIds[0]!).executeTakeFirstOrThrow();
    expect(inst.reference).toMatch(/^\d+$/);
    const rf = createRfReference(inst.reference);
    for (const term of [inst.reference, formatReference(inst.reference), rf, formatRfReference(rf), formatRfReference(rf).toLowerCase()]) {
      const r = await admin.post('/api/1/invoices/supersearch', { term });
      expect(r.status, term).toBe(200);
      expect(r.body.results, term).toContainEqual(expect.objectContaining({ id: s.invoiceId, instance_id: inst.id, reference: inst.reference, person_id: s.memberIds[0] }));
    }
    // An RF reference that carries no one's national reference finds nothing.
    const other = createRfReference(createReference('987654321'));
    expect((await admin.post('/api/1/invoices/supersearch', { term: other })).body.results).toEqual([]);

    // With RF references chosen, the national reference inside one still finds it.
    const settings = (await admin.get('/api/1/settings')).body;
    const saved = await admin.post('/api/1/settings/save', {
      scope_: 'organisation',
      name_: settings.name_,
      reply_to_email: settings.reply_to_email,
      business_id: settings.business_id,
      bank_account: settings.bank_account,
      vat_obliged: settings.vat_obliged,
      porg_enabled: settings.porg_enabled,
      invoice_rf_reference: true,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const s2 = await sentInvoice(ctx, { members: 1 });
    const inst2 = await t.deps.db.selectFrom('invoice_instances').selectAll().where('id', '=', s2.instanceIds[0]!).executeTakeFirstOrThrow();
    expect(inst2.reference).toMatch(/^RF\d{2}\d+$/);
    const national = inst2.reference.slice(4);
    for (const term of [inst2.reference, formatRfReference(inst2.reference), formatReference(national), national]) {
      const r = await admin.post('/api/1/invoices/supersearch', { term });
      expect(r.body.results, term).toContainEqual(expect.objectContaining({ instance_id: inst2.id, reference: inst2.reference }));
    }
  });
});
