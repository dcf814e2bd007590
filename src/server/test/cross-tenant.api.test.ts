import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, makeTenant, testApp, testDialect, type TestApp } from './harness';
import { crossTenantCases, type World } from './cross-tenant.cases';
import * as members from '../modules/members/repo';
import * as session from '../modules/session/repo';

describe(`tenant isolation (${testDialect})`, () => {
  let t: TestApp;
  let w: World;

  beforeAll(async () => {
    t = await testApp();
    const a = await makeTenant(t.deps, 'Alfa ry');
    const b = await makeTenant(t.deps, 'Beeta ry');
    const now = new Date().toISOString();
    const add = (tenantId: number, email: string) =>
      members.insert(t.deps.db, tenantId, {
        firstname: 'Jäsen',
        lastname: email.split('@')[0]!,
        email,
        active: 1,
        site_admin: 0,
        board: 0,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      });
    await add(a.tenant.id, 'alfa1@example.fi');
    const bMembers = [await add(b.tenant.id, 'beeta1@example.fi'), await add(b.tenant.id, 'beeta2@example.fi'), await add(b.tenant.id, 'beeta3@example.fi')];
    const asB = new Client(t.app, b.tenant.hostname!);
    await asB.login(b.admin.email!);
    await asB.post('/api/1/session/set_persistent_data', { key: 'members_page_size', val: 50 });
    const bField = await asB.post('/api/1/fields/new', { name: 'beeta_kentta', label: 'Beetan kenttä', type: 'text', visibility: 2 });
    const bGroup = await asB.post('/api/1/groups/new', { name: 'beeta_ryhma', label: 'Beetan ryhmä' });
    const asA = new Client(t.app, a.tenant.hostname!);
    await asA.login(a.admin.email!);
    w = { t, a, b, asA, bMembers, aMemberCount: 2, bFieldId: bField.body.id, bGroupId: bGroup.body.id };
  });
  afterAll(() => t.close());

  it('has a cross-tenant case for every API route', () => {
    const covered = new Set(crossTenantCases.map((c) => `${c.method} ${c.url}`));
    const missing = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`).filter((k) => !covered.has(k));
    expect(missing).toEqual([]);
  });

  for (const c of crossTenantCases) {
    it(`${c.method} ${c.url} stays inside the caller's tenant`, () => c.run(w));
  }

  it("does not accept one tenant's session cookie on another tenant's host", async () => {
    const stolen = new Client(t.app, w.b.tenant.hostname!);
    stolen.jar.set('seura_session', w.asA.jar.get('seura_session')!);
    const r = await stolen.get('/api/1/session/get');
    expect(r.status).toBe(401);
  });

  it('keeps repository lookups scoped: a B id read through tenant A is not found', async () => {
    const bId = w.bMembers[0]!.id;
    expect(await members.findById(t.deps.db, w.a.tenant.id, bId)).toBeUndefined();
    expect(await members.findById(t.deps.db, w.b.tenant.id, bId)).toBeDefined();
    const bSessions = await t.deps.db.selectFrom('sessions').select('id').where('tenant_id', '=', w.b.tenant.id).execute();
    expect(await session.findById(t.deps.db, w.a.tenant.id, bSessions[0]!.id)).toBeUndefined();
  });

  it('serves no association for an unknown host when there are several', async () => {
    const c = new Client(t.app, 'tuntematon.example.fi');
    const r = await c.post('/api/1/session/login', { email: w.a.admin.email, password: 'Testi-Salasana-123' });
    expect(r.status).toBe(404);
  });
});
