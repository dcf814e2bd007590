import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminClient, memberClient, makeTenant, testApp, testDialect, type Client, type TestApp } from '../../test/harness';
import { plainPng, uploadCardImage } from '../../test/factories/card-images';
import type { CreatedTenant } from '../tenants/service';

// The member card design as settings scope 'membercard': defaults, the checks against the
// association's own groups, visible fields and images, and the log line.

describe(`member card settings (${testDialect})`, () => {
  let t: TestApp;
  let a: CreatedTenant;
  let admin: Client;
  let asB: Client;
  let group: number;
  let bGroup: number;

  beforeAll(async () => {
    t = await testApp();
    a = await makeTenant(t.deps, 'Alfa ry');
    const b = await makeTenant(t.deps, 'Beeta ry');
    admin = await adminClient(t, a);
    asB = await adminClient(t, b);
    group = (await admin.post('/api/1/groups/new', { name: 'jasenet', label: 'Jäsenet' })).body.id;
    bGroup = (await asB.post('/api/1/groups/new', { name: 'beeta', label: 'Beeta' })).body.id;
    await admin.post('/api/1/fields/new', { name: 'seura_rooli', label: 'Rooli', type: 'text', visibility: 1 });
    await admin.post('/api/1/fields/new', { name: 'salainen', label: 'Salainen', type: 'text', visibility: 0 });
  });
  afterAll(() => t.close());

  const card = (over: Record<string, unknown> = {}) => ({ scope_: 'membercard', membercard_groups: [group], ...over });

  it('answers the defaults before anything is saved, and nothing of the card to members', async () => {
    const r = await admin.get('/api/1/settings');
    expect(r.body).toMatchObject({
      membercard_groups: [],
      membercard_fields: ['member_number', 'member_since'],
      membercard_labels: true,
      membercard_aspect: 'landscape',
      membercard_extra_text: '',
      membercard_logo: null,
      membercard_bgimage: null,
      membercard_season_end: '12-31',
    });
    const member = await memberClient(t, a);
    const m = await member.get('/api/1/settings');
    expect(Object.keys(m.body).filter((k) => k.startsWith('membercard'))).toEqual([]);
  });

  it('saves a design with visible fields and own images, logged as a settings change', async () => {
    const logo = await uploadCardImage(admin, 'logo', await plainPng());
    const bg = await uploadCardImage(admin, 'bgimage', await plainPng());
    const body = card({
      membercard_fields: ['firstname', 'member_number', 'seura_rooli', 'email', 'member_since'],
      membercard_labels: false,
      membercard_aspect: 'portrait',
      membercard_extra_text: 'Näytä kortti ovella.',
      membercard_logo: logo.body.id,
      membercard_bgimage: bg.body.id,
      membercard_season_end: '06-30',
    });
    const r = await admin.post('/api/1/settings/save', body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The name is always on the card, so it is not stored among the chosen fields.
    const { scope_: _scope, ...values } = body;
    expect(r.body).toMatchObject({ ...values, membercard_fields: ['member_number', 'seura_rooli', 'email', 'member_since'] });
    expect((await admin.get('/api/1/settings')).body.membercard_logo).toBe(logo.body.id);
    const log = await t.deps.db.selectFrom('activity_log').selectAll().where('tenant_id', '=', a.tenant.id).where('event', '=', 'settings_changed').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(log.context).toBe('membercard');
    expect(JSON.parse(log.data)).toEqual(expect.arrayContaining([{ field: 'membercard_groups', old: [], new: [group] }, { field: 'membercard_aspect', old: 'landscape', new: 'portrait' }]));
  });

  it('needs at least one group, and only groups of this association', async () => {
    const none = await admin.post('/api/1/settings/save', card({ membercard_groups: [] }));
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ membercard_groups: ['settings_membercard_groups_required'] });
    const missing = await admin.post('/api/1/settings/save', { scope_: 'membercard' });
    expect(missing.body.errors).toEqual({ membercard_groups: ['_validation_field_required'] });
    const foreign = await admin.post('/api/1/settings/save', card({ membercard_groups: [group, bGroup] }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ membercard_groups: ['_validation_invalid_choice'] });
  });

  it('refuses hidden, unknown and other associations’ fields', async () => {
    await asB.post('/api/1/fields/new', { name: 'beetan_kentta', label: 'Beeta', type: 'text', visibility: 2 });
    for (const f of ['salainen', 'ei_ole', 'beetan_kentta', 'password']) {
      const r = await admin.post('/api/1/settings/save', card({ membercard_fields: ['member_number', f] }));
      expect(r.status, f).toBe(400);
      expect(r.body.errors, f).toEqual({ membercard_fields: ['_validation_invalid_choice'] });
    }
  });

  it('refuses another association’s image and an image of the other purpose', async () => {
    const bLogo = await uploadCardImage(asB, 'logo', await plainPng());
    const foreign = await admin.post('/api/1/settings/save', card({ membercard_logo: bLogo.body.id }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual({ membercard_logo: ['_validation_invalid_choice'] });
    const bg = await uploadCardImage(admin, 'bgimage', await plainPng());
    const wrong = await admin.post('/api/1/settings/save', card({ membercard_logo: bg.body.id, membercard_bgimage: 999999 }));
    expect(wrong.body.errors).toEqual({ membercard_logo: ['_validation_invalid_choice'], membercard_bgimage: ['_validation_invalid_choice'] });
    const bad = await admin.post('/api/1/settings/save', card({ membercard_season_end: '31.12.', membercard_aspect: 'round' }));
    expect(bad.body.errors).toEqual({ membercard_season_end: ['_validation_invalid_date'], membercard_aspect: ['_validation_invalid_choice'] });
  });

  it('leaves a field hidden and a group removed since out of the design, so it saves again', async () => {
    const extra = (await admin.post('/api/1/groups/new', { name: 'poistuva', label: 'Poistuva' })).body.id as number;
    const field = await admin.post('/api/1/fields/new', { name: 'piilotettava', label: 'Piilotettava', type: 'text', visibility: 1 });
    expect((await admin.post('/api/1/settings/save', card({ membercard_groups: [group, extra], membercard_fields: ['member_number', 'piilotettava'] }))).status).toBe(200);
    await admin.post(`/api/1/fields/${field.body.id}`, { name: 'piilotettava', label: 'Piilotettava', type: 'text', visibility: 0 });
    await admin.delete(`/api/1/groups/${extra}?confirmed=1`);
    const r = await admin.get('/api/1/settings');
    expect(r.body).toMatchObject({ membercard_groups: [group], membercard_fields: ['member_number'] });
    const { name_: _n, ...rest } = r.body as Record<string, unknown>;
    const again = await admin.post('/api/1/settings/save', { scope_: 'membercard', ...Object.fromEntries(Object.entries(rest).filter(([k]) => k.startsWith('membercard_'))) });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});
