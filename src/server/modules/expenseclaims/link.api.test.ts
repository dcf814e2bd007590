import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { adminClient, Client, makeTenant, memberClient, testApp, testDialect, type TestApp } from '../../test/harness';
import { LinkClient } from '../../test/linkClient';
import { makeMember } from '../../test/factories/member';
import { enableClaims, IBAN, receiptClaim, uploadReceipt } from '../../test/factories/expenseclaims';
import { EDIT_LINK_HEADER, EDIT_LINK_USES_MAX_PER_IP } from '../../../shared/constants';
import type { Member } from '../../db/schema';
import { issueLink, newLinkToken } from '../updreqs/links-repo';
import type { CreatedTenant } from '../tenants/service';

// Access 'self': a member's personal link in the x-edit-link header opens their own expense
// claims without a session, and nothing beyond the routes that declare 'self'.

const INVALID = { errors: { general: ['edit_link_invalid'] } };

describe(`expense claims by personal link (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let b: CreatedTenant;
  let jpeg: Buffer;
  let liisa: Member;
  let n = 0;

  beforeAll(async () => {
    t = await testApp();
    t.clock.set('2026-06-15T09:00:00Z');
    a = await makeTenant(t.deps, 'Alfa ry');
    b = await makeTenant(t.deps, 'Beeta ry');
    // A member without a password: the link is their only way in.
    liisa = await makeMember(t.deps, a, { firstname: 'Liisa', lastname: 'Linkki', email: 'liisa@example.fi' });
    jpeg = await sharp({ create: { width: 20, height: 10, channels: 3, background: '#0a0' } }).jpeg().toBuffer();
  });
  afterAll(() => t.close());

  async function linkOf(member: Member): Promise<string> {
    const token = newLinkToken();
    await issueLink(t.deps.db, { tenantId: member.tenant_id, memberId: member.id, source: 'ordered', token, at: t.clock.now() });
    return token;
  }
  const viaLink = (token: string, tenant = a) => new LinkClient(t.app, tenant.tenant.hostname!, token, `10.8.0.${(++n % 250) + 1}`);
  const claimCount = async () => (await t.deps.db.selectFrom('expense_claims').select('id').execute()).length;

  it('refuses a valid link while e-claims are off, and the link form says whether claims are on', async () => {
    const token = await linkOf(liisa);
    const off = await viaLink(token).post('/api/1/expenseclaim/mine', {});
    expect(off.status).toBe(403);
    expect(off.body).toEqual({ errors: { general: ['eclaim_disabled'] } });
    expect((await new Client(t.app, a.tenant.hostname!).post('/api/1/updreqs/edit_me_h', { hash: token })).body.link_.eclaim).toBe(false);
    expect((await enableClaims(await adminClient(t, a))).status).toBe(200);
    expect((await new Client(t.app, a.tenant.hostname!).post('/api/1/updreqs/edit_me_h', { hash: token })).body.link_.eclaim).toBe(true);
  });

  it("saves, lists and reads the link member's own claim and its receipt", async () => {
    const c = viaLink(await linkOf(liisa));
    const saved = await receiptClaim(c, jpeg);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ person_id: liisa.id, person_name: 'Liisa Linkki', status: 'pending', amount_c: 1250 });
    const km = await c.post('/api/1/expenseclaim/save', { description: 'Talkoot', account_number: IBAN, items: [{ type: 'km', date: '2026-06-01', location: 'Oulu–Kemi', vehicle: 'Oma auto', km: '10' }] });
    expect(km.status, JSON.stringify(km.body)).toBe(200);
    const mine = await c.post('/api/1/expenseclaim/mine', {});
    expect(mine.status).toBe(200);
    expect(mine.body.results.map((r: { id: number }) => r.id).sort()).toEqual([saved.body.id, km.body.id].sort());
    const one = await c.get(`/api/1/expenseclaim/${String(saved.body.id)}`);
    expect(one.status).toBe(200);
    expect(one.body.events).toMatchObject([{ kind: 'created', author_name: 'Liisa Linkki' }]);
    const receipt = await c.get(saved.body.items[0].receipt.url);
    expect(receipt.status).toBe(200);
    expect(receipt.headers['content-type']).toBe('image/jpeg');
    // Editing the pending claim by link works like by session.
    const edited = await c.post('/api/1/expenseclaim/save', { id: km.body.id, description: 'Talkoot 2', account_number: IBAN, items: [{ type: 'km', date: '2026-06-01', location: 'Oulu–Kemi', km: '12' }] });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const log = await t.deps.db.selectFrom('activity_log').select(['event', 'author_id']).where('tenant_id', '=', a.tenant.id).where('event', '=', 'expense_claim_saved').execute();
    expect(log.filter((l) => l.author_id === liisa.id)).toHaveLength(3);
  });

  it("answers 'edit_link_invalid' alike for an unknown, another association's, expired and superseded link, and saves nothing", async () => {
    const before = await claimCount();
    const body = { description: 'x', account_number: IBAN, items: [{ type: 'km', date: '2026-06-01', location: 'A', km: '1' }] };
    const bMember = await makeMember(t.deps, b, { firstname: 'Beeta' });
    const foreign = await linkOf(bMember);
    const old = await linkOf(liisa);
    await linkOf(liisa); // supersedes `old`
    for (const token of [newLinkToken(), 'lyhyt', foreign, old]) {
      const r = await viaLink(token).post('/api/1/expenseclaim/save', body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual(INVALID);
      expect((await viaLink(token).get('/api/1/expenseclaim/receipt/1')).body).toEqual(INVALID);
    }
    // B's own member on B's host is fine only there; the link of A's member on B's host is not.
    expect((await viaLink(await linkOf(liisa), b).post('/api/1/expenseclaim/mine', {})).body).toEqual(INVALID);
    const expiring = await linkOf(liisa);
    t.clock.set('2026-06-16T09:00:01Z');
    try {
      expect((await viaLink(expiring).post('/api/1/expenseclaim/mine', {})).body).toEqual(INVALID);
    } finally {
      t.clock.set('2026-06-15T09:00:00Z');
    }
    expect(await claimCount()).toBe(before);
    // No session and no link: the usual session error.
    expect((await new Client(t.app, a.tenant.hostname!).post('/api/1/expenseclaim/mine', {})).status).toBe(401);
  });

  it("opens only the 'self' routes: not member-only or admin routes, and a site admin's link carries no admin rights", async () => {
    const c = viaLink(await linkOf(liisa));
    expect((await c.post('/api/1/updreqs/edit_me_s', {})).status).toBe(401);
    expect((await c.post('/api/1/members/get_stats', {})).status).toBe(401);
    expect((await c.get('/api/1/expenseclaim/claimants')).status).toBe(401);
    expect((await c.post('/api/1/expenseclaim/update_status', { id: 1, status: 'accepted' })).status).toBe(401);

    // Another member's claim and receipt are not found through Liisa's link.
    const ben = await memberClient(t, a);
    const bens = await receiptClaim(ben, jpeg);
    expect((await c.get(`/api/1/expenseclaim/${String(bens.body.id)}`)).status).toBe(404);
    expect((await c.get(bens.body.items[0].receipt.url)).status).toBe(404);
    expect((await c.post('/api/1/expenseclaim/save', { id: bens.body.id, description: 'x', account_number: IBAN, items: [{ type: 'km', date: '2026-06-01', location: 'A', km: '1' }] })).status).toBe(404);

    // The site admin's own link: their own claims only, no treasurer's view of Ben's.
    const admin = await t.deps.db.selectFrom('members').selectAll().where('id', '=', a.admin.id).executeTakeFirstOrThrow();
    const asAdmin = viaLink(await linkOf(admin));
    expect((await asAdmin.post('/api/1/expenseclaim/mine', {})).status).toBe(200);
    expect((await asAdmin.get(`/api/1/expenseclaim/${String(bens.body.id)}`)).status).toBe(404);
    expect((await asAdmin.get(bens.body.items[0].receipt.url)).status).toBe(404);
    expect((await asAdmin.get('/api/1/expenseclaim/claimants')).status).toBe(401);
  });

  it('keeps CSRF on mutations by link', async () => {
    const c = new LinkClient(t.app, a.tenant.hostname!, await linkOf(liisa), '10.8.1.1');
    const r = await c.request('POST', '/api/1/expenseclaim/mine', {}, { 'x-csrftoken': 'väärä' });
    expect(r.status).toBe(403);
    const noCsrf = new Client(t.app, a.tenant.hostname!, { csrf: false });
    const r2 = await noCsrf.request('POST', '/api/1/expenseclaim/mine', {}, { [EDIT_LINK_HEADER]: await linkOf(liisa) });
    expect(r2.status).toBe(403);
  });

  it('counts link uses per IP (429), like the link form', async () => {
    const ip = '10.8.9.9';
    const at = t.clock.now().toISOString();
    await t.deps.db
      .insertInto('rate_events')
      .values(Array.from({ length: EDIT_LINK_USES_MAX_PER_IP - 1 }, () => ({ tenant_id: a.tenant.id, kind: 'edit_link_use', key: ip, at })))
      .execute();
    const token = await linkOf(liisa);
    const c = new LinkClient(t.app, a.tenant.hostname!, token, ip);
    expect((await c.post('/api/1/expenseclaim/mine', {})).status).toBe(200);
    const r = await c.post('/api/1/expenseclaim/mine', {});
    expect(r.status).toBe(429);
    expect(r.body).toEqual({ errors: { general: ['edit_links_rate_limited'] } });
    expect((await uploadReceipt(c, jpeg)).status).toBe(429);
    expect((await viaLink(token).post('/api/1/expenseclaim/mine', {})).status).toBe(200);
  });
});
