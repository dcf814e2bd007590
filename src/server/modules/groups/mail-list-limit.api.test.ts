import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, makeTenant, testApp, testDialect, type TestApp } from '../../test/harness';
import { makeMember } from '../../test/factories/member';
import { setTier } from '../tenants/tier';

describe(`group mail lists: the tier's size limit (${testDialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  it("refuses a list address for a group larger than the tier's list, until the tier allows it", async () => {
    const a = await makeTenant(t.deps, 'Alfa ry');
    const admin = await adminClient(t, a);
    const group = await admin.post('/api/1/groups/new', { name: 'kuoro', label: 'Kuoro' });
    expect(group.status).toBe(200);
    const id = group.body.id as number;
    for (let i = 0; i < 51; i++) {
      const m = await makeMember(t.deps, a, { firstname: 'Laulaja', lastname: `N${i}`, email: `l${i}@alfa.fi` });
      await t.deps.db.insertInto('member_groups').values({ tenant_id: a.tenant.id, group_id: id, member_id: m.id }).execute();
    }
    // Free allows 50 members on a list.
    const refused = await admin.post(`/api/1/groups/${id}`, { name: 'kuoro', label: 'Kuoro', email: 'kuoro@alfa.fi' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ email: ['groups_mail_list_too_large'] });
    expect((await admin.get(`/api/1/groups/${id}`)).body.email ?? '').not.toBe('kuoro@alfa.fi');
    // Other changes of the group still save.
    expect((await admin.post(`/api/1/groups/${id}`, { name: 'kuoro', label: 'Sekakuoro' })).status).toBe(200);
    await setTier(t.deps, a.tenant.id, 'Start');
    const ok = await admin.post(`/api/1/groups/${id}`, { name: 'kuoro', label: 'Sekakuoro', email: 'kuoro@alfa.fi' });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe('kuoro@alfa.fi');
  });
});
