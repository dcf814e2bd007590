import { expect } from 'vitest';
import { expectNoLeak, expectNotFound, type CrossTenantCase, type World } from './cross-tenant.world';
import { issueLink, newLinkToken } from '../modules/updreqs/links-repo';

// Cross-tenant cases of the member's own form by link and of ordering links: a link of B's
// member used on A's host is the same 'edit_link_invalid' as any bad link and changes
// nothing; A's host never issues a link to B's member; edit_for of B's member is not found.

const INVALID = { errors: { general: ['edit_link_invalid'] } };

async function bLink(w: World): Promise<string> {
  const token = newLinkToken();
  await issueLink(w.t.deps.db, { tenantId: w.b.tenant.id, memberId: w.bMembers[0]!.id, source: 'ordered', token, at: new Date() });
  return token;
}

const bRow = (w: World) => w.t.deps.db.selectFrom('members').selectAll().where('id', '=', w.bMembers[0]!.id).executeTakeFirstOrThrow();
const bLinks = (w: World) => w.t.deps.db.selectFrom('edit_links').selectAll().where('tenant_id', '=', w.b.tenant.id).orderBy('id').execute();

export const editLinkCases: CrossTenantCase[] = [
  {
    method: 'POST',
    url: '/api/1/updreqs/edit_me_h',
    async run(w) {
      const r = await w.asA.post('/api/1/updreqs/edit_me_h', { hash: await bLink(w) });
      expect(r.status).toBe(400);
      expect(r.body).toEqual(INVALID);
      expectNoLeak(r, w);
      expect((await bLinks(w)).every((l) => l.opened_at === null)).toBe(true);
    },
  },
  {
    method: 'POST',
    url: '/api/1/updreqs/update_me_h',
    async run(w) {
      const before = await bRow(w);
      const r = await w.asA.post('/api/1/updreqs/update_me_h', { hash: await bLink(w), member: { address_city: 'Alfala' } });
      expect(r.body).toEqual(INVALID);
      expect(await bRow(w)).toEqual(before);
    },
  },
  {
    method: 'POST',
    url: '/api/1/updreqs/confirm_h',
    async run(w) {
      const r = await w.asA.post('/api/1/updreqs/confirm_h', { hash: await bLink(w) });
      expect(r.body).toEqual(INVALID);
      expect((await bLinks(w)).every((l) => l.outcome === null)).toBe(true);
    },
  },
  {
    method: 'POST',
    url: '/api/1/updreqs/send_edit_links',
    async run(w) {
      const before = (await bLinks(w)).length;
      const r = await w.asA.post('/api/1/updreqs/send_edit_links', { email: w.bMembers[1]!.email });
      expect(r.body).toEqual({ sent: true });
      await new Promise((done) => setTimeout(done, 200));
      expect(await bLinks(w)).toHaveLength(before);
    },
  },
  {
    method: 'POST',
    url: '/api/1/updreqs/edit_me_s',
    async run(w) {
      // B's member named as a dependant, even with B's member's guardian email being A's admin's.
      await w.t.deps.db.updateTable('members').set({ email_porg1: w.a.admin.email }).where('id', '=', w.bMembers[2]!.id).execute();
      const r = await w.asA.post('/api/1/updreqs/edit_me_s', { edit_for: w.bMembers[2]!.id });
      expectNotFound(r);
      const before = await w.t.deps.db.selectFrom('members').selectAll().where('id', '=', w.bMembers[2]!.id).executeTakeFirstOrThrow();
      expectNotFound(await w.asA.post('/api/1/updreqs/update_me_s', { edit_for: w.bMembers[2]!.id, member: { address_city: 'Alfala' } }));
      expect(await w.t.deps.db.selectFrom('members').selectAll().where('id', '=', w.bMembers[2]!.id).executeTakeFirstOrThrow()).toEqual(before);
      await w.t.deps.db.updateTable('members').set({ email_porg1: null }).where('id', '=', w.bMembers[2]!.id).execute();
    },
  },
];
