import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { Client } from './harness';
import { everydayCases } from './cross-tenant.everyday';
import { outboxCases } from './cross-tenant.outbox';
import { msgviewCases } from './cross-tenant.msgview';
import { messagingCases } from './cross-tenant.messaging';
import { paymentsCases } from './cross-tenant.payments';
import { updreqAdminCases } from './cross-tenant.updreqs';

// Every API endpoint, called by tenant A's admin while aiming at tenant B's data.
// Adding an endpoint? Add its case here: the suite fails for any /api route without one.

// The world and the expectations live in their own module, so that case files split off from
// this one (cross-tenant.everyday) can use them without importing this file back.
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import { receiptCases } from './cross-tenant.receipts';
import { invoiceReportCases } from './cross-tenant.invoice-reports';
import { invoiceCoreCases } from './cross-tenant.invoices-core';
import { invoiceActionCases } from './cross-tenant.invoices-actions';
import { bankReviewCases } from './cross-tenant.bank-review';
import { bankImportCases } from './cross-tenant.bank-import';
import { membercardCases } from './cross-tenant.membercard';
import { membercardImageCases } from './cross-tenant.membercard-images';
import { editLinkCases } from './cross-tenant.editlinks';
import { expenseClaimCases } from './cross-tenant.expenseclaims';
import { expenseClaimLinkCases } from './cross-tenant.expenseclaims-link';
import { dashboardCases } from './cross-tenant.dashboard';
import { dataExportCases } from './cross-tenant.data-export';
import { retentionCases } from './cross-tenant.retention';

export { expectNoLeak, expectNotFound, type CrossTenantCase, type World };

async function bRow(w: World, table: 'fields' | 'groups', id: number) {
  return w.t.deps.db.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirst();
}

/** The id-based verbs of a resource: read, save and delete of B's id all answer 404 and change nothing. */
function idCases(resource: 'fields' | 'groups', idOf: (w: World) => number, body: Record<string, unknown>): CrossTenantCase[] {
  const url = `/api/1/${resource}/:id`;
  return [
    { method: 'GET', url, run: async (w) => expectNotFound(await w.asA.get(`/api/1/${resource}/${idOf(w)}`)) },
    {
      method: 'POST',
      url,
      async run(w) {
        const before = await bRow(w, resource, idOf(w));
        expectNotFound(await w.asA.post(`/api/1/${resource}/${idOf(w)}`, body));
        expect(await bRow(w, resource, idOf(w))).toEqual(before);
      },
    },
    {
      method: 'DELETE',
      url,
      async run(w) {
        expectNotFound(await w.asA.delete(`/api/1/${resource}/${idOf(w)}?confirmed=1`));
        expect(await bRow(w, resource, idOf(w))).toBeDefined();
      },
    },
  ];
}

const bMember = (w: World) => w.bMembers[0]!.id;

async function bMemberRow(w: World) {
  return w.t.deps.db.selectFrom('members').selectAll().where('id', '=', bMember(w)).executeTakeFirstOrThrow();
}

/** A bulk action by A, whatever its filter, leaves every B member as it was. */
function bulkCase(url: string, body: Record<string, unknown>): CrossTenantCase {
  return {
    method: 'POST',
    url,
    async run(w) {
      const before = await w.t.deps.db.selectFrom('members').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute();
      const r = await w.asA.post(url, body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expectNoLeak(r, w);
      const after = await w.t.deps.db.selectFrom('members').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute();
      expect(after).toEqual(before);
    },
  };
}

/** An import B uploaded (and imported), for the importer cases. */
async function bImport(w: World): Promise<string> {
  const existing = await w.t.deps.db.selectFrom('imports').select('id').where('tenant_id', '=', w.b.tenant.id).executeTakeFirst();
  if (existing) return existing.id;
  const asB = new Client(w.t.app, w.b.tenant.hostname!, { ip: '10.8.8.9' });
  await asB.login(w.b.admin.email!);
  const boundary = '----seuraB';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="beeta.csv"\r\n\r\n`),
    Buffer.from('Etunimi;Sukunimi;Sähköposti\nBeeta;Tuotu;tuotu@beeta.fi\n'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const up = await asB.request('POST', '/api/1/importer/upload', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  const meta = await asB.post('/api/1/importer/get_sheet_metadata', { id: up.body.id });
  await asB.post('/api/1/importer/importer', { id: up.body.id, mapping: meta.body.suggested_mapping, dry_run: false });
  return up.body.id as string;
}

/** B's admin in the middle of a 2FA login: the token a browser on B's host would hold. */
async function bChallenge(w: World): Promise<string> {
  const token = `b-challenge-${w.b.admin.id}-token`;
  const id = crypto.createHash('sha256').update(token).digest('hex');
  const has = await w.t.deps.db.selectFrom('login_challenges').select('id').where('id', '=', id).executeTakeFirst();
  if (!has) {
    await w.t.deps.db
      .insertInto('login_challenges')
      .values({ id, tenant_id: w.b.tenant.id, member_id: w.b.admin.id, step: 'code', expires_at: '2999-01-01T00:00:00.000Z' })
      .execute();
  }
  return token;
}

/** A 2FA step on A's host with B's challenge: as if it did not exist, and B's challenge stays. */
function challengeCase(url: string, extra: Record<string, unknown>): CrossTenantCase {
  return {
    method: 'POST',
    url,
    async run(w) {
      const challenge = await bChallenge(w);
      const r = await new Client(w.t.app, w.a.tenant.hostname!, { ip: '10.7.7.7' }).post(url, { challenge, ...extra });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ errors: { general: ['mfa_challenge_expired'] } });
      expect(await w.t.deps.db.selectFrom('login_challenges').select('step').where('tenant_id', '=', w.b.tenant.id).execute()).toEqual([{ step: 'code' }]);
    },
  };
}

/** An action on B's admin by id: not found, and B's 2FA rows and sessions stay as they were. */
function bAdminCase(url: string): CrossTenantCase {
  return {
    method: 'POST',
    url,
    async run(w) {
      const snapshot = async () => ({
        security: await w.t.deps.db.selectFrom('member_security').selectAll().where('tenant_id', '=', w.b.tenant.id).execute(),
        sessions: await w.t.deps.db.selectFrom('sessions').select('id').where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute(),
      });
      const before = await snapshot();
      expectNotFound(await w.asA.post(url, { id: w.b.admin.id }));
      expect(await snapshot()).toEqual(before);
    },
  };
}

export const crossTenantCases: CrossTenantCase[] = [
  ...everydayCases,
  ...membercardImageCases,
  ...outboxCases,
  ...msgviewCases,
  ...messagingCases,
  ...updreqAdminCases,
  ...paymentsCases,
  ...invoiceCoreCases,
  ...invoiceActionCases,
  ...bankReviewCases,
  ...bankImportCases,
  ...membercardCases,
  ...retentionCases,
  ...editLinkCases,
  ...expenseClaimCases,
  ...expenseClaimLinkCases,
  ...dashboardCases,
  ...dataExportCases,
  challengeCase('/api/1/session/mfa_verify', { code: '123456' }),
  challengeCase('/api/1/session/mfa_reset', { reset_code: 'ABCDE-FGHJK' }),
  challengeCase('/api/1/session/mfa_enroll', {}),
  bAdminCase('/api/1/members/clear_mfa'),
  bAdminCase('/api/1/members/send_mfa_reset_code'),
  bAdminCase('/api/1/members/close_site_admin_sessions'),
  {
    method: 'POST',
    url: '/api/1/settings/get_site_admins',
    async run(w) {
      const r = await w.asA.post('/api/1/settings/get_site_admins');
      expect(r.status).toBe(200);
      expect(r.body.site_admins.map((s: { id: number }) => s.id)).toContain(w.a.admin.id);
      expect(r.body.site_admins.map((s: { id: number }) => s.id)).not.toContain(w.b.admin.id);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'POST',
    url: '/api/1/session/mfa_setup',
    async run(w) {
      const r = await w.asA.post('/api/1/session/mfa_setup');
      expect(r.status).toBe(200);
      expect(await w.t.deps.db.selectFrom('member_security').select('mfa_state').where('tenant_id', '=', w.b.tenant.id).where('mfa_state', '!=', 'none').execute()).toEqual([]);
    },
  },
  {
    method: 'POST',
    url: '/api/1/session/mfa_confirm',
    async run(w) {
      // A wrong code counts against A's admin only.
      await w.asA.post('/api/1/session/mfa_confirm', { code: '000000' });
      expect(await w.t.deps.db.selectFrom('login_failures').select('key').where('tenant_id', '=', w.b.tenant.id).where('kind', '=', 'mfa').execute()).toEqual([]);
    },
  },
  {
    method: 'POST',
    url: '/api/1/importer/upload',
    async run(w) {
      const boundary = '----seuraA';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="alfa.csv"\r\n\r\n`),
        Buffer.from('Etunimi;Sukunimi\nA;B\n'),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const r = await w.asA.request('POST', '/api/1/importer/upload', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
      expect(r.status).toBe(200);
      const row = await w.t.deps.db.selectFrom('imports').selectAll().where('id', '=', r.body.id).executeTakeFirstOrThrow();
      expect(row.tenant_id).toBe(w.a.tenant.id);
    },
  },
  { method: 'POST', url: '/api/1/importer/get_sheet_metadata', run: async (w) => expectNotFound(await w.asA.post('/api/1/importer/get_sheet_metadata', { id: await bImport(w) })) },
  {
    method: 'POST',
    url: '/api/1/importer/importer',
    run: async (w) => expectNotFound(await w.asA.post('/api/1/importer/importer', { id: await bImport(w), mapping: [], dry_run: true })),
  },
  {
    method: 'POST',
    url: '/api/1/importer/all',
    async run(w) {
      const id = await bImport(w);
      const r = await w.asA.post('/api/1/importer/all', { page: 0 });
      expect(r.body.results.map((x: { id: string }) => x.id)).not.toContain(id);
    },
  },
  {
    method: 'POST',
    url: '/api/1/importer/mark_undone',
    async run(w) {
      const id = await bImport(w);
      expectNotFound(await w.asA.post('/api/1/importer/mark_undone', { id }));
      const still = await w.t.deps.db.selectFrom('members').select('id').where('email', '=', 'tuotu@beeta.fi').execute();
      expect(still).toHaveLength(1);
    },
  },
  {
    method: 'POST',
    url: '/api/1/log/all',
    async run(w) {
      const db = w.t.deps.db;
      const bIds = (await db.selectFrom('activity_log').select('id').where('tenant_id', '=', w.b.tenant.id).execute()).map((r) => r.id);
      expect(bIds.length).toBeGreaterThan(0);
      const aCount = (await db.selectFrom('activity_log').select('id').where('tenant_id', '=', w.a.tenant.id).execute()).length;
      const r = await w.asA.post('/api/1/log/all', { limit: 100 });
      expect(r.status).toBe(200);
      expect(r.body.all_count).toBe(aCount);
      expect(r.body.all_results.map((e: { id: number }) => e.id).filter((id: number) => bIds.includes(id))).toEqual([]);
      // B's events (its field, its group) do not show through an event filter either.
      const filtered = await w.asA.post('/api/1/log/all', { event: ['field_created', 'group_created', 'tenant_created'], limit: 100 });
      expect(filtered.body.all_results.map((e: { id: number }) => e.id).filter((id: number) => bIds.includes(id))).toEqual([]);
      expectNoLeak(r, w);
      expectNoLeak(filtered, w);
    },
  },
  {
    method: 'GET',
    url: '/api/1/log/:id',
    async run(w) {
      const bEntry = await w.t.deps.db.selectFrom('activity_log').select('id').where('tenant_id', '=', w.b.tenant.id).where('event', '=', 'field_created').executeTakeFirstOrThrow();
      expectNotFound(await w.asA.get(`/api/1/log/${bEntry.id}`));
    },
  },
  {
    method: 'GET',
    url: '/api/1/members/apply_form',
    async run(w) {
      const r = await new Client(w.t.app, w.a.tenant.hostname!).get('/api/1/members/apply_form');
      expect(r.body.customer_name).toBe(w.a.tenant.name);
      expect(r.body.fields.map((f: { name: string }) => f.name)).not.toContain('beeta_kentta');
    },
  },
  {
    method: 'POST',
    url: '/api/1/members/apply',
    async run(w) {
      const before = await w.t.deps.db.selectFrom('members').select('id').where('tenant_id', '=', w.b.tenant.id).execute();
      const r = await new Client(w.t.app, w.a.tenant.hostname!, { ip: '10.6.6.6' }).post('/api/1/members/apply', {
        firstname: 'Hakija',
        lastname: 'Alfa',
        email: 'hakija@alfa.fi',
        form_started_at: Date.now() - 60_000,
      });
      expect(r.status).toBe(200);
      expect(await w.t.deps.db.selectFrom('members').select('id').where('tenant_id', '=', w.b.tenant.id).execute()).toEqual(before);
      const mine = await w.t.deps.db.selectFrom('members').selectAll().where('email', '=', 'hakija@alfa.fi').execute();
      expect(mine.map((m) => m.tenant_id)).toEqual([w.a.tenant.id]);
      await w.t.deps.db.deleteFrom('members').where('email', '=', 'hakija@alfa.fi').execute();
    },
  },
  {
    method: 'POST',
    url: '/api/1/members/approve',
    async run(w) {
      await w.t.deps.db.updateTable('members').set({ pending: 1 }).where('id', '=', w.bMembers[2]!.id).execute();
      expectNotFound(await w.asA.post('/api/1/members/approve', { id: w.bMembers[2]!.id }));
      expect((await w.t.deps.db.selectFrom('members').select('pending').where('id', '=', w.bMembers[2]!.id).executeTakeFirstOrThrow()).pending).toBe(1);
      await w.t.deps.db.updateTable('members').set({ pending: 0 }).where('id', '=', w.bMembers[2]!.id).execute();
    },
  },
  {
    method: 'POST',
    url: '/api/1/updreqs/edit_me_s',
    async run(w) {
      const r = await w.asA.post('/api/1/updreqs/edit_me_s');
      expect(r.body.member.id).toBe(w.a.admin.id);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'POST',
    url: '/api/1/updreqs/update_me_s',
    async run(w) {
      const before = await bMemberRow(w);
      const r = await w.asA.post('/api/1/updreqs/update_me_s', { member: { id: bMember(w), address_city: 'Alfala' } });
      expect(r.body.member.id).toBe(w.a.admin.id);
      expect(await bMemberRow(w)).toEqual(before);
    },
  },
  {
    method: 'POST',
    url: '/api/1/members/export_token',
    async run(w) {
      // The token's export holds A's members only (the download is checked below too).
      const r = await w.asA.post('/api/1/members/export_token', { filter: [], format: 'csv', columns: ['email', 'phone'] });
      expect(r.status).toBe(200);
      const text = String((await w.asA.get(r.body.url)).body);
      expect(text).toContain(w.a.admin.email!);
      for (const s of [w.b.admin.email!, ...w.bMembers.map((m) => m.email!)]) expect(text).not.toContain(s);
    },
  },
  {
    method: 'GET',
    url: '/api/1/members/export',
    async run(w) {
      // B's token on A's host is not found, and B can still use it.
      const asB = new Client(w.t.app, w.b.tenant.hostname!, { ip: '10.8.8.7' });
      await asB.login(w.b.admin.email!);
      const r = await asB.post('/api/1/members/export_token', { filter: [], format: 'csv' });
      expectNotFound(await w.asA.get(r.body.url));
      expect((await asB.get(r.body.url)).status).toBe(200);
    },
  },
  bulkCase('/api/1/members/bulkget', { filter: [] }),
  bulkCase('/api/1/members/bulkupdate', { filter: [], data: { address_city: 'Alfala' } }),
  bulkCase('/api/1/members/bulkrestore', { filter: [] }),
  bulkCase('/api/1/members/delete_permanently', { filter: [] }),
  {
    method: 'POST',
    url: '/api/1/members/bulkremove',
    async run(w) {
      await bulkCase('/api/1/members/bulkremove', { filter: [{ field: 'email', verb: 'eq', value: 'ei-kukaan@example.fi' }] }).run(w);
    },
  },
  {
    method: 'POST',
    url: '/api/1/members/batches',
    async run(w) {
      // B's batches (their bulk edits) never appear in A's recent changes.
      const asB = new Client(w.t.app, w.b.tenant.hostname!, { ip: '10.8.8.6' });
      await asB.login(w.b.admin.email!);
      const theirs = await asB.post('/api/1/members/bulkupdate', { filter: [], data: { address_city: 'Beetala' } });
      const r = await w.asA.post('/api/1/members/batches', { page: 0 });
      expect(r.status).toBe(200);
      expect(r.body.results.map((b: { batch_id: string }) => b.batch_id)).not.toContain(theirs.body.batch_id);
      expectNoLeak(r, w);
      await asB.post('/api/1/members/undo', { batch_id: theirs.body.batch_id });
    },
  },
  {
    method: 'POST',
    url: '/api/1/members/undo',
    async run(w) {
      // B's batch id is unknown in A.
      const asB = new Client(w.t.app, w.b.tenant.hostname!, { ip: '10.8.8.8' });
      await asB.login(w.b.admin.email!);
      const r = await asB.post('/api/1/members/bulkupdate', { filter: [], data: { address_city: 'Beetala' } });
      expectNotFound(await w.asA.post('/api/1/members/undo', { batch_id: r.body.batch_id }));
      expect((await asB.post('/api/1/members/undo', { batch_id: r.body.batch_id })).status).toBe(200);
    },
  },
  { method: 'GET', url: '/api/1/members/:id', run: async (w) => expectNotFound(await w.asA.get(`/api/1/members/${bMember(w)}?any_state=1&pending=1`)) },
  {
    method: 'POST',
    url: '/api/1/members/:id',
    async run(w) {
      const before = await bMemberRow(w);
      expectNotFound(await w.asA.post(`/api/1/members/${bMember(w)}`, { firstname: 'Kaapattu' }));
      expect(await bMemberRow(w)).toEqual(before);
    },
  },
  {
    method: 'DELETE',
    url: '/api/1/members/:id',
    async run(w) {
      expectNotFound(await w.asA.delete(`/api/1/members/${bMember(w)}`));
      expect((await bMemberRow(w)).deleted_at).toBeNull();
    },
  },
  {
    method: 'POST',
    url: '/api/1/members/restore',
    run: async (w) => expectNotFound(await w.asA.post('/api/1/members/restore', { id: bMember(w) })),
  },
  {
    method: 'POST',
    url: '/api/1/members/get_history',
    run: async (w) => expectNotFound(await w.asA.post('/api/1/members/get_history', { id: bMember(w) })),
  },
  {
    method: 'POST',
    url: '/api/1/members/new',
    async run(w) {
      // B's member's email is free in A: uniqueness is per association.
      const r = await w.asA.post('/api/1/members/new', { firstname: 'Uusi', lastname: 'Jäsen', email: w.bMembers[1]!.email });
      expect(r.status).toBe(200);
      await w.t.deps.db.deleteFrom('members').where('id', '=', r.body.id).execute();
    },
  },
  {
    method: 'POST',
    url: '/api/1/members/get_results',
    async run(w) {
      const r = await w.asA.post('/api/1/members/get_results', { page_size: 100000, columns: ['email', 'phone', 'beeta_kentta', 'beeta_ryhma'] });
      expect(r.body.results).toHaveLength(w.aMemberCount);
      expect(r.body.stats.result_count).toBe(w.aMemberCount);
      expectNoLeak(r, w);
      const deleted = await w.asA.post('/api/1/members/get_results', { deleted: true });
      expectNoLeak(deleted, w);
      // A filter naming B's field or group is simply not a field of A.
      const f = await w.asA.post('/api/1/members/get_results', { filter: [{ field: 'beeta_kentta', verb: 'not_empty' }] });
      expect(f.body.results).toHaveLength(w.aMemberCount);
    },
  },
  {
    method: 'POST',
    url: '/api/1/members/quicksearch',
    async run(w) {
      const r = await w.asA.post('/api/1/members/quicksearch', { term: 'beeta' });
      expect(r.body.results).toEqual([]);
    },
  },
  {
    method: 'POST',
    url: '/api/1/members/supersearch',
    async run(w) {
      const r = await w.asA.post('/api/1/members/supersearch', { term: 'beeta', show_all: true });
      expect(r.body.results).toEqual([]);
    },
  },
  ...idCases('fields', (w) => w.bFieldId, { name: 'kaapattu', label: 'Kaapattu', type: 'text', visibility: 2 }),
  ...idCases('groups', (w) => w.bGroupId, { name: 'kaapattu', label: 'Kaapattu' }),
  ...receiptCases,
  ...invoiceReportCases,
  {
    method: 'GET',
    url: '/api/1/fields/all',
    async run(w) {
      const r = await w.asA.get('/api/1/fields/all?all_headings=1');
      expect(r.body.map((f: { id: number }) => f.id)).not.toContain(w.bFieldId);
    },
  },
  {
    method: 'POST',
    url: '/api/1/fields/new',
    async run(w) {
      // Names are per association: A may use the name B uses.
      const r = await w.asA.post('/api/1/fields/new', { name: 'beeta_kentta', label: 'Oma', type: 'text', visibility: 2 });
      expect(r.status).toBe(200);
      expect((await bRow(w, 'fields', w.bFieldId))?.label).toBe('Beetan kenttä');
    },
  },
  {
    method: 'POST',
    url: '/api/1/fields/reorder',
    async run(w) {
      const before = await bRow(w, 'fields', w.bFieldId);
      const r = await w.asA.post('/api/1/fields/reorder', { order: [w.bFieldId] });
      expect(r.status).toBe(400);
      expect(await bRow(w, 'fields', w.bFieldId)).toEqual(before);
    },
  },
  {
    method: 'GET',
    url: '/api/1/groups/all',
    async run(w) {
      const r = await w.asA.get('/api/1/groups/all?get_details=1&get_everyone_group=1');
      expect(r.body.map((g: { id: number }) => g.id)).not.toContain(w.bGroupId);
      const everyone = r.body.find((g: { name: string }) => g.name === 'everyone');
      expect(everyone.member_count).toBe(w.aMemberCount);
    },
  },
  {
    method: 'POST',
    url: '/api/1/groups/new',
    async run(w) {
      const r = await w.asA.post('/api/1/groups/new', { name: 'beeta_ryhma', label: 'Oma' });
      expect(r.status).toBe(200);
      expect((await bRow(w, 'groups', w.bGroupId))?.label).toBe('Beetan ryhmä');
    },
  },
  {
    method: 'POST',
    url: '/api/1/groups/reorder',
    async run(w) {
      const before = await bRow(w, 'groups', w.bGroupId);
      expect((await w.asA.post('/api/1/groups/reorder', { order: [w.bGroupId] })).status).toBe(400);
      expect(await bRow(w, 'groups', w.bGroupId)).toEqual(before);
    },
  },
  {
    method: 'POST',
    url: '/api/1/groups/request_group_mail_access',
    async run(w) {
      const r = await w.asA.post('/api/1/groups/request_group_mail_access', { email: 'posti@alfa.fi' });
      expect(r.status).toBe(200);
      const outbox = path.join(w.t.dataDir, 'outbox');
      const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
      expect(mails.some((m) => m.includes(w.a.admin.email!))).toBe(true);
      expect(mails.some((m) => m.includes(w.b.admin.email!))).toBe(false);
    },
  },
  {
    method: 'POST',
    url: '/api/1/settings/save',
    async run(w) {
      const bBefore = await w.t.deps.db.selectFrom('settings').selectAll().where('tenant_id', '=', w.b.tenant.id).execute();
      const r = await w.asA.post('/api/1/settings/save', { scope_: 'eclaim', eclaim_enabled: true });
      expect(r.status).toBe(200);
      expect(await w.t.deps.db.selectFrom('settings').selectAll().where('tenant_id', '=', w.b.tenant.id).execute()).toEqual(bBefore);
      expect((await w.t.deps.db.selectFrom('tenants').select('name').where('id', '=', w.b.tenant.id).executeTakeFirst())?.name).toBe(w.b.tenant.name);
    },
  },
  {
    method: 'GET',
    url: '/api/1/health',
    async run(w) {
      const r = await w.asA.get('/api/1/health');
      expect(r.body).toEqual({ ok: true });
    },
  },
  {
    method: 'POST',
    url: '/api/1/session/login',
    async run(w) {
      // B's admin credentials do not work on A's host.
      const r = await w.asA.post('/api/1/session/login', { email: w.b.admin.email, password: 'Testi-Salasana-123' });
      expect(r.status).toBe(400);
      expect(r.body).toEqual({ errors: { general: ['login_failed'] } });
    },
  },
  {
    method: 'POST',
    url: '/api/1/session/logout',
    async run(w) {
      // Logging out on A's host never touches B's sessions.
      const before = await w.t.deps.db.selectFrom('sessions').select('id').where('tenant_id', '=', w.b.tenant.id).execute();
      const other = await freshLogin(w);
      await other.post('/api/1/session/logout');
      const after = await w.t.deps.db.selectFrom('sessions').select('id').where('tenant_id', '=', w.b.tenant.id).execute();
      expect(after).toEqual(before);
    },
  },
  {
    method: 'GET',
    url: '/api/1/session/get',
    async run(w) {
      const r = await w.asA.get('/api/1/session/get');
      expect(r.body.customer_name).toBe(w.a.tenant.name);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'POST',
    url: '/api/1/session/set_persistent_data',
    async run(w) {
      await w.asA.post('/api/1/session/set_persistent_data', { key: 'members_page_size', val: 100 });
      const bData = await w.t.deps.db
        .selectFrom('user_data')
        .select(['key', 'value'])
        .where('tenant_id', '=', w.b.tenant.id)
        .execute();
      expect(bData).toEqual([{ key: 'members_page_size', value: '50' }]);
    },
  },
  {
    method: 'GET',
    url: '/api/1/settings',
    async run(w) {
      const r = await w.asA.get('/api/1/settings');
      expect(r.body.name_).toBe(w.a.tenant.name);
      expectNoLeak(r, w);
    },
  },
  {
    method: 'POST',
    url: '/api/1/members/get_stats',
    async run(w) {
      const r = await w.asA.post('/api/1/members/get_stats', {});
      expect(r.body.stats.result_count).toBe(w.aMemberCount);
    },
  },
];

async function freshLogin(w: World): Promise<Client> {
  const c = new Client(w.t.app, w.a.tenant.hostname!, { ip: '10.9.9.9' });
  await c.login(w.a.admin.email!);
  return c;
}
