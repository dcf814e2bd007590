import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, Client, makeTenant, testApp, testDialect, ADMIN_PASSWORD, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { enableClaims, receiptClaim } from '../../test/factories/expenseclaims';
import { REDACTED } from '../members/erase-terms';
import type { CreatedTenant } from '../tenants/service';

// Permanent delete and expense claims: claims are accounting records, so an erased claimant's
// claims stay with their amounts, account (while still to be paid) and receipts, under their
// accounting pseudonym instead of their name (retention/pseudonymise.ts), and the claims'
// events carry the redaction text instead.

describe(`permanent delete pseudonymises expense claims (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    admin = await adminClient(t, a);
    await enableClaims(admin);
  });
  afterAll(() => t.close());

  it('keeps the claim, its amounts and receipt, and replaces the claimant\'s name', async () => {
    const m = await makeMember(t.deps, a, { firstname: 'Eino', lastname: 'Erasmus', email: 'eino.erasmus@example.fi', password: ADMIN_PASSWORD });
    const eino = new Client(t.app, a.tenant.hostname!);
    await eino.login('eino.erasmus@example.fi');
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#333' } }).jpeg().toBuffer();
    const saved = await receiptClaim(eino, jpeg);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const id = saved.body.id as number;
    await admin.post('/api/1/expenseclaim/update_status', { id, status: 'accepted' });

    await eino.post('/api/1/session/logout');
    expect((await admin.delete(`/api/1/members/${m.id}`)).status).toBe(200);
    const r = await admin.post('/api/1/members/delete_permanently', { filter: [{ field: 'email', verb: 'eq', value: 'eino.erasmus@example.fi' }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);

    const claim = await t.deps.db.selectFrom('expense_claims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(claim).toMatchObject({ person_id: m.id, person_name: expect.stringMatching(/^Poistettu henkilö [0-9A-F]{6}$/), amount_c: 1250, status: 'accepted', author_id: null });
    const events = await t.deps.db.selectFrom('expense_claim_events').selectAll().where('claim_id', '=', id).orderBy('id').execute();
    expect(events.map((e) => [e.kind, e.author_name])).toEqual([
      ['created', REDACTED],
      ['status', expect.not.stringContaining('Erasmus')],
    ]);
    const files = await t.deps.db.selectFrom('expense_claim_files').select(['id', 'claim_id']).where('claim_id', '=', id).execute();
    expect(files).toHaveLength(1);
    // The treasurer still reads and pays it.
    const read = await admin.get(`/api/1/expenseclaim/${id}`);
    expect(read.body).toMatchObject({ person_name: claim.person_name, amount_c: 1250 });
    expect(JSON.stringify(read.body)).not.toContain('Erasmus');
    expect((await admin.post('/api/1/expenseclaim/mark_paid', { person_id: m.id, account_number: claim.person_account_number })).status).toBe(200);
  });
});
